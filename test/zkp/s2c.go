package zkp

/*
#include <string.h>
#include <secp256k1.h>
#include <secp256k1_ecdsa_s2c.h>

// The opening and the signature cross the boundary serialized: the opening
// as 33 compressed bytes, the signature as 64 compact bytes.

static int s2c_sign(const secp256k1_context *ctx, unsigned char *sig64, unsigned char *opening33,
		const unsigned char *msg32, const unsigned char *seckey, const unsigned char *data32) {
	secp256k1_ecdsa_signature sig;
	secp256k1_ecdsa_s2c_opening op;
	if (!secp256k1_ecdsa_s2c_sign(ctx, &sig, &op, msg32, seckey, data32)) return 0;
	if (!secp256k1_ecdsa_signature_serialize_compact(ctx, sig64, &sig)) return 0;
	return secp256k1_ecdsa_s2c_opening_serialize(ctx, opening33, &op);
}

static int s2c_verify_commit(const secp256k1_context *ctx, const unsigned char *sig64,
		const unsigned char *data32, const unsigned char *opening33) {
	secp256k1_ecdsa_signature sig;
	secp256k1_ecdsa_s2c_opening op;
	if (!secp256k1_ecdsa_signature_parse_compact(ctx, &sig, sig64)) return 0;
	if (!secp256k1_ecdsa_s2c_opening_parse(ctx, &op, opening33)) return 0;
	return secp256k1_ecdsa_s2c_verify_commit(ctx, &sig, data32, &op);
}

static int s2c_opening_roundtrip(const secp256k1_context *ctx, unsigned char *out33, const unsigned char *in33) {
	secp256k1_ecdsa_s2c_opening op;
	if (!secp256k1_ecdsa_s2c_opening_parse(ctx, &op, in33)) return 0;
	return secp256k1_ecdsa_s2c_opening_serialize(ctx, out33, &op);
}

static int s2c_signer_commit(const secp256k1_context *ctx, unsigned char *opening33,
		const unsigned char *msg32, const unsigned char *seckey, const unsigned char *commit32) {
	secp256k1_ecdsa_s2c_opening op;
	if (!secp256k1_ecdsa_anti_exfil_signer_commit(ctx, &op, msg32, seckey, commit32)) return 0;
	return secp256k1_ecdsa_s2c_opening_serialize(ctx, opening33, &op);
}

static int s2c_anti_exfil_sign(const secp256k1_context *ctx, unsigned char *sig64,
		const unsigned char *msg32, const unsigned char *seckey, const unsigned char *host32) {
	secp256k1_ecdsa_signature sig;
	if (!secp256k1_anti_exfil_sign(ctx, &sig, msg32, seckey, host32)) return 0;
	return secp256k1_ecdsa_signature_serialize_compact(ctx, sig64, &sig);
}

static int s2c_host_verify(const secp256k1_context *ctx, const unsigned char *sig64, const unsigned char *msg32,
		const unsigned char *pub33, const unsigned char *host32, const unsigned char *opening33) {
	secp256k1_ecdsa_signature sig;
	secp256k1_pubkey pk;
	secp256k1_ecdsa_s2c_opening op;
	if (!secp256k1_ecdsa_signature_parse_compact(ctx, &sig, sig64)) return 0;
	if (!secp256k1_ec_pubkey_parse(ctx, &pk, pub33, 33)) return 0;
	if (!secp256k1_ecdsa_s2c_opening_parse(ctx, &op, opening33)) return 0;
	return secp256k1_anti_exfil_host_verify(ctx, &sig, msg32, &pk, host32, &op);
}

// Parsed-input variants for the side-by-side benchmarks: the work zkp
// does per call, without the parsing above.

typedef struct {
	secp256k1_ecdsa_signature sig;
	secp256k1_pubkey pk;
	secp256k1_ecdsa_s2c_opening op;
	unsigned char msg[32], host[32];
} s2c_host_verify_in;

static int s2c_host_verify_prepare(const secp256k1_context *ctx, s2c_host_verify_in *in, const unsigned char *sig64,
		const unsigned char *msg32, const unsigned char *pub33, const unsigned char *host32, const unsigned char *opening33) {
	memcpy(in->msg, msg32, 32);
	memcpy(in->host, host32, 32);
	return secp256k1_ecdsa_signature_parse_compact(ctx, &in->sig, sig64) &&
		secp256k1_ec_pubkey_parse(ctx, &in->pk, pub33, 33) &&
		secp256k1_ecdsa_s2c_opening_parse(ctx, &in->op, opening33);
}

static int s2c_host_verify_n(const secp256k1_context *ctx, const s2c_host_verify_in *in, int n) {
	int ok = 1;
	for (int i = 0; i < n; i++) {
		ok &= secp256k1_anti_exfil_host_verify(ctx, &in->sig, in->msg, &in->pk, in->host, &in->op);
	}
	return ok;
}

static int s2c_sign_n(const secp256k1_context *ctx, const unsigned char *msg32, const unsigned char *seckey,
		const unsigned char *data32, int n) {
	secp256k1_ecdsa_signature sig;
	secp256k1_ecdsa_s2c_opening op;
	int ok = 1;
	for (int i = 0; i < n; i++) {
		ok &= secp256k1_ecdsa_s2c_sign(ctx, &sig, &op, msg32, seckey, data32);
	}
	return ok;
}
*/
import "C"

