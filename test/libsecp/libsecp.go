// Package libsecp is a minimal cgo binding to bitcoin-core's libsecp256k1,
// the reference that Kestrel is tested and measured against. It lives in its
// own module so that Kestrel itself stays free of cgo; nothing outside this
// module's tests should import it.
//
// It links -lsecp256k1: with the flags that oracle.sh prints, the current
// release line (commit 687155df with every module, built from the project's
// shared/oracles tarball, linked statically); without them, or without the
// tarball, the system's (Debian's libsecp256k1-dev 0.2.0, with the
// recovery, ecdh, extrakeys and schnorrsig modules only). The bindings of the musig, ellswift and
// silentpayments modules (musig.go, ellswift.go, silentpayments.go) compile
// against both: without the module's header they are stubs, HaveMusig and
// its twins report false, and the tests of those modules skip.
//
//	eval "$(bash oracle.sh)"   # builds once, exports CGO_CFLAGS, CGO_LDFLAGS, …
//	go test ./...
//
// Every function takes and returns serialized bytes, so that a test
// feeds both libraries the same input: it checks lengths itself and reports
// failure with ok = false, and never hands libsecp256k1 an argument that would
// trigger its illegal-argument callback (IllegalCalls counts those; the tests
// require zero).
//
// One context, created with SECP256K1_CONTEXT_NONE and randomized once from
// crypto/rand, is shared by all calls: after randomization libsecp256k1 only
// reads it, so concurrent calls are safe.
package libsecp

/*
#cgo LDFLAGS: -lsecp256k1
#include <stdlib.h>
#include <secp256k1.h>
#include <secp256k1_recovery.h>
#include <secp256k1_ecdh.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>

// illegal counts calls of libsecp256k1's illegal-argument callback, whose
// default aborts the process. The Go wrappers validate their inputs so that
// it stays zero.
static unsigned long illegal;

static void count_illegal(const char *msg, void *data) {
	(void)msg;
	(void)data;
	__atomic_fetch_add(&illegal, 1, __ATOMIC_RELAXED);
}

static unsigned long illegal_calls(void) {
	return __atomic_load_n(&illegal, __ATOMIC_RELAXED);
}

// new_context creates the shared context (SECP256K1_CONTEXT_NONE: since
// 0.2.0 the SIGN and VERIFY flags mean the same) and randomizes it with
// seed32 for side-channel blinding of k·G.
static secp256k1_context *new_context(const unsigned char *seed32) {
	secp256k1_context *ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
	if (ctx == NULL) return NULL;
	secp256k1_context_set_illegal_callback(ctx, count_illegal, NULL);
	if (!secp256k1_context_randomize(ctx, seed32)) {
		secp256k1_context_destroy(ctx);
		return NULL;
	}
	return ctx;
}

// verify is libsecp256k1's bench_verify in one call: parse the public key,
// parse the signature (strict DER if der, else the 64-byte compact form) and
// verify it. Any step failing gives 0. As in libsecp256k1, a DER r or s that
// is not less than n parses as 0 and then fails verification, and a high-S
// signature fails verification.
static int verify(const secp256k1_context *ctx, const unsigned char *msg32,
                  const unsigned char *sig, size_t siglen, int der,
                  const unsigned char *pub, size_t publen) {
	secp256k1_pubkey pk;
	secp256k1_ecdsa_signature s;
	if (!secp256k1_ec_pubkey_parse(ctx, &pk, pub, publen)) return 0;
	if (der) {
		if (!secp256k1_ecdsa_signature_parse_der(ctx, &s, sig, siglen)) return 0;
	} else {
		if (siglen != 64 || !secp256k1_ecdsa_signature_parse_compact(ctx, &s, sig)) return 0;
	}
	return secp256k1_ecdsa_verify(ctx, &s, msg32, &pk);
}

// recover is libsecp256k1's bench_recover in one call: parse the 64-byte
// signature with its recovery id, recover the key and serialize it
// compressed into out33.
static int recover(const secp256k1_context *ctx, unsigned char *out33,
                   const unsigned char *msg32, const unsigned char *sig64, int recid) {
	secp256k1_ecdsa_recoverable_signature s;
	secp256k1_pubkey pk;
	size_t len = 33;
	if (!secp256k1_ecdsa_recoverable_signature_parse_compact(ctx, &s, sig64, recid)) return 0;
	if (!secp256k1_ecdsa_recover(ctx, &pk, &s, msg32)) return 0;
	return secp256k1_ec_pubkey_serialize(ctx, out33, &len, &pk, SECP256K1_EC_COMPRESSED);
}

// keygen is libsecp256k1's bench_keygen in one call: the public key of
// seckey32, serialized compressed into out33.
static int keygen(const secp256k1_context *ctx, unsigned char *out33, const unsigned char *seckey32) {
	secp256k1_pubkey pk;
	size_t len = 33;
	if (!secp256k1_ec_pubkey_create(ctx, &pk, seckey32)) return 0;
	return secp256k1_ec_pubkey_serialize(ctx, out33, &len, &pk, SECP256K1_EC_COMPRESSED);
}

// sign_der is libsecp256k1's bench_sign in one call: the RFC 6979 signature
// of msg32 serialized as DER into out72; *outlen gets its length.
static int sign_der(const secp256k1_context *ctx, unsigned char *out72, size_t *outlen,
                    const unsigned char *msg32, const unsigned char *seckey32) {
	secp256k1_ecdsa_signature s;
	*outlen = 72;
	if (!secp256k1_ecdsa_sign(ctx, &s, msg32, seckey32, secp256k1_nonce_function_rfc6979, NULL)) return 0;
	return secp256k1_ecdsa_signature_serialize_der(ctx, out72, outlen, &s);
}
*/
import "C"

