package libsecp

// The binding of libsecp256k1's musig module (BIP-327), from 0.6.0 on. Each
// wrapper rebuilds libsecp256k1's in-memory objects (the key aggregation
// cache, the session) from bytes, so that a test hands both libraries the
// same serialized inputs. Against a library without the module (Debian's
// 0.2.0) the C functions below are stubs: HaveMusig reports false and every
// wrapper fails.

/*
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#if defined(__has_include)
#if __has_include(<secp256k1_musig.h>)
#include <secp256k1_musig.h>
#define LS_MUSIG 1
#endif
#endif

static int have_musig(void) {
#ifdef LS_MUSIG
	return 1;
#else
	return 0;
#endif
}

#ifdef LS_MUSIG
_Static_assert(sizeof(secp256k1_musig_secnonce) == 132, "secnonce size");

// keyagg fills cache from keys, n 33-byte public keys followed by nt
// tweaks of 33 bytes each: a mode (non-zero for x-only, zero for plain) and
// the 32-byte tweak, applied in order. n must be positive.
static int keyagg(const secp256k1_context *ctx, secp256k1_musig_keyagg_cache *cache,
                  const unsigned char *keys, size_t n, size_t nt) {
	const unsigned char *tw = keys + 33 * n;
	secp256k1_pubkey *pks = calloc(n, sizeof *pks);
	const secp256k1_pubkey **ptrs = calloc(n, sizeof *ptrs);
	size_t i;
	int ret = 0;
	if (pks == NULL || ptrs == NULL) goto out;
	for (i = 0; i < n; i++) {
		if (!secp256k1_ec_pubkey_parse(ctx, &pks[i], keys + 33 * i, 33)) goto out;
		ptrs[i] = &pks[i];
	}
	if (!secp256k1_musig_pubkey_agg(ctx, NULL, cache, ptrs, n)) goto out;
	for (i = 0; i < nt; i++, tw += 33) {
		if (!(tw[0] ? secp256k1_musig_pubkey_xonly_tweak_add(ctx, NULL, cache, tw + 1)
		            : secp256k1_musig_pubkey_ec_tweak_add(ctx, NULL, cache, tw + 1))) goto out;
	}
	ret = 1;
out:
	free(pks);
	free(ptrs);
	return ret;
}

// session is keyagg, then secp256k1_musig_nonce_process of the aggregate
// nonce and the message.
static int session(const secp256k1_context *ctx, secp256k1_musig_session *s, secp256k1_musig_keyagg_cache *cache,
                   const unsigned char *aggnonce66, const unsigned char *msg32,
                   const unsigned char *keys, size_t n, size_t nt) {
	secp256k1_musig_aggnonce agg;
	if (!keyagg(ctx, cache, keys, n, nt)) return 0;
	if (!secp256k1_musig_aggnonce_parse(ctx, &agg, aggnonce66)) return 0;
	return secp256k1_musig_nonce_process(ctx, s, &agg, msg32, cache);
}
#endif

// ls_musig_keyagg writes the compressed (tweaked) aggregate key to out33.
static int ls_musig_keyagg(const secp256k1_context *ctx, unsigned char *out33,
                           const unsigned char *keys, size_t n, size_t nt) {
#ifdef LS_MUSIG
	secp256k1_musig_keyagg_cache cache;
	secp256k1_pubkey q;
	size_t len = 33;
	if (!keyagg(ctx, &cache, keys, n, nt)) return 0;
	if (!secp256k1_musig_pubkey_get(ctx, &q, &cache)) return 0;
	return secp256k1_ec_pubkey_serialize(ctx, out33, &len, &q, SECP256K1_EC_COMPRESSED);
#else
	return 0;
#endif
}

// ls_musig_nonce_gen is secp256k1_musig_nonce_gen (counter = 0) or
// secp256k1_musig_nonce_gen_counter with the counter value cnt and the key
// pair of seckey (counter ≠ 0). seckey, msg32 and extra32 may be NULL; the key
// aggregation cache is absent if n is 0. secrand32 is consumed.
static int ls_musig_nonce_gen(const secp256k1_context *ctx, unsigned char *secnonce132, unsigned char *pubnonce66,
                              unsigned char *secrand32, int counter, uint64_t cnt,
                              const unsigned char *seckey, const unsigned char *pk33,
                              const unsigned char *msg32, const unsigned char *extra32,
                              const unsigned char *keys, size_t n, size_t nt) {
#ifdef LS_MUSIG
	secp256k1_musig_keyagg_cache cache;
	secp256k1_musig_secnonce sec;
	secp256k1_musig_pubnonce pub;
	secp256k1_pubkey pk;
	int ret;
	if (n > 0 && !keyagg(ctx, &cache, keys, n, nt)) return 0;
	if (counter) {
		secp256k1_keypair kp;
		if (!secp256k1_keypair_create(ctx, &kp, seckey)) return 0;
		ret = secp256k1_musig_nonce_gen_counter(ctx, &sec, &pub, cnt, &kp, msg32, n > 0 ? &cache : NULL, extra32);
	} else {
		if (!secp256k1_ec_pubkey_parse(ctx, &pk, pk33, 33)) return 0;
		ret = secp256k1_musig_nonce_gen(ctx, &sec, &pub, secrand32, seckey, &pk, msg32, n > 0 ? &cache : NULL, extra32);
	}
	if (!ret) return 0;
	memcpy(secnonce132, &sec, sizeof sec);
	return secp256k1_musig_pubnonce_serialize(ctx, pubnonce66, &pub);
#else
	return 0;
#endif
}

// ls_musig_nonce_agg aggregates the n 66-byte public nonces in pubnonces.
static int ls_musig_nonce_agg(const secp256k1_context *ctx, unsigned char *out66, const unsigned char *pubnonces, size_t n) {
#ifdef LS_MUSIG
	secp256k1_musig_pubnonce *nonces = calloc(n, sizeof *nonces);
	const secp256k1_musig_pubnonce **ptrs = calloc(n, sizeof *ptrs);
	secp256k1_musig_aggnonce agg;
	size_t i;
	int ret = 0;
	if (nonces == NULL || ptrs == NULL) goto out;
	for (i = 0; i < n; i++) {
		if (!secp256k1_musig_pubnonce_parse(ctx, &nonces[i], pubnonces + 66 * i)) goto out;
		ptrs[i] = &nonces[i];
	}
	if (!secp256k1_musig_nonce_agg(ctx, &agg, ptrs, n)) goto out;
	ret = secp256k1_musig_aggnonce_serialize(ctx, out66, &agg);
out:
	free(nonces);
	free(ptrs);
	return ret;
#else
	return 0;
#endif
}

// ls_musig_partial_sign signs with the secret nonce secnonce132, which it
// consumes, and the key seckey.
static int ls_musig_partial_sign(const secp256k1_context *ctx, unsigned char *out32, unsigned char *secnonce132,
                                 const unsigned char *seckey, const unsigned char *aggnonce66, const unsigned char *msg32,
                                 const unsigned char *keys, size_t n, size_t nt) {
#ifdef LS_MUSIG
	secp256k1_musig_keyagg_cache cache;
	secp256k1_musig_session s;
	secp256k1_musig_secnonce sec;
	secp256k1_musig_partial_sig psig;
	secp256k1_keypair kp;
	int ret;
	if (!secp256k1_keypair_create(ctx, &kp, seckey)) return 0;
	if (!session(ctx, &s, &cache, aggnonce66, msg32, keys, n, nt)) return 0;
	memcpy(&sec, secnonce132, sizeof sec);
	memset(secnonce132, 0, sizeof sec);
	ret = secp256k1_musig_partial_sign(ctx, &psig, &sec, &kp, &cache, &s);
	return ret && secp256k1_musig_partial_sig_serialize(ctx, out32, &psig);
#else
	return 0;
#endif
}

// ls_musig_partial_sig_verify verifies the partial signature psig32 of the
// signer with public key pk33 and public nonce pubnonce66.
static int ls_musig_partial_sig_verify(const secp256k1_context *ctx, const unsigned char *psig32,
                                       const unsigned char *pubnonce66, const unsigned char *pk33,
                                       const unsigned char *aggnonce66, const unsigned char *msg32,
                                       const unsigned char *keys, size_t n, size_t nt) {
#ifdef LS_MUSIG
	secp256k1_musig_keyagg_cache cache;
	secp256k1_musig_session s;
	secp256k1_musig_partial_sig psig;
	secp256k1_musig_pubnonce pub;
	secp256k1_pubkey pk;
	if (!secp256k1_musig_partial_sig_parse(ctx, &psig, psig32)) return 0;
	if (!secp256k1_musig_pubnonce_parse(ctx, &pub, pubnonce66)) return 0;
	if (!secp256k1_ec_pubkey_parse(ctx, &pk, pk33, 33)) return 0;
	if (!session(ctx, &s, &cache, aggnonce66, msg32, keys, n, nt)) return 0;
	return secp256k1_musig_partial_sig_verify(ctx, &psig, &pub, &pk, &cache, &s);
#else
	return 0;
#endif
}

// ls_musig_partial_sig_agg aggregates the np 32-byte partial signatures in
// psigs into the 64-byte signature out64.
static int ls_musig_partial_sig_agg(const secp256k1_context *ctx, unsigned char *out64,
                                    const unsigned char *psigs, size_t np,
                                    const unsigned char *aggnonce66, const unsigned char *msg32,
                                    const unsigned char *keys, size_t n, size_t nt) {
#ifdef LS_MUSIG
	secp256k1_musig_keyagg_cache cache;
	secp256k1_musig_session s;
	secp256k1_musig_partial_sig *sigs = calloc(np, sizeof *sigs);
	const secp256k1_musig_partial_sig **ptrs = calloc(np, sizeof *ptrs);
	size_t i;
	int ret = 0;
	if (sigs == NULL || ptrs == NULL) goto out;
	for (i = 0; i < np; i++) {
		if (!secp256k1_musig_partial_sig_parse(ctx, &sigs[i], psigs + 32 * i)) goto out;
		ptrs[i] = &sigs[i];
	}
	if (!session(ctx, &s, &cache, aggnonce66, msg32, keys, n, nt)) goto out;
	ret = secp256k1_musig_partial_sig_agg(ctx, out64, &s, ptrs, np);
out:
	free(sigs);
	free(ptrs);
	return ret;
#else
	return 0;
#endif
}
*/
import "C"

