package bip322

import "errors"

var (
	// ErrInvalid is returned for a signature that does not prove control
	// of the address for the message: a wrong key, message or address, a
	// failed signature check, or a rule of BIP-322 or of consensus that
	// the signature breaks. The error says which.
	ErrInvalid = errors.New("bip322: invalid signature")
	// ErrMalformed is returned for a signature that cannot be decoded:
	// empty, not base64, an unknown prefix that is not base64 either, or
	// bytes that are not a witness stack, a transaction or a 65-byte
	// legacy signature. It is invalid too, in BIP-322's terms.
	ErrMalformed = errors.New("bip322: malformed signature")
	// ErrUnsupported is returned for what this package cannot sign or
	// verify without a script interpreter or a PSBT decoder (BIP-322's
	// "inconclusive"): the error names the script type or format.
	ErrUnsupported = errors.New("bip322: unsupported address type or signature format")
	// ErrKeyMismatch is returned by the signing functions when the private
	// key is not the key of the address.
	ErrKeyMismatch = errors.New("bip322: the private key does not belong to the address")
)