// The sign-to-contract and anti-exfil functions of secp256k1_ecdsa_s2c.h.
// Inputs are taken as given, of the lengths the C functions read (the
// callers check them); outputs are serialized: 64-byte compact signatures,
// 33-byte openings.

// S2CSign is secp256k1_ecdsa_s2c_sign: the compact signature and the
// opening, or ok false.
func S2CSign(msg32, seckey, data32 []byte) (sig64, opening33 []byte, good bool) {
	sig64, opening33 = make([]byte, 64), make([]byte, 33)
	good = ok(C.s2c_sign(ctx, u8(sig64), u8(opening33), u8(msg32), u8(seckey), u8(data32)))
	return sig64, opening33, good
}

// S2CVerifyCommit is secp256k1_ecdsa_s2c_verify_commit of a compact
// signature and a serialized opening (false if either does not parse).
func S2CVerifyCommit(sig64, data32, opening33 []byte) bool {
	return ok(C.s2c_verify_commit(ctx, u8(sig64), u8(data32), u8(opening33)))
}

// S2COpeningRoundTrip parses a 33-byte opening and serializes it again, or
// returns false if it does not parse.
func S2COpeningRoundTrip(in33 []byte) ([]byte, bool) {
	out := make([]byte, 33)
	return out, ok(C.s2c_opening_roundtrip(ctx, u8(out), u8(in33)))
}

// AntiExfilHostCommit is secp256k1_ecdsa_anti_exfil_host_commit.
func AntiExfilHostCommit(rand32 []byte) []byte {
	out := make([]byte, 32)
	if !ok(C.secp256k1_ecdsa_anti_exfil_host_commit(ctx, u8(out), u8(rand32))) {
		return nil
	}
	return out
}

// AntiExfilSignerCommit is secp256k1_ecdsa_anti_exfil_signer_commit: the
// serialized opening, or ok false.
func AntiExfilSignerCommit(msg32, seckey, commitment32 []byte) ([]byte, bool) {
	out := make([]byte, 33)
	return out, ok(C.s2c_signer_commit(ctx, u8(out), u8(msg32), u8(seckey), u8(commitment32)))
}

// AntiExfilSign is secp256k1_anti_exfil_sign: the compact signature, or
// ok false.
func AntiExfilSign(msg32, seckey, host32 []byte) ([]byte, bool) {
	out := make([]byte, 64)
	return out, ok(C.s2c_anti_exfil_sign(ctx, u8(out), u8(msg32), u8(seckey), u8(host32)))
}

// AntiExfilHostVerify is secp256k1_anti_exfil_host_verify of a compact
// signature, a 33-byte public key and a serialized opening (false if any
// does not parse).
func AntiExfilHostVerify(sig64, msg32, pub33, host32, opening33 []byte) bool {
	return ok(C.s2c_host_verify(ctx, u8(sig64), u8(msg32), u8(pub33), u8(host32), u8(opening33)))
}

// S2CSignN runs secp256k1_ecdsa_s2c_sign n times on the same inputs, for
// benchmarks; it reports whether every call succeeded.
func S2CSignN(msg32, seckey, data32 []byte, n int) bool {
	return ok(C.s2c_sign_n(ctx, u8(msg32), u8(seckey), u8(data32), C.int(n)))
}

// HostVerifyInput is an anti-exfil host verification's inputs, parsed once
// for benchmarks.
type HostVerifyInput struct{ in C.s2c_host_verify_in }

// NewHostVerifyInput parses the inputs of AntiExfilHostVerify, or returns
// nil if one does not parse.
func NewHostVerifyInput(sig64, msg32, pub33, host32, opening33 []byte) *HostVerifyInput {
	h := new(HostVerifyInput)
	if !ok(C.s2c_host_verify_prepare(ctx, &h.in, u8(sig64), u8(msg32), u8(pub33), u8(host32), u8(opening33))) {
		return nil
	}
	return h
}

// VerifyN runs secp256k1_anti_exfil_host_verify n times on h, for
// benchmarks; it reports whether every call accepted.
func (h *HostVerifyInput) VerifyN(n int) bool {
	return ok(C.s2c_host_verify_n(ctx, &h.in, C.int(n)))
}