import (
	"bytes"
	"slices"
)

// HaveMusig reports whether the linked libsecp256k1 has the musig module.
func HaveMusig() bool { return C.have_musig() == 1 }

// MusigKeys are the inputs of a key aggregation: the signers' 33-byte
// compressed public keys in order, then 32-byte tweaks applied in order,
// x-only where XOnly says so and plain otherwise.
type MusigKeys struct {
	Pubkeys [][]byte
	Tweaks  [][]byte
	XOnly   []bool
}

// flat is the C form of MusigKeys: the n keys, then the nt tweaks, each a
// mode byte (1 for x-only) and the tweak.
type flat struct {
	keys  []byte
	n, nt C.size_t
}

// flatten returns k's C form, or ok = false for lengths that libsecp256k1
// would reject with its illegal-argument callback (no key, a key or tweak
// of the wrong size, modes that do not match the tweaks).
func (k *MusigKeys) flatten() (f flat, isOK bool) {
	if k == nil || len(k.Pubkeys) == 0 || len(k.Tweaks) != len(k.XOnly) {
		return f, false
	}
	f.n, f.nt = C.size_t(len(k.Pubkeys)), C.size_t(len(k.Tweaks))
	f.keys, isOK = concat(k.Pubkeys, 33)
	for i, t := range k.Tweaks {
		mode := byte(0)
		if k.XOnly[i] {
			mode = 1
		}
		isOK = isOK && len(t) == 32
		f.keys = append(append(f.keys, mode), t...)
	}
	return f, isOK
}

