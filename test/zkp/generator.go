package zkp

/*
#include <stdint.h>
#include <string.h>
#include <secp256k1.h>
#include <secp256k1_generator.h>

static int gen_generate(const secp256k1_context *ctx, unsigned char *out33, const unsigned char *seed32) {
	secp256k1_generator g;
	if (!secp256k1_generator_generate(ctx, &g, seed32)) return 0;
	return secp256k1_generator_serialize(ctx, out33, &g);
}

static int gen_generate_blinded(const secp256k1_context *ctx, unsigned char *out33, const unsigned char *seed32, const unsigned char *blind32) {
	secp256k1_generator g;
	if (!secp256k1_generator_generate_blinded(ctx, &g, seed32, blind32)) return 0;
	return secp256k1_generator_serialize(ctx, out33, &g);
}

static int gen_reparse(const secp256k1_context *ctx, unsigned char *out33, const unsigned char *in33) {
	secp256k1_generator g;
	if (!secp256k1_generator_parse(ctx, &g, in33)) return 0;
	return secp256k1_generator_serialize(ctx, out33, &g);
}

static void gen_h(const secp256k1_context *ctx, unsigned char *out33) {
	secp256k1_generator_serialize(ctx, out33, secp256k1_generator_h);
}

static int ped_commit(const secp256k1_context *ctx, unsigned char *out33, const unsigned char *blind32, uint64_t value, const unsigned char *gen33) {
	secp256k1_generator g;
	secp256k1_pedersen_commitment c;
	if (!secp256k1_generator_parse(ctx, &g, gen33)) return 0;
	if (!secp256k1_pedersen_commit(ctx, &c, blind32, value, &g)) return 0;
	return secp256k1_pedersen_commitment_serialize(ctx, out33, &c);
}

static int ped_reparse(const secp256k1_context *ctx, unsigned char *out33, const unsigned char *in33) {
	secp256k1_pedersen_commitment c;
	if (!secp256k1_pedersen_commitment_parse(ctx, &c, in33)) return 0;
	return secp256k1_pedersen_commitment_serialize(ctx, out33, &c);
}

static int ped_blind_sum(const secp256k1_context *ctx, unsigned char *out32, const unsigned char *blinds, size_t n, size_t npositive) {
	const unsigned char *ptrs[256];
	size_t i;
	if (n > 256) return 0;
	for (i = 0; i < n; i++) ptrs[i] = blinds + 32 * i;
	return secp256k1_pedersen_blind_sum(ctx, out32, ptrs, n, npositive);
}

// Commitments are 33-byte encodings one after the other; a parse failure
// gives -1.
static int ped_verify_tally(const secp256k1_context *ctx, const unsigned char *pos, size_t npos, const unsigned char *neg, size_t nneg) {
	secp256k1_pedersen_commitment cs[512];
	const secp256k1_pedersen_commitment *pp[256], *np[256];
	size_t i;
	if (npos > 256 || nneg > 256) return -1;
	for (i = 0; i < npos; i++) {
		if (!secp256k1_pedersen_commitment_parse(ctx, &cs[i], pos + 33 * i)) return -1;
		pp[i] = &cs[i];
	}
	for (i = 0; i < nneg; i++) {
		if (!secp256k1_pedersen_commitment_parse(ctx, &cs[256 + i], neg + 33 * i)) return -1;
		np[i] = &cs[256 + i];
	}
	return secp256k1_pedersen_verify_tally(ctx, pp, npos, np, nneg);
}

// The last of the n blinds is overwritten with the result.
static int ped_blind_generator_blind_sum(const secp256k1_context *ctx, const uint64_t *values, const unsigned char *gblinds, unsigned char *blinds, size_t n, size_t ninputs) {
	const unsigned char *gp[256];
	unsigned char *bp[256];
	size_t i;
	if (n > 256) return 0;
	for (i = 0; i < n; i++) {
		gp[i] = gblinds + 32 * i;
		bp[i] = blinds + 32 * i;
	}
	return secp256k1_pedersen_blind_generator_blind_sum(ctx, values, gp, bp, n, ninputs);
}

// For the benchmarks: the operations alone, on parsed values.
static int gen_generate_raw(const secp256k1_context *ctx, secp256k1_generator *g, const unsigned char *seed32) {
	return secp256k1_generator_generate(ctx, g, seed32);
}

static int gen_generate_blinded_raw(const secp256k1_context *ctx, secp256k1_generator *g, const unsigned char *seed32, const unsigned char *blind32) {
	return secp256k1_generator_generate_blinded(ctx, g, seed32, blind32);
}

static int ped_commit_raw(const secp256k1_context *ctx, secp256k1_pedersen_commitment *c, const unsigned char *blind32, uint64_t value, const secp256k1_generator *g) {
	return secp256k1_pedersen_commit(ctx, c, blind32, value, g);
}
*/
import "C"

import "unsafe"

