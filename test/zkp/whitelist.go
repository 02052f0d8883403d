package zkp

/*
#include <stdint.h>
#include <string.h>
#include <secp256k1.h>
#include <secp256k1_whitelist.h>

// Keys cross as 33-byte compressed encodings one after the other; a parse
// failure gives -1.
static int wl_load(const secp256k1_context *ctx, secp256k1_pubkey *online, secp256k1_pubkey *offline, secp256k1_pubkey *sub,
	const unsigned char *online33, const unsigned char *offline33, size_t n, const unsigned char *sub33) {
	size_t i;
	for (i = 0; i < n; i++) {
		if (!secp256k1_ec_pubkey_parse(ctx, &online[i], online33 + 33 * i, 33)) return 0;
		if (!secp256k1_ec_pubkey_parse(ctx, &offline[i], offline33 + 33 * i, 33)) return 0;
	}
	return secp256k1_ec_pubkey_parse(ctx, sub, sub33, 33);
}

static int wl_sign(const secp256k1_context *ctx, unsigned char *out, size_t *outlen, const unsigned char *online33, const unsigned char *offline33,
	size_t n, const unsigned char *sub33, const unsigned char *online_sk, const unsigned char *summed_sk, size_t index) {
	secp256k1_pubkey online[SECP256K1_WHITELIST_MAX_N_KEYS], offline[SECP256K1_WHITELIST_MAX_N_KEYS], sub;
	secp256k1_whitelist_signature sig;
	if (n > SECP256K1_WHITELIST_MAX_N_KEYS || index >= n) return -1;
	if (!wl_load(ctx, online, offline, &sub, online33, offline33, n, sub33)) return -1;
	if (!secp256k1_whitelist_sign(ctx, &sig, online, offline, n, &sub, online_sk, summed_sk, index)) return 0;
	return secp256k1_whitelist_signature_serialize(ctx, out, outlen, &sig);
}

// wl_verify parses sig and verifies it reps times; -1 for a key that does
// not parse, -2 for a signature that does not.
static int wl_verify(const secp256k1_context *ctx, const unsigned char *sig_in, size_t siglen, const unsigned char *online33, const unsigned char *offline33,
	size_t n, const unsigned char *sub33, int reps) {
	secp256k1_pubkey online[SECP256K1_WHITELIST_MAX_N_KEYS], offline[SECP256K1_WHITELIST_MAX_N_KEYS], sub;
	secp256k1_whitelist_signature sig;
	int i, r = 1;
	if (n > SECP256K1_WHITELIST_MAX_N_KEYS) return -1;
	if (!wl_load(ctx, online, offline, &sub, online33, offline33, n, sub33)) return -1;
	if (!secp256k1_whitelist_signature_parse(ctx, &sig, sig_in, siglen)) return -2;
	for (i = 0; i < reps; i++) r &= secp256k1_whitelist_verify(ctx, &sig, online, offline, n, &sub);
	return r;
}

// wl_reparse parses and serializes a signature: 0 if it does not parse.
static int wl_reparse(const secp256k1_context *ctx, unsigned char *out, size_t *outlen, const unsigned char *in, size_t inlen) {
	secp256k1_whitelist_signature sig;
	if (!secp256k1_whitelist_signature_parse(ctx, &sig, in, inlen)) return 0;
	return secp256k1_whitelist_signature_serialize(ctx, out, outlen, &sig);
}
*/
import "C"

import "bytes"

// WhitelistSign is secp256k1_whitelist_sign and _serialize on compressed
// keys.
func WhitelistSign(online, offline [][]byte, sub, onlineSK, summedSK []byte, index int) ([]byte, bool) {
	if len(online) != len(offline) || len(online) == 0 || len(onlineSK) != 32 || len(summedSK) != 32 {
		return nil, false
	}
	out := make([]byte, 1+32*256)
	outlen := C.size_t(len(out))
	on, off := bytes.Join(online, nil), bytes.Join(offline, nil)
	r := C.wl_sign(ctx, u8(out), &outlen, u8(on), u8(off), C.size_t(len(online)), u8(sub), u8(onlineSK), u8(summedSK), C.size_t(index))
	if r != 1 {
		return nil, false
	}
	return out[:outlen], true
}

// WhitelistVerify is secp256k1_whitelist_signature_parse and
// secp256k1_whitelist_verify (reps times, for benchmarks); parsed is false
// if the signature does not parse.
func WhitelistVerify(sig []byte, online, offline [][]byte, sub []byte, reps int) (ok, parsed bool) {
	if len(online) != len(offline) || len(sig) == 0 {
		return false, len(sig) != 0
	}
	on, off := bytes.Join(online, nil), bytes.Join(offline, nil)
	if len(on) == 0 {
		on, off = []byte{0}, []byte{0} // non-NULL for zero keys
	}
	r := C.wl_verify(ctx, u8(sig), C.size_t(len(sig)), u8(on), u8(off), C.size_t(len(online)), u8(sub), C.int(reps))
	return r == 1, r != -2
}

// WhitelistReparse parses and serializes a signature.
func WhitelistReparse(sig []byte) ([]byte, bool) {
	if len(sig) == 0 {
		return nil, false
	}
	out := make([]byte, 1+32*256)
	outlen := C.size_t(len(out))
	if C.wl_reparse(ctx, u8(out), &outlen, u8(sig), C.size_t(len(sig))) != 1 {
		return nil, false
	}
	return out[:outlen], true
}