// MusigKeyAgg returns the compressed aggregate public key Q of keys, with
// its tweaks applied (secp256k1_musig_pubkey_agg, then
// secp256k1_musig_pubkey_ec_tweak_add or _xonly_tweak_add for each tweak,
// then secp256k1_musig_pubkey_get). Its x-only key is Q[1:].
func MusigKeyAgg(keys *MusigKeys) ([]byte, bool) {
	f, isOK := keys.flatten()
	if !isOK {
		return nil, false
	}
	out := make([]byte, 33)
	return out, ok(C.ls_musig_keyagg(ctx, u8(out), u8(f.keys), f.n, f.nt))
}

// MusigSecNonce is libsecp256k1's secret nonce (its opaque 132-byte
// secp256k1_musig_secnonce) with the public key it was generated for.
// MusigPartialSign consumes it.
type MusigSecNonce struct {
	data [132]byte
	pk33 []byte
	used bool
}

// MusigNonceArgs are the inputs of a nonce generation besides the
// randomness: the signer's public key (required) and optionally its secret
// key, the message and extra input (32 bytes each) and the key aggregation
// whose x-only key the nonce commits to.
type MusigNonceArgs struct {
	Seckey, Pubkey, Msg32, Extra32 []byte
	Keys                           *MusigKeys
}

