package ct

import "errors"

var (
	// ErrSeedLength is returned by GenerateGenerator and
	// GenerateBlindedGenerator for a seed that is not 32 bytes.
	ErrSeedLength = errors.New("ct: generator seed must be 32 bytes")
	// ErrSeedHash is returned by GenerateGenerator and
	// GenerateBlindedGenerator when a hash of the seed is not below the field
	// order p (probability about 2⁻¹²⁸; zkp's generator_generate fails too).
	ErrSeedHash = errors.New("ct: generator seed hashes to a value not below p")
	// ErrBlindLength is returned for a blinding factor that is not 32 bytes.
	ErrBlindLength = errors.New("ct: blinding factor must be 32 bytes")
	// ErrBlindRange is returned for a blinding factor that is not below the
	// group order n.
	ErrBlindRange = errors.New("ct: blinding factor not below the group order")
	// ErrGeneratorEncoding is returned by ParseGenerator for an encoding
	// that is not 33 bytes, whose prefix is not 0x0a or 0x0b, or whose x is
	// not the coordinate of a curve point.
	ErrGeneratorEncoding = errors.New("ct: invalid generator encoding")
	// ErrCommitmentEncoding is returned by ParseCommitment for an encoding
	// that is not 33 bytes, whose prefix is not 0x08 or 0x09, or whose x is
	// not the coordinate of a curve point.
	ErrCommitmentEncoding = errors.New("ct: invalid commitment encoding")
	// ErrZeroGenerator is returned when a nil or zero-value Generator is
	// used as an input.
	ErrZeroGenerator = errors.New("ct: uninitialised Generator")
	// ErrInfinity is returned when a result would be the point at infinity,
	// which has no encoding (a commitment blind·G + value·gen = 0, or a
	// generator whose two halves cancel).
	ErrInfinity = errors.New("ct: result is the point at infinity")
	// ErrCount is returned by BlindSum and BlindGeneratorBlindSum for counts
	// or list lengths that do not fit together.
	ErrCount = errors.New("ct: invalid count")
	// ErrAssetTagLength is returned by InitializeSurjectionProof for a
	// fixed asset tag that is not 32 bytes.
	ErrAssetTagLength = errors.New("ct: fixed asset tag must be 32 bytes")
	// ErrSurjectionEncoding is returned by ParseSurjectionProof for an
	// encoding that zkp's secp256k1_surjectionproof_parse rejects.
	ErrSurjectionEncoding = errors.New("ct: invalid surjection proof encoding")
	// ErrSurjectionSelection is returned by InitializeSurjectionProof when no
	// draw of inputs within the allowed iterations includes an input with
	// the output's asset tag.
	ErrSurjectionSelection = errors.New("ct: no input selection holds the output's asset")
	// ErrSurjectionNoInputs is returned by Generate for a proof that uses no
	// input (not made by InitializeSurjectionProof).
	ErrSurjectionNoInputs = errors.New("ct: surjection proof uses no input")
	// ErrSurjectionTagReuse is returned by Generate when an input generator
	// equals the output generator: the ring would hold the identity, and
	// zkp (and Liquid) reject such proofs.
	ErrSurjectionTagReuse = errors.New("ct: an input generator equals the output generator")
	// ErrSurjectionInputIndex is returned by Generate for an input index
	// that is not one of the proof's used inputs.
	ErrSurjectionInputIndex = errors.New("ct: input index is not a used input")
	// ErrSurjectionGenerate is returned by Generate in the negligible cases
	// where zkp's signer fails too (a hash not below n, a zero nonce or
	// signature value).
	ErrSurjectionGenerate = errors.New("ct: surjection proof generation failed")
)