import (
	"crypto/rand"
	"unsafe"
)

var ctx *C.secp256k1_context

func init() {
	var seed [32]byte
	rand.Read(seed[:])
	ctx = C.new_context(u8(seed[:]))
	if ctx == nil {
		panic("libsecp: cannot create a libsecp256k1 context")
	}
}

// IllegalCalls returns how many times libsecp256k1 reported an illegal
// argument. It is a bug in this binding if that is ever non-zero.
func IllegalCalls() uint64 { return uint64(C.illegal_calls()) }

// u8 returns a C pointer to b's first byte, or NULL for an empty b. The
// memory is Go memory without Go pointers, which cgo allows to be passed.
func u8(b []byte) *C.uchar {
	if len(b) == 0 {
		return nil
	}
	return (*C.uchar)(unsafe.Pointer(&b[0]))
}

func ok(r C.int) bool { return r == 1 }

// parsePubkey parses a serialized public key (33 or 65 bytes; hybrid 0x06 and
// 0x07 are accepted, as libsecp256k1 does).
func parsePubkey(pk *C.secp256k1_pubkey, b []byte) bool {
	if len(b) == 0 {
		return false
	}
	return ok(C.secp256k1_ec_pubkey_parse(ctx, pk, u8(b), C.size_t(len(b))))
}

// serializePubkey returns the 33-byte compressed and 65-byte uncompressed
// encodings of pk.
func serializePubkey(pk *C.secp256k1_pubkey) (compressed, uncompressed []byte) {
	compressed, uncompressed = make([]byte, 33), make([]byte, 65)
	n := C.size_t(33)
	C.secp256k1_ec_pubkey_serialize(ctx, u8(compressed), &n, pk, C.SECP256K1_EC_COMPRESSED)
	n = 65
	C.secp256k1_ec_pubkey_serialize(ctx, u8(uncompressed), &n, pk, C.SECP256K1_EC_UNCOMPRESSED)
	return compressed, uncompressed
}

// SeckeyVerify reports whether seckey is 32 bytes encoding a value in [1, n−1].
func SeckeyVerify(seckey []byte) bool {
	return len(seckey) == 32 && ok(C.secp256k1_ec_seckey_verify(ctx, u8(seckey)))
}

