package zkp

/*
#include <stdint.h>
#include <string.h>
#include <secp256k1.h>
#include <secp256k1_generator.h>
#include <secp256k1_rangeproof.h>

// rp_empty returns where an empty proof points.
static unsigned char *rp_empty(void) {
	static unsigned char e[1];
	return e;
}

// Commitments and generators cross as their 33-byte encodings; a parse
// failure gives -1.
static int rp_load(const secp256k1_context *ctx, secp256k1_pedersen_commitment *c, secp256k1_generator *g, const unsigned char *commit33, const unsigned char *gen33) {
	if (!secp256k1_pedersen_commitment_parse(ctx, c, commit33)) return 0;
	if (!secp256k1_generator_parse(ctx, g, gen33)) return 0;
	return 1;
}

static int rp_sign(const secp256k1_context *ctx, unsigned char *proof, size_t *plen, uint64_t min_value,
	const unsigned char *commit33, const unsigned char *blind, const unsigned char *nonce, int exp, int min_bits, uint64_t value,
	const unsigned char *msg, size_t msg_len, const unsigned char *extra, size_t extra_len, const unsigned char *gen33) {
	secp256k1_pedersen_commitment c;
	secp256k1_generator g;
	if (!rp_load(ctx, &c, &g, commit33, gen33)) return -1;
	return secp256k1_rangeproof_sign(ctx, proof, plen, min_value, &c, blind, nonce, exp, min_bits, value, msg, msg_len, extra, extra_len, &g);
}

static int rp_verify(const secp256k1_context *ctx, uint64_t *min_value, uint64_t *max_value, const unsigned char *commit33,
	const unsigned char *proof, size_t plen, const unsigned char *extra, size_t extra_len, const unsigned char *gen33) {
	secp256k1_pedersen_commitment c;
	secp256k1_generator g;
	if (!rp_load(ctx, &c, &g, commit33, gen33)) return -1;
	return secp256k1_rangeproof_verify(ctx, min_value, max_value, &c, proof, plen, extra, extra_len, &g);
}

static int rp_rewind(const secp256k1_context *ctx, unsigned char *blind_out, uint64_t *value_out, unsigned char *msg_out, size_t *outlen,
	const unsigned char *nonce, uint64_t *min_value, uint64_t *max_value, const unsigned char *commit33,
	const unsigned char *proof, size_t plen, const unsigned char *extra, size_t extra_len, const unsigned char *gen33) {
	secp256k1_pedersen_commitment c;
	secp256k1_generator g;
	if (!rp_load(ctx, &c, &g, commit33, gen33)) return -1;
	return secp256k1_rangeproof_rewind(ctx, blind_out, value_out, msg_out, outlen, nonce, min_value, max_value, &c, proof, plen, extra, extra_len, &g);
}

// rp_verify_n verifies the same proof n times (for benchmarks).
static int rp_verify_n(const secp256k1_context *ctx, int n, const unsigned char *commit33,
	const unsigned char *proof, size_t plen, const unsigned char *extra, size_t extra_len, const unsigned char *gen33) {
	secp256k1_pedersen_commitment c;
	secp256k1_generator g;
	uint64_t mn, mx;
	int i, r = 1;
	if (!rp_load(ctx, &c, &g, commit33, gen33)) return -1;
	for (i = 0; i < n; i++) r &= secp256k1_rangeproof_verify(ctx, &mn, &mx, &c, proof, plen, extra, extra_len, &g);
	return r;
}
*/
import "C"

import "unsafe"

// proofPtr is u8 for a proof, which zkp requires to be non-NULL even when
// empty: an empty proof points at a zero byte with length 0.
func proofPtr(p []byte) *C.uchar {
	if len(p) == 0 {
		return C.rp_empty()
	}
	return u8(p)
}

// RangeproofMaxLen is the buffer zkp's callers give secp256k1_rangeproof_sign.
const RangeproofMaxLen = 5134

// RangeproofSign is secp256k1_rangeproof_sign on encoded inputs; ok is
// false if zkp fails or an encoding does not parse.
func RangeproofSign(minValue uint64, commit, blind, nonce []byte, exp, minBits int, value uint64, msg, extra, gen []byte) ([]byte, bool) {
	if len(commit) != 33 || len(gen) != 33 || len(blind) != 32 || len(nonce) != 32 {
		return nil, false
	}
	proof := make([]byte, RangeproofMaxLen)
	plen := C.size_t(len(proof))
	r := C.rp_sign(ctx, u8(proof), &plen, C.uint64_t(minValue), u8(commit), u8(blind), u8(nonce), C.int(exp), C.int(minBits),
		C.uint64_t(value), u8(msg), C.size_t(len(msg)), u8(extra), C.size_t(len(extra)), u8(gen))
	if r != 1 {
		return nil, false
	}
	return proof[:plen], true
}

// RangeproofVerify is secp256k1_rangeproof_verify on encoded inputs.
func RangeproofVerify(proof, commit, extra, gen []byte) (minValue, maxValue uint64, ok bool) {
	if len(commit) != 33 || len(gen) != 33 {
		return 0, 0, false
	}
	var mn, mx C.uint64_t
	r := C.rp_verify(ctx, &mn, &mx, u8(commit), proofPtr(proof), C.size_t(len(proof)), u8(extra), C.size_t(len(extra)), u8(gen))
	return uint64(mn), uint64(mx), r == 1
}

// RangeproofVerifyN verifies proof n times in C, for benchmarks.
func RangeproofVerifyN(n int, proof, commit, extra, gen []byte) bool {
	return C.rp_verify_n(ctx, C.int(n), u8(commit), u8(proof), C.size_t(len(proof)), u8(extra), C.size_t(len(extra)), u8(gen)) == 1
}

// Rewound is what secp256k1_rangeproof_rewind returns.
type Rewound struct {
	Blind              [32]byte
	Value              uint64
	Message            []byte
	MinValue, MaxValue uint64
}

// RangeproofRewind is secp256k1_rangeproof_rewind on encoded inputs, with a
// 4096-byte message buffer.
func RangeproofRewind(proof, nonce, commit, extra, gen []byte) (Rewound, bool) {
	var out Rewound
	if len(commit) != 33 || len(gen) != 33 || len(nonce) != 32 {
		return out, false
	}
	msg := make([]byte, 4096)
	mlen := C.size_t(len(msg))
	var v, mn, mx C.uint64_t
	r := C.rp_rewind(ctx, (*C.uchar)(unsafe.Pointer(&out.Blind[0])), &v, u8(msg), &mlen, u8(nonce), &mn, &mx, u8(commit),
		proofPtr(proof), C.size_t(len(proof)), u8(extra), C.size_t(len(extra)), u8(gen))
	if r != 1 {
		return Rewound{}, false
	}
	out.Value, out.MinValue, out.MaxValue = uint64(v), uint64(mn), uint64(mx)
	out.Message = msg[:mlen]
	return out, true
}

// RangeproofInfo is secp256k1_rangeproof_info.
func RangeproofInfo(proof []byte) (exp, mantissa int, minValue, maxValue uint64, ok bool) {
	var e, m C.int
	var mn, mx C.uint64_t
	r := C.secp256k1_rangeproof_info(ctx, &e, &m, &mn, &mx, proofPtr(proof), C.size_t(len(proof)))
	return int(e), int(m), uint64(mn), uint64(mx), r == 1
}

// RangeproofMaxSize is secp256k1_rangeproof_max_size.
func RangeproofMaxSize(maxValue uint64, minBits int) int {
	return int(C.secp256k1_rangeproof_max_size(ctx, C.uint64_t(maxValue), C.int(minBits)))
}
