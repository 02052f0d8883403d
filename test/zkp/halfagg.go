package zkp

/*
#include <stdlib.h>
#include <string.h>
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>
#include <secp256k1_schnorrsig_halfagg.h>

// halfagg_keys parses n 32-byte x-only keys into a malloc'd array (NULL
// for n = 0) and returns 1, or returns 0 if one does not parse.
static int halfagg_keys(const secp256k1_context *ctx, secp256k1_xonly_pubkey **out, const unsigned char *pks, size_t n) {
	size_t i;
	*out = NULL;
	if (n == 0) return 1;
	*out = malloc(n * sizeof(secp256k1_xonly_pubkey));
	if (*out == NULL) return 0;
	for (i = 0; i < n; i++) {
		if (!secp256k1_xonly_pubkey_parse(ctx, &(*out)[i], pks + 32*i)) {
			free(*out);
			*out = NULL;
			return 0;
		}
	}
	return 1;
}

// halfagg_inc: agg holds cap bytes, the first 32*(n_before+1) the input
// aggregate; pks and msgs the n_before + n_new keys and messages.
static int halfagg_inc(const secp256k1_context *ctx, unsigned char *agg, size_t *len, const unsigned char *pks, const unsigned char *msgs, const unsigned char *sigs, size_t n_before, size_t n_new) {
	secp256k1_xonly_pubkey *keys;
	int r;
	if (!halfagg_keys(ctx, &keys, pks, n_before + n_new)) return 0;
	r = secp256k1_schnorrsig_inc_aggregate(ctx, agg, len, keys, msgs, sigs, n_before, n_new);
	free(keys);
	return r;
}

static int halfagg_agg(const secp256k1_context *ctx, unsigned char *agg, size_t *len, const unsigned char *pks, const unsigned char *msgs, const unsigned char *sigs, size_t n) {
	secp256k1_xonly_pubkey *keys;
	int r;
	if (!halfagg_keys(ctx, &keys, pks, n)) return 0;
	r = secp256k1_schnorrsig_aggregate(ctx, agg, len, keys, msgs, sigs, n);
	free(keys);
	return r;
}

static int halfagg_verify(const secp256k1_context *ctx, const unsigned char *pks, const unsigned char *msgs, size_t n, const unsigned char *agg, size_t len) {
	secp256k1_xonly_pubkey *keys;
	int r;
	if (!halfagg_keys(ctx, &keys, pks, n)) return 0;
	r = secp256k1_schnorrsig_aggverify(ctx, keys, msgs, n, agg, len);
	free(keys);
	return r;
}

static int schnorr_sign32(const secp256k1_context *ctx, unsigned char *sig64, const unsigned char *msg32, const unsigned char *sk32, const unsigned char *aux32) {
	secp256k1_keypair kp;
	int r;
	if (!secp256k1_keypair_create(ctx, &kp, sk32)) return 0;
	r = secp256k1_schnorrsig_sign32(ctx, sig64, msg32, &kp, aux32);
	memset(&kp, 0, sizeof(kp));
	return r;
}
*/
import "C"

import (
	"bytes"
	"unsafe"
)

// The schnorrsig_halfagg module's binding. Keys, messages and signatures
// go in concatenated (32, 32 and 64 bytes each); a key that does not parse
// makes the call fail, as zkp takes parsed keys only.

// SchnorrSign32 returns zkp's BIP-340 signature of the 32-byte msg by the
// 32-byte secret key sk with the 32 bytes aux, or false for an invalid sk.
func SchnorrSign32(sk, msg, aux []byte) ([]byte, bool) {
	if len(sk) != 32 || len(msg) != 32 || len(aux) != 32 {
		return nil, false
	}
	sig := make([]byte, 64)
	return sig, ok(C.schnorr_sign32(ctx, u8(sig), u8(msg), u8(sk), u8(aux)))
}

// halfaggLengths reports whether pks and msgs hold n keys and messages and
// sigs nSigs signatures.
func halfaggLengths(pks, msgs []byte, n int, sigs []byte, nSigs int) bool {
	return len(pks) == 32*n && len(msgs) == 32*n && len(sigs) == 64*nSigs
}