// GeneratorGenerate is secp256k1_generator_generate followed by
// _serialize; seed must be 32 bytes.
func GeneratorGenerate(seed []byte) ([]byte, bool) {
	out := make([]byte, 33)
	return out, ok(C.gen_generate(ctx, u8(out), u8(seed)))
}

// GeneratorGenerateBlinded is secp256k1_generator_generate_blinded followed
// by _serialize; seed and blind must be 32 bytes.
func GeneratorGenerateBlinded(seed, blind []byte) ([]byte, bool) {
	out := make([]byte, 33)
	return out, ok(C.gen_generate_blinded(ctx, u8(out), u8(seed), u8(blind)))
}

// GeneratorReparse parses a 33-byte generator and serializes it again.
func GeneratorReparse(b []byte) ([]byte, bool) {
	out := make([]byte, 33)
	return out, ok(C.gen_reparse(ctx, u8(out), u8(b)))
}

// GeneratorH returns the encoding of secp256k1_generator_h.
func GeneratorH() []byte {
	out := make([]byte, 33)
	C.gen_h(ctx, u8(out))
	return out
}

// PedersenCommit is secp256k1_pedersen_commit with a parsed 33-byte
// generator, serialized; blind must be 32 bytes.
func PedersenCommit(blind []byte, value uint64, gen []byte) ([]byte, bool) {
	out := make([]byte, 33)
	return out, ok(C.ped_commit(ctx, u8(out), u8(blind), C.uint64_t(value), u8(gen)))
}

// PedersenReparse parses a 33-byte commitment and serializes it again.
func PedersenReparse(b []byte) ([]byte, bool) {
	out := make([]byte, 33)
	return out, ok(C.ped_reparse(ctx, u8(out), u8(b)))
}

// PedersenBlindSum is secp256k1_pedersen_blind_sum over at most 256
// 32-byte blinds.
func PedersenBlindSum(blinds [][]byte, nPositive int) ([]byte, bool) {
	flat := make([]byte, 0, 32*len(blinds)+1)
	for _, b := range blinds {
		flat = append(flat, b...)
	}
	out := make([]byte, 32)
	return out, ok(C.ped_blind_sum(ctx, u8(out), u8(flat), C.size_t(len(blinds)), C.size_t(nPositive)))
}

// PedersenVerifyTally is secp256k1_pedersen_verify_tally over parsed
// 33-byte commitments (at most 256 a side); parsed reports whether every
// encoding parsed.
func PedersenVerifyTally(pos, neg [][]byte) (tally, parsed bool) {
	flat := func(cs [][]byte) []byte {
		f := make([]byte, 0, 33*len(cs)+1)
		for _, c := range cs {
			f = append(f, c...)
		}
		return f
	}
	fp, fn := flat(pos), flat(neg)
	r := C.ped_verify_tally(ctx, u8(fp), C.size_t(len(pos)), u8(fn), C.size_t(len(neg)))
	return r == 1, r >= 0
}

// PedersenBlindGeneratorBlindSum is
// secp256k1_pedersen_blind_generator_blind_sum; it returns the value zkp
// writes over the last blind. The three lists have the same length (at
// most 256, at least nInputs + 1).
func PedersenBlindGeneratorBlindSum(values []uint64, genBlinds, blinds [][]byte, nInputs int) ([]byte, bool) {
	n := len(values)
	gb := make([]byte, 0, 32*n)
	bl := make([]byte, 0, 32*n)
	for i := range n {
		gb = append(gb, genBlinds[i]...)
		bl = append(bl, blinds[i]...)
	}
	vs := make([]C.uint64_t, n)
	for i, v := range values {
		vs[i] = C.uint64_t(v)
	}
	r := C.ped_blind_generator_blind_sum(ctx, (*C.uint64_t)(unsafe.Pointer(&vs[0])), u8(gb), u8(bl), C.size_t(n), C.size_t(nInputs))
	return bl[32*(n-1):], ok(r)
}

// generatorRaw is zkp's parsed generator, for the benchmarks.
type generatorRaw = C.secp256k1_generator

// generatorGenerateRaw is secp256k1_generator_generate alone.
func generatorGenerateRaw(g *generatorRaw, seed []byte) bool {
	return ok(C.gen_generate_raw(ctx, g, u8(seed)))
}

// generatorGenerateBlindedRaw is secp256k1_generator_generate_blinded alone.
func generatorGenerateBlindedRaw(g *generatorRaw, seed, blind []byte) bool {
	return ok(C.gen_generate_blinded_raw(ctx, g, u8(seed), u8(blind)))
}

// pedersenCommitRaw is secp256k1_pedersen_commit alone, with a parsed
// generator.
func pedersenCommitRaw(g *generatorRaw, blind []byte, value uint64) bool {
	var c C.secp256k1_pedersen_commitment
	return ok(C.ped_commit_raw(ctx, &c, u8(blind), C.uint64_t(value), g))
}