// PubkeyCreate returns the public key of seckey, compressed (33 bytes) and
// uncompressed (65 bytes); ok is false for an invalid key.
func PubkeyCreate(seckey []byte) (compressed, uncompressed []byte, isOK bool) {
	if len(seckey) != 32 {
		return nil, nil, false
	}
	var pk C.secp256k1_pubkey
	if !ok(C.secp256k1_ec_pubkey_create(ctx, &pk, u8(seckey))) {
		return nil, nil, false
	}
	compressed, uncompressed = serializePubkey(&pk)
	return compressed, uncompressed, true
}

// KeygenCompressed is libsecp256k1's ec_keygen benchmark body: the
// compressed public key of seckey, in one cgo call.
func KeygenCompressed(seckey []byte) ([]byte, bool) {
	if len(seckey) != 32 {
		return nil, false
	}
	out := make([]byte, 33)
	return out, ok(C.keygen(ctx, u8(out), u8(seckey)))
}

// PubkeyParse parses a SEC 1 public key with secp256k1_ec_pubkey_parse and
// re-serializes it in both forms.
func PubkeyParse(b []byte) (compressed, uncompressed []byte, isOK bool) {
	var pk C.secp256k1_pubkey
	if !parsePubkey(&pk, b) {
		return nil, nil, false
	}
	compressed, uncompressed = serializePubkey(&pk)
	return compressed, uncompressed, true
}

// EcdsaSign returns the 64-byte compact signature r ‖ s of msg32 by seckey,
// made by secp256k1_ecdsa_sign with secp256k1_nonce_function_rfc6979 and
// the extra entropy ndata (nil or 32 bytes).
func EcdsaSign(msg32, seckey, ndata []byte) ([]byte, bool) {
	if len(msg32) != 32 || len(seckey) != 32 || (ndata != nil && len(ndata) != 32) {
		return nil, false
	}
	var sig C.secp256k1_ecdsa_signature
	if !ok(C.secp256k1_ecdsa_sign(ctx, &sig, u8(msg32), u8(seckey), C.secp256k1_nonce_function_rfc6979, unsafe.Pointer(u8(ndata)))) {
		return nil, false
	}
	out := make([]byte, 64)
	C.secp256k1_ecdsa_signature_serialize_compact(ctx, u8(out), &sig)
	return out, true
}

// EcdsaSignDER is libsecp256k1's ecdsa_sign benchmark body: the signature of
// msg32 by seckey (no extra entropy), serialized as DER, in one cgo call.
func EcdsaSignDER(msg32, seckey []byte) ([]byte, bool) {
	if len(msg32) != 32 || len(seckey) != 32 {
		return nil, false
	}
	out := make([]byte, 72)
	var n C.size_t
	if !ok(C.sign_der(ctx, u8(out), &n, u8(msg32), u8(seckey))) {
		return nil, false
	}
	return out[:n], true
}

// EcdsaSignRecoverable returns the compact signature of msg32 by seckey (as
// EcdsaSign) and its recovery id, from secp256k1_ecdsa_sign_recoverable.
func EcdsaSignRecoverable(msg32, seckey, ndata []byte) (sig64 []byte, recid int, isOK bool) {
	if len(msg32) != 32 || len(seckey) != 32 || (ndata != nil && len(ndata) != 32) {
		return nil, 0, false
	}
	var sig C.secp256k1_ecdsa_recoverable_signature
	if !ok(C.secp256k1_ecdsa_sign_recoverable(ctx, &sig, u8(msg32), u8(seckey), C.secp256k1_nonce_function_rfc6979, unsafe.Pointer(u8(ndata)))) {
		return nil, 0, false
	}
	out := make([]byte, 64)
	var rid C.int
	C.secp256k1_ecdsa_recoverable_signature_serialize_compact(ctx, u8(out), &rid, &sig)
	return out, int(rid), true
}

// EcdsaRecover returns the compressed public key recovered from the compact
// signature sig64 with recovery id recid over msg32
// (secp256k1_ecdsa_recoverable_signature_parse_compact, then
// secp256k1_ecdsa_recover). It fails for recid outside [0, 3].
func EcdsaRecover(msg32, sig64 []byte, recid int) ([]byte, bool) {
	if len(msg32) != 32 || len(sig64) != 64 || recid < 0 || recid > 3 {
		return nil, false
	}
	out := make([]byte, 33)
	if !ok(C.recover(ctx, u8(out), u8(msg32), u8(sig64), C.int(recid))) {
		return nil, false
	}
	return out, true
}

