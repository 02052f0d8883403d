// Package ct implements the asset generators, Pedersen commitments and
// asset surjection proofs of Confidential Transactions and Confidential
// Assets, byte-compatible with secp256k1-zkp's generator and surjection
// modules (include/secp256k1_generator.h, secp256k1_surjectionproof.h).
//
// A Pedersen commitment to an amount v with blinding factor r is the point
// r·G + v·A, where A is a generator whose discrete logarithm with respect
// to G nobody knows: GeneratorH for a single asset, or an asset's own
// generator GenerateGenerator(tag), blinded by GenerateBlindedGenerator so
// that the asset is hidden too. Commitments add: the commitments of a
// transaction's inputs and outputs tally (VerifyTally) when the amounts of
// each asset and the blinding factors balance, which BlindSum and
// BlindGeneratorBlindSum arrange for the last output. A commitment hides v
// and binds it only together with a range proof that v is small. A
// surjection proof shows that an output's blinded generator is one of
// some inputs' blinded generators, up to a blinding difference the prover
// knows, without saying which: the output's asset is one of theirs.
//
// The functions map to zkp's as follows:
//
//	GenerateGenerator         secp256k1_generator_generate
//	GenerateBlindedGenerator  secp256k1_generator_generate_blinded
//	ParseGenerator, Bytes     secp256k1_generator_parse, _serialize
//	GeneratorH                secp256k1_generator_h
//	Commit                    secp256k1_pedersen_commit
//	ParseCommitment, Bytes    secp256k1_pedersen_commitment_parse, _serialize
//	BlindSum                  secp256k1_pedersen_blind_sum
//	VerifyTally               secp256k1_pedersen_verify_tally
//	BlindGeneratorBlindSum    secp256k1_pedersen_blind_generator_blind_sum
//	InitializeSurjectionProof secp256k1_surjectionproof_initialize
//	(*SurjectionProof).Generate, Verify
//	                          secp256k1_surjectionproof_generate, _verify
//	ParseSurjectionProof, Bytes
//	                          secp256k1_surjectionproof_parse, _serialize
//	NTotalInputs, NUsedInputs, SerializedSize
//	                          secp256k1_surjectionproof_n_total_inputs, …
//
// # Encodings
//
// Generators and commitments are 33 bytes, prefix ‖ x, where the prefix
// says whether y is a square mod p (zkp's convention, not SEC 1's parity):
// 0x0a (square) or 0x0b for a generator, 0x08 (square) or 0x09 for a
// commitment. Blinding factors are 32-byte big-endian scalars below the
// group order n; 0 is allowed.
//
// # Constant time
//
// GenerateGenerator and GenerateBlindedGenerator are constant time in the
// seed and the blind: the Shallue–van de Woestijne map selects its point
// with masks after computing all three candidate roots, r·G uses the
// blinded comb, the sum a complete addition and the affine conversion a
// constant-time inversion. Commit is constant time in the blind and the
// value (the blinded comb for r·G and the constant-time ladder for v·A).
// The sums of blinding factors are constant-time scalar arithmetic.
// Generate is constant time in the blinds and in the real input's ring
// position. Only encoding a public point (the Legendre symbol of y),
// parsing, VerifyTally and Verify are variable time, in public values.
// docs/ct.md has the details.
package ct
