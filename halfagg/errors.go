package halfagg

import "errors"

// MaxSignatures is the largest number of signatures in one aggregate,
// 2¹⁶ − 1, the draft's limit: Aggregate, IncAggregate and VerifyAggregate
// refuse more with ErrTooMany. (secp256k1-zkp sets no limit of its own.)
const MaxSignatures = 1<<16 - 1

var (
	// ErrTooMany is returned for more than MaxSignatures signatures in
	// one aggregate.
	ErrTooMany = errors.New("halfagg: more than 65535 signatures")
	// ErrAggregateLength is returned for an aggregate signature that is not
	// 32·(u+1) bytes for its u pairs.
	ErrAggregateLength = errors.New("halfagg: aggregate signature must be 32·(u+1) bytes for u signatures")
	// ErrPublicKeyLength is returned for a public key that is not 32 bytes
	// (an x-only key).
	ErrPublicKeyLength = errors.New("halfagg: public key must be 32 bytes")
	// ErrMessageLength is returned for a message that is not 32 bytes.
	ErrMessageLength = errors.New("halfagg: message must be 32 bytes")
	// ErrSignatureLength is returned for a signature that is not 64 bytes.
	ErrSignatureLength = errors.New("halfagg: signature must be 64 bytes")
	// ErrPublicKey is returned by VerifyAggregate for a public key that is
	// not the x coordinate of a point (not less than p, or x³ + 7 not a
	// square).
	ErrPublicKey = errors.New("halfagg: public key is not a valid x-only key")
	// ErrInvalid is returned by VerifyAggregate for an aggregate signature
	// that is not valid for its pairs: an r that is not the x coordinate of
	// a point, an s not less than the group order n, or an equation that
	// does not hold.
	ErrInvalid = errors.New("halfagg: invalid aggregate signature")
)