// EcdsaVerify reports whether the 64-byte compact signature sig64 of msg32
// verifies under the serialized public key pub, with libsecp256k1's
// semantics: secp256k1_ec_pubkey_parse, secp256k1_ecdsa_signature_parse_compact
// (r or s ≥ n fails) and secp256k1_ecdsa_verify (high S fails).
func EcdsaVerify(msg32, sig64, pub []byte) bool {
	if len(msg32) != 32 || len(sig64) != 64 || len(pub) == 0 {
		return false
	}
	return ok(C.verify(ctx, u8(msg32), u8(sig64), 64, 0, u8(pub), C.size_t(len(pub))))
}

// EcdsaVerifyDER is EcdsaVerify for a DER signature, parsed by
// secp256k1_ecdsa_signature_parse_der (where r or s ≥ n parses as 0, which
// then fails verification). It is libsecp256k1's ecdsa_verify benchmark
// body, in one cgo call.
func EcdsaVerifyDER(msg32, der, pub []byte) bool {
	if len(msg32) != 32 || len(der) == 0 || len(pub) == 0 {
		return false
	}
	return ok(C.verify(ctx, u8(msg32), u8(der), C.size_t(len(der)), 1, u8(pub), C.size_t(len(pub))))
}

// EcdsaSignatureParseDER parses der with secp256k1_ecdsa_signature_parse_der
// and returns the signature in compact form. Where r or s is negative or not
// less than n, libsecp256k1 succeeds and sets that value to 0.
func EcdsaSignatureParseDER(der []byte) (compact []byte, isOK bool) {
	if len(der) == 0 {
		return nil, false
	}
	var sig C.secp256k1_ecdsa_signature
	if !ok(C.secp256k1_ecdsa_signature_parse_der(ctx, &sig, u8(der), C.size_t(len(der)))) {
		return nil, false
	}
	out := make([]byte, 64)
	C.secp256k1_ecdsa_signature_serialize_compact(ctx, u8(out), &sig)
	return out, true
}

// EcdsaSignatureParseCompact parses sig64 with
// secp256k1_ecdsa_signature_parse_compact (r or s ≥ n fails; 0 is accepted)
// and re-serializes it.
func EcdsaSignatureParseCompact(sig64 []byte) ([]byte, bool) {
	var sig C.secp256k1_ecdsa_signature
	if !parseCompact(&sig, sig64) {
		return nil, false
	}
	out := make([]byte, 64)
	C.secp256k1_ecdsa_signature_serialize_compact(ctx, u8(out), &sig)
	return out, true
}

func parseCompact(sig *C.secp256k1_ecdsa_signature, sig64 []byte) bool {
	return len(sig64) == 64 && ok(C.secp256k1_ecdsa_signature_parse_compact(ctx, sig, u8(sig64)))
}

// EcdsaSignatureNormalize returns the low-S form of the compact signature
// sig64 and whether it was high (secp256k1_ecdsa_signature_normalize).
func EcdsaSignatureNormalize(sig64 []byte) (normalized []byte, wasHigh, isOK bool) {
	var sig C.secp256k1_ecdsa_signature
	if !parseCompact(&sig, sig64) {
		return nil, false, false
	}
	high := C.secp256k1_ecdsa_signature_normalize(ctx, &sig, &sig)
	out := make([]byte, 64)
	C.secp256k1_ecdsa_signature_serialize_compact(ctx, u8(out), &sig)
	return out, high == 1, true
}

// EcdsaSerializeDER returns the DER encoding of the compact signature sig64
// (secp256k1_ecdsa_signature_serialize_der).
func EcdsaSerializeDER(sig64 []byte) ([]byte, bool) {
	var sig C.secp256k1_ecdsa_signature
	if !parseCompact(&sig, sig64) {
		return nil, false
	}
	out := make([]byte, 72)
	n := C.size_t(len(out))
	if !ok(C.secp256k1_ecdsa_signature_serialize_der(ctx, u8(out), &n, &sig)) {
		return nil, false
	}
	return out[:n], true
}