// HalfAggAggregate is secp256k1_schnorrsig_aggregate of n signatures.
func HalfAggAggregate(pks, msgs, sigs []byte, n int) ([]byte, bool) {
	if !halfaggLengths(pks, msgs, n, sigs, n) {
		return nil, false
	}
	agg := make([]byte, 32*(n+1))
	size := C.size_t(len(agg))
	if !ok(C.halfagg_agg(ctx, u8(agg), &size, u8(pks), u8(msgs), u8(sigs), C.size_t(n))) {
		return nil, false
	}
	return agg[:size], true
}

// HalfAggIncAggregate is secp256k1_schnorrsig_inc_aggregate: it adds the
// nNew signatures sigs to agg, the aggregate of the first nBefore of the
// keys pks and messages msgs (nBefore + nNew of each).
func HalfAggIncAggregate(agg, pks, msgs, sigs []byte, nBefore, nNew int) ([]byte, bool) {
	if !halfaggLengths(pks, msgs, nBefore+nNew, sigs, nNew) || len(agg) != 32*(nBefore+1) {
		return nil, false
	}
	buf := make([]byte, 32*(nBefore+nNew+1))
	copy(buf, agg)
	size := C.size_t(len(buf))
	if !ok(C.halfagg_inc(ctx, u8(buf), &size, u8(pks), u8(msgs), u8(sigs), C.size_t(nBefore), C.size_t(nNew))) {
		return nil, false
	}
	return buf[:size], true
}

// HalfAggVerify is secp256k1_schnorrsig_aggverify of agg for n keys and
// messages; false also for a key that does not parse.
func HalfAggVerify(pks, msgs []byte, n int, agg []byte) bool {
	if !halfaggLengths(pks, msgs, n, nil, 0) {
		return false
	}
	// zkp reads 32·(n+1) bytes only if the length says so; a copy keeps an
	// empty agg a valid pointer.
	buf := bytes.Clone(agg)
	if len(buf) == 0 {
		buf = make([]byte, 1)
	}
	return ok(C.halfagg_verify(ctx, u8(pks), u8(msgs), C.size_t(n), u8(buf), C.size_t(len(agg))))
}

// HalfAggKeys is an array of keys parsed once in C memory, for the
// benchmarks: zkp's callers hold parsed keys, so that parsing (a square
// root per key) is not part of zkp's aggregate and verify times. Free it.
type HalfAggKeys struct {
	p *C.secp256k1_xonly_pubkey
	n int
}

// ParseHalfAggKeys parses the n 32-byte keys pks, or returns false.
func ParseHalfAggKeys(pks []byte, n int) (*HalfAggKeys, bool) {
	if len(pks) != 32*n {
		return nil, false
	}
	k := &HalfAggKeys{n: n}
	return k, ok(C.halfagg_keys(ctx, &k.p, u8(pks), C.size_t(n)))
}

// Free releases the keys.
func (k *HalfAggKeys) Free() {
	C.free(unsafe.Pointer(k.p))
	k.p = nil
}

// Aggregate is HalfAggAggregate with the parsed keys, into agg (32·(n+1)
// bytes).
func (k *HalfAggKeys) Aggregate(agg, msgs, sigs []byte) bool {
	size := C.size_t(len(agg))
	return len(msgs) == 32*k.n && len(sigs) == 64*k.n && len(agg) == 32*(k.n+1) &&
		ok(C.secp256k1_schnorrsig_aggregate(ctx, u8(agg), &size, k.p, u8(msgs), u8(sigs), C.size_t(k.n)))
}

// Verify is HalfAggVerify with the parsed keys.
func (k *HalfAggKeys) Verify(msgs, agg []byte) bool {
	return len(msgs) == 32*k.n && len(agg) > 0 &&
		ok(C.secp256k1_schnorrsig_aggverify(ctx, k.p, u8(msgs), C.size_t(k.n), u8(agg), C.size_t(len(agg))))
}