// cArgs checks a's lengths and returns the key aggregation's C form (zero
// for none).
func (a *MusigNonceArgs) cArgs() (f flat, isOK bool) {
	for _, b := range [][]byte{a.Seckey, a.Msg32, a.Extra32} {
		if b != nil && len(b) != 32 {
			return f, false
		}
	}
	if len(a.Pubkey) != 33 {
		return f, false
	}
	if a.Keys == nil {
		return f, true
	}
	return a.Keys.flatten()
}

// MusigNonceGen is secp256k1_musig_nonce_gen with session_secrand32 =
// secrand32 (which must not be all zeros: libsecp256k1 then fails). It
// returns the secret nonce and the 66-byte public nonce.
func MusigNonceGen(secrand32 []byte, a *MusigNonceArgs) (*MusigSecNonce, []byte, bool) {
	f, isOK := a.cArgs()
	if !isOK || len(secrand32) != 32 {
		return nil, nil, false
	}
	rnd := slices.Clone(secrand32) // consumed (zeroed) by libsecp256k1
	sec := &MusigSecNonce{pk33: slices.Clone(a.Pubkey)}
	pub := make([]byte, 66)
	if !ok(C.ls_musig_nonce_gen(ctx, u8(sec.data[:]), u8(pub), u8(rnd), 0, 0, u8(a.Seckey), u8(a.Pubkey),
		u8(a.Msg32), u8(a.Extra32), u8(f.keys), f.n, f.nt)) {
		return nil, nil, false
	}
	return sec, pub, true
}

// MusigNonceGenCounter is secp256k1_musig_nonce_gen_counter: the nonce of
// the key pair of a.Seckey (required; a.Pubkey must be its public key)
// for the counter value cnt.
func MusigNonceGenCounter(cnt uint64, a *MusigNonceArgs) (*MusigSecNonce, []byte, bool) {
	f, isOK := a.cArgs()
	if !isOK || a.Seckey == nil {
		return nil, nil, false
	}
	if pk, _, isOK := PubkeyCreate(a.Seckey); !isOK || !bytes.Equal(pk, a.Pubkey) {
		return nil, nil, false
	}
	sec := &MusigSecNonce{pk33: slices.Clone(a.Pubkey)}
	pub := make([]byte, 66)
	if !ok(C.ls_musig_nonce_gen(ctx, u8(sec.data[:]), u8(pub), nil, 1, C.uint64_t(cnt), u8(a.Seckey), nil,
		u8(a.Msg32), u8(a.Extra32), u8(f.keys), f.n, f.nt)) {
		return nil, nil, false
	}
	return sec, pub, true
}

