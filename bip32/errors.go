package bip32

import "errors"

// Errors of the master key and of derivation.
var (
	// ErrSeedLength is returned by NewMaster for a seed that is not 16 to 64
	// bytes long (BIP-32: "between 128 and 512 bits").
	ErrSeedLength = errors.New("bip32: the seed must be 16 to 64 bytes")
	// ErrUnusableSeed is returned by NewMaster when the seed gives an
	// invalid master key (I_L is 0 or not less than n; probability below
	// 2⁻¹²⁷). BIP-32 calls that master key invalid: use another seed.
	ErrUnusableSeed = errors.New("bip32: the seed gives an invalid master key; use another seed")
	// ErrInvalidChild is returned when the child at an index is invalid:
	// I_L is not less than n, or the child key is 0 or the point at
	// infinity (probability below 2⁻¹²⁷). BIP-32 says to proceed with the
	// next index: the caller skips this one.
	ErrInvalidChild = errors.New("bip32: the child key at this index is invalid; use the next index")
	// ErrHardenedFromPublic is returned for a hardened child (an index of
	// HardenedKeyStart or more) of a public extended key, which only the
	// private key can derive.
	ErrHardenedFromPublic = errors.New("bip32: a hardened child cannot be derived from a public extended key")
	// ErrMaxDepth is returned when a derivation would go deeper than 255,
	// the largest depth the serialization holds.
	ErrMaxDepth = errors.New("bip32: cannot derive beyond depth 255")
	// ErrRange is returned by DeriveRange for a negative count or a range
	// of indices that passes 2³² − 1.
	ErrRange = errors.New("bip32: the index range passes 2³² − 1")
	// ErrNotPrivate is returned by PrivateKey for a public extended key.
	ErrNotPrivate = errors.New("bip32: not a private extended key")
	// ErrPath is returned for a malformed derivation path (its message says
	// where), and by DerivePath for a path from the master key m applied to
	// a key of another depth.
	ErrPath = errors.New("bip32: invalid derivation path")
	// ErrNetwork is returned for a Network whose private and public versions
	// are equal, such as the zero Network: they could not tell the two kinds
	// of keys apart.
	ErrNetwork = errors.New("bip32: the private and public versions of a network must differ")
)

// Errors of ParseExtendedKey, one per rule of the serialization. The
// comments give the reasons of BIP-32's test vector 5 that each covers.
var (
	// ErrEncoding is returned for a string with a character that is not in
	// the Base58 alphabet.
	ErrEncoding = errors.New("bip32: not a Base58 string")
	// ErrLength is returned for a string that does not decode to the 82
	// bytes of an extended key and its checksum.
	ErrLength = errors.New("bip32: a serialized extended key is 78 bytes and a 4-byte checksum")
	// ErrChecksum is returned when the Base58Check checksum does not match
	// ("invalid checksum").
	ErrChecksum = errors.New("bip32: extended key checksum mismatch")
	// ErrVersion is returned for version bytes that are neither the private
	// nor the public version of an accepted network ("unknown extended key
	// version").
	ErrVersion = errors.New("bip32: unknown extended key version")
	// ErrVersionMismatch is returned for a public version with a private key
	// (0x00 ‖ ser256(k)) as its key data, or a private version with a
	// compressed public key ("pubkey version / prvkey mismatch", "prvkey
	// version / pubkey mismatch").
	ErrVersionMismatch = errors.New("bip32: the version and the key data are of different kinds (private and public)")
	// ErrZeroDepth is returned for a key of depth 0, a master key, whose
	// parent fingerprint or child number is not 0 ("zero depth with non-zero
	// parent fingerprint", "zero depth with non-zero index").
	ErrZeroDepth = errors.New("bip32: a key of depth 0 must have parent fingerprint 0 and child number 0")
	// ErrPrivateKey is returned for the key data of a private version that
	// does not start with 0x00 ("invalid prvkey prefix 04", "… 01"), or
	// whose key is 0 or not less than n ("private key 0 not in 1..n-1",
	// "private key n not in 1..n-1").
	ErrPrivateKey = errors.New("bip32: invalid private key data")
	// ErrPublicKey is returned for the key data of a public version that is
	// not a compressed point: a prefix other than 0x02 or 0x03 ("invalid
	// pubkey prefix 04", "… 01") or an x with no point on the curve
	// ("invalid pubkey 0200…07"). The error also wraps the root package's
	// reason (secp256k1.ErrPointEncoding or ErrPointNotOnCurve).
	ErrPublicKey = errors.New("bip32: invalid public key data")
)