// keypair creates a keypair from seckey.
func keypair(kp *C.secp256k1_keypair, seckey []byte) bool {
	return len(seckey) == 32 && ok(C.secp256k1_keypair_create(ctx, kp, u8(seckey)))
}

// serializeXonly returns the 32-byte encoding of xk.
func serializeXonly(xk *C.secp256k1_xonly_pubkey) []byte {
	out := make([]byte, 32)
	C.secp256k1_xonly_pubkey_serialize(ctx, u8(out), xk)
	return out
}

// KeypairXonly returns the BIP-340 x-only public key of seckey and the
// parity of the full key's y (secp256k1_keypair_create, then
// secp256k1_keypair_xonly_pub).
func KeypairXonly(seckey []byte) (xonly32 []byte, parity int, isOK bool) {
	var kp C.secp256k1_keypair
	if !keypair(&kp, seckey) {
		return nil, 0, false
	}
	var xk C.secp256k1_xonly_pubkey
	var p C.int
	C.secp256k1_keypair_xonly_pub(ctx, &xk, &p, &kp)
	return serializeXonly(&xk), int(p), true
}

// KeypairXonlyTweakAdd tweaks the keypair of seckey with
// secp256k1_keypair_xonly_tweak_add (BIP-341 style: the secret key is negated
// first if its public key has odd y) and returns the new secret key, its
// x-only public key and parity.
func KeypairXonlyTweakAdd(seckey, tweak32 []byte) (newSeckey, xonly32 []byte, parity int, isOK bool) {
	var kp C.secp256k1_keypair
	if len(tweak32) != 32 || !keypair(&kp, seckey) {
		return nil, nil, 0, false
	}
	if !ok(C.secp256k1_keypair_xonly_tweak_add(ctx, &kp, u8(tweak32))) {
		return nil, nil, 0, false
	}
	newSeckey = make([]byte, 32)
	C.secp256k1_keypair_sec(ctx, u8(newSeckey), &kp)
	var xk C.secp256k1_xonly_pubkey
	var p C.int
	C.secp256k1_keypair_xonly_pub(ctx, &xk, &p, &kp)
	return newSeckey, serializeXonly(&xk), int(p), true
}

// XonlyPubkey returns the x-only form of the serialized public key pub and
// the parity of its y (secp256k1_xonly_pubkey_from_pubkey).
func XonlyPubkey(pub []byte) (xonly32 []byte, parity int, isOK bool) {
	var pk C.secp256k1_pubkey
	if !parsePubkey(&pk, pub) {
		return nil, 0, false
	}
	var xk C.secp256k1_xonly_pubkey
	var p C.int
	C.secp256k1_xonly_pubkey_from_pubkey(ctx, &xk, &p, &pk)
	return serializeXonly(&xk), int(p), true
}

// XonlyPubkeyParse reports whether xonly32 is a valid BIP-340 public key
// (secp256k1_xonly_pubkey_parse).
func XonlyPubkeyParse(xonly32 []byte) bool {
	var xk C.secp256k1_xonly_pubkey
	return len(xonly32) == 32 && ok(C.secp256k1_xonly_pubkey_parse(ctx, &xk, u8(xonly32)))
}

// XonlyPubkeyTweakAdd returns lift_x(xonly32) + tweak32·G, compressed
// (secp256k1_xonly_pubkey_tweak_add).
func XonlyPubkeyTweakAdd(xonly32, tweak32 []byte) ([]byte, bool) {
	var xk C.secp256k1_xonly_pubkey
	if len(xonly32) != 32 || len(tweak32) != 32 || !ok(C.secp256k1_xonly_pubkey_parse(ctx, &xk, u8(xonly32))) {
		return nil, false
	}
	var pk C.secp256k1_pubkey
	if !ok(C.secp256k1_xonly_pubkey_tweak_add(ctx, &pk, &xk, u8(tweak32))) {
		return nil, false
	}
	c, _ := serializePubkey(&pk)
	return c, true
}

