package libsecp

// The binding of libsecp256k1's ellswift module (BIP-324's ElligatorSwift
// encoding and x-only ECDH), from 0.4.0 on; stubs without it, as musig.go.

/*
#include <secp256k1.h>
#if defined(__has_include)
#if __has_include(<secp256k1_ellswift.h>)
#include <secp256k1_ellswift.h>
#define LS_ELLSWIFT 1
#endif
#endif

static int have_ellswift(void) {
#ifdef LS_ELLSWIFT
	return 1;
#else
	return 0;
#endif
}

// ls_ellswift_encode parses the public key pub and encodes it with rnd32.
static int ls_ellswift_encode(const secp256k1_context *ctx, unsigned char *ell64,
                              const unsigned char *pub, size_t publen, const unsigned char *rnd32) {
#ifdef LS_ELLSWIFT
	secp256k1_pubkey pk;
	if (!secp256k1_ec_pubkey_parse(ctx, &pk, pub, publen)) return 0;
	return secp256k1_ellswift_encode(ctx, ell64, &pk, rnd32);
#else
	return 0;
#endif
}

// ls_ellswift_decode decodes ell64 and serializes the key compressed.
static int ls_ellswift_decode(const secp256k1_context *ctx, unsigned char *out33, const unsigned char *ell64) {
#ifdef LS_ELLSWIFT
	secp256k1_pubkey pk;
	size_t len = 33;
	if (!secp256k1_ellswift_decode(ctx, &pk, ell64)) return 0;
	return secp256k1_ec_pubkey_serialize(ctx, out33, &len, &pk, SECP256K1_EC_COMPRESSED);
#else
	return 0;
#endif
}

static int ls_ellswift_create(const secp256k1_context *ctx, unsigned char *ell64,
                              const unsigned char *seckey32, const unsigned char *aux32) {
#ifdef LS_ELLSWIFT
	return secp256k1_ellswift_create(ctx, ell64, seckey32, aux32);
#else
	return 0;
#endif
}

// ls_ellswift_xdh is the BIP-324 shared secret; party 0 is the initiator (A).
static int ls_ellswift_xdh(const secp256k1_context *ctx, unsigned char *out32, const unsigned char *ell_a64,
                           const unsigned char *ell_b64, const unsigned char *seckey32, int party) {
#ifdef LS_ELLSWIFT
	return secp256k1_ellswift_xdh(ctx, out32, ell_a64, ell_b64, seckey32, party,
	                              secp256k1_ellswift_xdh_hash_function_bip324, NULL);
#else
	return 0;
#endif
}
*/
import "C"

// HaveEllswift reports whether the linked libsecp256k1 has the ellswift
// module.
func HaveEllswift() bool { return C.have_ellswift() == 1 }

// EllswiftEncode returns secp256k1_ellswift_encode's 64-byte encoding of
// the serialized public key pub with the randomness rnd32.
func EllswiftEncode(pub, rnd32 []byte) ([]byte, bool) {
	if len(pub) == 0 || len(rnd32) != 32 {
		return nil, false
	}
	out := make([]byte, 64)
	return out, ok(C.ls_ellswift_encode(ctx, u8(out), u8(pub), C.size_t(len(pub)), u8(rnd32)))
}

// EllswiftDecode returns the compressed public key that the 64-byte
// encoding ell64 decodes to (secp256k1_ellswift_decode: every 64 bytes
// decode).
func EllswiftDecode(ell64 []byte) ([]byte, bool) {
	if len(ell64) != 64 {
		return nil, false
	}
	out := make([]byte, 33)
	return out, ok(C.ls_ellswift_decode(ctx, u8(out), u8(ell64)))
}

// EllswiftCreate returns secp256k1_ellswift_create's encoding of seckey's
// public key with the auxiliary randomness aux32 (nil or 32 bytes).
func EllswiftCreate(seckey, aux32 []byte) ([]byte, bool) {
	if len(seckey) != 32 || (aux32 != nil && len(aux32) != 32) {
		return nil, false
	}
	out := make([]byte, 64)
	return out, ok(C.ls_ellswift_create(ctx, u8(out), u8(seckey), u8(aux32)))
}

// EllswiftXDH returns the BIP-324 shared secret of the encodings ellA (the
// initiator's) and ellB (the responder's) computed with seckey, the
// initiator's key if initiating and the responder's otherwise
// (secp256k1_ellswift_xdh with secp256k1_ellswift_xdh_hash_function_bip324).
func EllswiftXDH(ellA, ellB, seckey []byte, initiating bool) ([]byte, bool) {
	if len(ellA) != 64 || len(ellB) != 64 || len(seckey) != 32 {
		return nil, false
	}
	party := C.int(1)
	if initiating {
		party = 0
	}
	out := make([]byte, 32)
	return out, ok(C.ls_ellswift_xdh(ctx, u8(out), u8(ellA), u8(ellB), u8(seckey), party))
}
