package zkp

/*
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <secp256k1.h>
#include <secp256k1_generator.h>
#include <secp256k1_surjectionproof.h>

static int parse_gens(const secp256k1_context *ctx, secp256k1_generator *out, const unsigned char *in, size_t n) {
	size_t i;
	for (i = 0; i < n; i++) {
		if (!secp256k1_generator_parse(ctx, &out[i], in + 33 * i)) return 0;
	}
	return 1;
}

// Returns zkp's iteration count (0 on failure) and the serialized proof.
static int sp_initialize(const secp256k1_context *ctx, unsigned char *out, size_t *outlen, size_t *input_index,
		const unsigned char *fixed, size_t n, size_t n_use, const unsigned char *out_tag, size_t max_iter, const unsigned char *seed32) {
	secp256k1_surjectionproof proof;
	secp256k1_fixed_asset_tag tags[256], otag;
	size_t i;
	int r;
	if (n > 256) return -1;
	for (i = 0; i < n; i++) memcpy(tags[i].data, fixed + 32 * i, 32);
	memcpy(otag.data, out_tag, 32);
	r = secp256k1_surjectionproof_initialize(ctx, &proof, input_index, tags, n, n_use, &otag, max_iter, seed32);
	if (r == 0) return 0;
	if (!secp256k1_surjectionproof_serialize(ctx, out, outlen, &proof)) return -1;
	return r;
}

static int sp_generate(const secp256k1_context *ctx, unsigned char *out, size_t *outlen, const unsigned char *proof_in, size_t proof_len,
		const unsigned char *gens, size_t n, const unsigned char *out_gen, size_t input_index,
		const unsigned char *in_blind, const unsigned char *out_blind) {
	secp256k1_surjectionproof proof;
	secp256k1_generator in_tags[256], out_tag;
	if (n > 256) return -1;
	if (!secp256k1_surjectionproof_parse(ctx, &proof, proof_in, proof_len)) return -1;
	if (secp256k1_surjectionproof_n_used_inputs(ctx, &proof) == 0) return -1;
	if (!parse_gens(ctx, in_tags, gens, n) || !secp256k1_generator_parse(ctx, &out_tag, out_gen)) return -1;
	if (!secp256k1_surjectionproof_generate(ctx, &proof, in_tags, n, &out_tag, input_index, in_blind, out_blind)) return 0;
	return secp256k1_surjectionproof_serialize(ctx, out, outlen, &proof);
}

// -1: the proof or a generator does not parse.
static int sp_verify(const secp256k1_context *ctx, const unsigned char *proof_in, size_t proof_len,
		const unsigned char *gens, size_t n, const unsigned char *out_gen) {
	secp256k1_surjectionproof proof;
	secp256k1_generator in_tags[256], out_tag;
	if (n > 256) return -1;
	if (!secp256k1_surjectionproof_parse(ctx, &proof, proof_in, proof_len)) return -1;
	if (!parse_gens(ctx, in_tags, gens, n) || !secp256k1_generator_parse(ctx, &out_tag, out_gen)) return -1;
	return secp256k1_surjectionproof_verify(ctx, &proof, in_tags, n, &out_tag);
}

static int sp_reparse(const secp256k1_context *ctx, unsigned char *out, size_t *outlen, size_t *sizes, const unsigned char *in, size_t inlen) {
	secp256k1_surjectionproof proof;
	if (!secp256k1_surjectionproof_parse(ctx, &proof, in, inlen)) return 0;
	sizes[0] = secp256k1_surjectionproof_n_total_inputs(ctx, &proof);
	sizes[1] = secp256k1_surjectionproof_n_used_inputs(ctx, &proof);
	sizes[2] = secp256k1_surjectionproof_serialized_size(ctx, &proof);
	return secp256k1_surjectionproof_serialize(ctx, out, outlen, &proof);
}

// For the benchmarks: parsed values, prepared once.
typedef struct {
	secp256k1_surjectionproof proof;
	secp256k1_generator in_tags[256];
	secp256k1_generator out_tag;
	size_t n;
} sp_bench;

static int sp_bench_init(const secp256k1_context *ctx, sp_bench *b, const unsigned char *proof_in, size_t proof_len,
		const unsigned char *gens, size_t n, const unsigned char *out_gen) {
	if (n > 256) return 0;
	b->n = n;
	if (!secp256k1_surjectionproof_parse(ctx, &b->proof, proof_in, proof_len)) return 0;
	return parse_gens(ctx, b->in_tags, gens, n) && secp256k1_generator_parse(ctx, &b->out_tag, out_gen);
}

static int sp_bench_verify(const secp256k1_context *ctx, const sp_bench *b) {
	return secp256k1_surjectionproof_verify(ctx, &b->proof, b->in_tags, b->n, &b->out_tag);
}

static int sp_bench_generate(const secp256k1_context *ctx, sp_bench *b, size_t input_index, const unsigned char *in_blind, const unsigned char *out_blind) {
	return secp256k1_surjectionproof_generate(ctx, &b->proof, b->in_tags, b->n, &b->out_tag, input_index, in_blind, out_blind);
}
*/
import "C"