// MusigNonceAgg aggregates 66-byte public nonces (secp256k1_musig_nonce_agg)
// into the 66-byte aggregate nonce, whose halves are 33 zero bytes where a
// sum is the point at infinity.
func MusigNonceAgg(pubnonces [][]byte) ([]byte, bool) {
	all, isOK := concat(pubnonces, 66)
	if !isOK || len(pubnonces) == 0 {
		return nil, false
	}
	out := make([]byte, 66)
	return out, ok(C.ls_musig_nonce_agg(ctx, u8(out), u8(all), C.size_t(len(pubnonces))))
}

// MusigPartialSign is secp256k1_musig_partial_sign with the key pair of
// seckey, the secret nonce sec (consumed) and the session of aggnonce66,
// msg32 and keys. It fails, without calling libsecp256k1, for a used nonce
// or a seckey whose public key is not the nonce's: libsecp256k1 reports
// both as illegal arguments.
func MusigPartialSign(sec *MusigSecNonce, seckey, aggnonce66, msg32 []byte, keys *MusigKeys) ([]byte, bool) {
	f, isOK := keys.flatten()
	if !isOK || sec == nil || sec.used || len(seckey) != 32 || len(aggnonce66) != 66 || len(msg32) != 32 {
		return nil, false
	}
	if pk, _, isOK := PubkeyCreate(seckey); !isOK || !bytes.Equal(pk, sec.pk33) {
		return nil, false
	}
	sec.used = true
	out := make([]byte, 32)
	return out, ok(C.ls_musig_partial_sign(ctx, u8(out), u8(sec.data[:]), u8(seckey), u8(aggnonce66), u8(msg32),
		u8(f.keys), f.n, f.nt))
}

// MusigPartialSigVerify reports whether psig32 is the valid partial
// signature of the signer with public key pk33 and public nonce pubnonce66
// in the session of aggnonce66, msg32 and keys
// (secp256k1_musig_partial_sig_verify; false also for any input that does
// not parse).
func MusigPartialSigVerify(psig32, pubnonce66, pk33, aggnonce66, msg32 []byte, keys *MusigKeys) bool {
	f, isOK := keys.flatten()
	if !isOK || len(psig32) != 32 || len(pubnonce66) != 66 || len(pk33) != 33 || len(aggnonce66) != 66 || len(msg32) != 32 {
		return false
	}
	return ok(C.ls_musig_partial_sig_verify(ctx, u8(psig32), u8(pubnonce66), u8(pk33), u8(aggnonce66), u8(msg32),
		u8(f.keys), f.n, f.nt))
}

// MusigPartialSigAgg aggregates 32-byte partial signatures into the 64-byte
// signature of the session of aggnonce66, msg32 and keys
// (secp256k1_musig_partial_sig_agg).
func MusigPartialSigAgg(psigs [][]byte, aggnonce66, msg32 []byte, keys *MusigKeys) ([]byte, bool) {
	f, isOK := keys.flatten()
	all, ok2 := concat(psigs, 32)
	if !isOK || !ok2 || len(psigs) == 0 || len(aggnonce66) != 66 || len(msg32) != 32 {
		return nil, false
	}
	out := make([]byte, 64)
	return out, ok(C.ls_musig_partial_sig_agg(ctx, u8(out), u8(all), C.size_t(len(psigs)), u8(aggnonce66), u8(msg32),
		u8(f.keys), f.n, f.nt))
}