// SchnorrsigSign32 returns the 64-byte BIP-340 signature of msg32 by seckey
// with the auxiliary randomness aux32 (nil or 32 bytes; nil is
// libsecp256k1's NULL, which BIP-340 treats as 32 zero bytes).
func SchnorrsigSign32(msg32, seckey, aux32 []byte) ([]byte, bool) {
	var kp C.secp256k1_keypair
	if len(msg32) != 32 || (aux32 != nil && len(aux32) != 32) || !keypair(&kp, seckey) {
		return nil, false
	}
	out := make([]byte, 64)
	if !ok(C.secp256k1_schnorrsig_sign32(ctx, u8(out), u8(msg32), &kp, u8(aux32))) {
		return nil, false
	}
	return out, true
}

// SchnorrsigVerify reports whether sig64 is a valid BIP-340 signature of msg
// (any length) under the x-only public key xonly32.
func SchnorrsigVerify(sig64, msg, xonly32 []byte) bool {
	var xk C.secp256k1_xonly_pubkey
	if len(sig64) != 64 || len(xonly32) != 32 || !ok(C.secp256k1_xonly_pubkey_parse(ctx, &xk, u8(xonly32))) {
		return false
	}
	return ok(C.secp256k1_schnorrsig_verify(ctx, u8(sig64), u8(msg), C.size_t(len(msg)), &xk))
}

// Ecdh returns secp256k1_ecdh's default shared secret: SHA-256 of the
// compressed encoding of seckey·pub.
func Ecdh(seckey, pub []byte) ([]byte, bool) {
	var pk C.secp256k1_pubkey
	if len(seckey) != 32 || !parsePubkey(&pk, pub) {
		return nil, false
	}
	out := make([]byte, 32)
	if !ok(C.secp256k1_ecdh(ctx, u8(out), &pk, u8(seckey), nil, nil)) {
		return nil, false
	}
	return out, true
}

// SeckeyTweakAdd returns seckey + tweak32 mod n (secp256k1_ec_seckey_tweak_add:
// fails for an invalid key, a tweak ≥ n or a zero result).
func SeckeyTweakAdd(seckey, tweak32 []byte) ([]byte, bool) {
	if len(seckey) != 32 || len(tweak32) != 32 {
		return nil, false
	}
	out := append([]byte(nil), seckey...)
	return out, ok(C.secp256k1_ec_seckey_tweak_add(ctx, u8(out), u8(tweak32)))
}

// SeckeyTweakMul returns seckey · tweak32 mod n (secp256k1_ec_seckey_tweak_mul:
// fails for an invalid key or a tweak that is 0 or ≥ n).
func SeckeyTweakMul(seckey, tweak32 []byte) ([]byte, bool) {
	if len(seckey) != 32 || len(tweak32) != 32 {
		return nil, false
	}
	out := append([]byte(nil), seckey...)
	return out, ok(C.secp256k1_ec_seckey_tweak_mul(ctx, u8(out), u8(tweak32)))
}

// PubkeyTweakAdd returns pub + tweak32·G, compressed
// (secp256k1_ec_pubkey_tweak_add: fails for a tweak ≥ n or the identity).
func PubkeyTweakAdd(pub, tweak32 []byte) ([]byte, bool) {
	var pk C.secp256k1_pubkey
	if len(tweak32) != 32 || !parsePubkey(&pk, pub) {
		return nil, false
	}
	if !ok(C.secp256k1_ec_pubkey_tweak_add(ctx, &pk, u8(tweak32))) {
		return nil, false
	}
	c, _ := serializePubkey(&pk)
	return c, true
}

// PubkeyTweakMul returns tweak32·pub, compressed
// (secp256k1_ec_pubkey_tweak_mul: fails for a tweak that is 0 or ≥ n).
func PubkeyTweakMul(pub, tweak32 []byte) ([]byte, bool) {
	var pk C.secp256k1_pubkey
	if len(tweak32) != 32 || !parsePubkey(&pk, pub) {
		return nil, false
	}
	if !ok(C.secp256k1_ec_pubkey_tweak_mul(ctx, &pk, u8(tweak32))) {
		return nil, false
	}
	c, _ := serializePubkey(&pk)
	return c, true
}