import "unsafe"

const surjectionMaxBytes = 2 + 32 + 32*257

func flatten(bs [][]byte) []byte {
	var f []byte
	for _, b := range bs {
		f = append(f, b...)
	}
	return append(f, 0) // never empty, for u8
}

// SurjectionInitialize is secp256k1_surjectionproof_initialize, serialized.
// iterations is zkp's return value (0: no selection; -1: a binding error).
func SurjectionInitialize(fixedTags [][]byte, nUse int, outTag []byte, maxIter int, seed []byte) (proof []byte, inputIndex, iterations int) {
	out := make([]byte, surjectionMaxBytes)
	outlen := C.size_t(len(out))
	var idx C.size_t
	r := C.sp_initialize(ctx, u8(out), &outlen, &idx, u8(flatten(fixedTags)), C.size_t(len(fixedTags)), C.size_t(nUse), u8(outTag), C.size_t(maxIter), u8(seed))
	if r <= 0 {
		return nil, 0, int(r)
	}
	return out[:outlen], int(idx), int(r)
}

// SurjectionGenerate parses proof and 33-byte generators, runs
// secp256k1_surjectionproof_generate and serializes the result; status is
// 1, 0 (generate failed) or -1 (an input did not parse).
func SurjectionGenerate(proof []byte, inputGens [][]byte, outputGen []byte, inputIndex int, inBlind, outBlind []byte) ([]byte, int) {
	out := make([]byte, surjectionMaxBytes)
	outlen := C.size_t(len(out))
	r := C.sp_generate(ctx, u8(out), &outlen, u8(proof), C.size_t(len(proof)), u8(flatten(inputGens)), C.size_t(len(inputGens)), u8(outputGen), C.size_t(inputIndex), u8(inBlind), u8(outBlind))
	if r != 1 {
		return nil, int(r)
	}
	return out[:outlen], 1
}

// SurjectionVerify parses and verifies; status is 1, 0, or -1 when the
// proof or a generator does not parse.
func SurjectionVerify(proof []byte, inputGens [][]byte, outputGen []byte) int {
	return int(C.sp_verify(ctx, u8(proof), C.size_t(len(proof)), u8(flatten(inputGens)), C.size_t(len(inputGens)), u8(outputGen)))
}

// SurjectionReparse parses and serializes a proof, with n_total_inputs,
// n_used_inputs and serialized_size.
func SurjectionReparse(b []byte) (out []byte, nTotal, nUsed, size int, ok bool) {
	buf := make([]byte, surjectionMaxBytes)
	outlen := C.size_t(len(buf))
	var sizes [3]C.size_t
	in := append(b, 0)
	if C.sp_reparse(ctx, u8(buf), &outlen, &sizes[0], u8(in), C.size_t(len(b))) != 1 {
		return nil, 0, 0, 0, false
	}
	return buf[:outlen], int(sizes[0]), int(sizes[1]), int(sizes[2]), true
}

// surjectionBench holds zkp's parsed proof and generators for the
// benchmarks (C memory: the struct is large).
type surjectionBench struct{ p *C.sp_bench }

func newSurjectionBench(proof []byte, inputGens [][]byte, outputGen []byte) (*surjectionBench, bool) {
	p := (*C.sp_bench)(C.malloc(C.size_t(unsafe.Sizeof(C.sp_bench{}))))
	ok := C.sp_bench_init(ctx, p, u8(proof), C.size_t(len(proof)), u8(flatten(inputGens)), C.size_t(len(inputGens)), u8(outputGen)) == 1
	return &surjectionBench{p}, ok
}

func (b *surjectionBench) free() { C.free(unsafe.Pointer(b.p)) }

func (b *surjectionBench) verify() bool { return C.sp_bench_verify(ctx, b.p) == 1 }

func (b *surjectionBench) generate(inputIndex int, inBlind, outBlind []byte) bool {
	return C.sp_bench_generate(ctx, b.p, C.size_t(inputIndex), u8(inBlind), u8(outBlind)) == 1
}