// PubkeyCombine returns the sum of the serialized public keys pubs,
// compressed (secp256k1_ec_pubkey_combine: fails for no keys, an invalid key
// or the identity).
func PubkeyCombine(pubs [][]byte) ([]byte, bool) {
	if len(pubs) == 0 {
		return nil, false
	}
	// The key array and the pointer array are C memory: cgo forbids passing
	// Go memory that holds Go pointers.
	n := C.size_t(len(pubs))
	keys := (*C.secp256k1_pubkey)(C.calloc(n, C.size_t(unsafe.Sizeof(C.secp256k1_pubkey{}))))
	ptrs := (**C.secp256k1_pubkey)(C.calloc(n, C.size_t(unsafe.Sizeof((*C.secp256k1_pubkey)(nil)))))
	defer C.free(unsafe.Pointer(keys))
	defer C.free(unsafe.Pointer(ptrs))
	ks := unsafe.Slice(keys, len(pubs))
	ps := unsafe.Slice(ptrs, len(pubs))
	for i, p := range pubs {
		if !parsePubkey(&ks[i], p) {
			return nil, false
		}
		ps[i] = &ks[i]
	}
	var sum C.secp256k1_pubkey
	if !ok(C.secp256k1_ec_pubkey_combine(ctx, &sum, ptrs, n)) {
		return nil, false
	}
	c, _ := serializePubkey(&sum)
	return c, true
}

// Keypair is a libsecp256k1 key pair created once, for signing many
// messages as libsecp256k1's schnorrsig_sign bench row does.
type Keypair struct {
	kp C.secp256k1_keypair
}

// NewKeypair creates the key pair of seckey.
func NewKeypair(seckey []byte) (*Keypair, bool) {
	k := new(Keypair)
	if !keypair(&k.kp, seckey) {
		return nil, false
	}
	return k, true
}

// Sign32 returns the BIP-340 signature of msg32 with aux32 (32 bytes).
func (k *Keypair) Sign32(msg32, aux32 []byte) ([]byte, bool) {
	if len(msg32) != 32 || len(aux32) != 32 {
		return nil, false
	}
	out := make([]byte, 64)
	return out, ok(C.secp256k1_schnorrsig_sign32(ctx, u8(out), u8(msg32), &k.kp, u8(aux32)))
}

// SeckeyNegate returns n − seckey (secp256k1_ec_seckey_negate: fails for an
// invalid key).
func SeckeyNegate(seckey []byte) ([]byte, bool) {
	if len(seckey) != 32 {
		return nil, false
	}
	out := append([]byte(nil), seckey...)
	return out, ok(C.secp256k1_ec_seckey_negate(ctx, u8(out)))
}

// PubkeyNegate returns −pub, compressed (secp256k1_ec_pubkey_negate).
func PubkeyNegate(pub []byte) ([]byte, bool) {
	var pk C.secp256k1_pubkey
	if !parsePubkey(&pk, pub) {
		return nil, false
	}
	C.secp256k1_ec_pubkey_negate(ctx, &pk)
	c, _ := serializePubkey(&pk)
	return c, true
}

// XonlyPubkeyTweakAddCheck reports whether tweaked32 with y parity parity is
// the x-only tweak of xonly32 by tweak32
// (secp256k1_xonly_pubkey_tweak_add_check; false for an internal key that
// does not parse, and for a tweak ≥ n).
func XonlyPubkeyTweakAddCheck(tweaked32 []byte, parity int, xonly32, tweak32 []byte) bool {
	var xk C.secp256k1_xonly_pubkey
	if len(tweaked32) != 32 || len(tweak32) != 32 || len(xonly32) != 32 || !ok(C.secp256k1_xonly_pubkey_parse(ctx, &xk, u8(xonly32))) {
		return false
	}
	return ok(C.secp256k1_xonly_pubkey_tweak_add_check(ctx, u8(tweaked32), C.int(parity), &xk, u8(tweak32)))
}
