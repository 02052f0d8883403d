/* bench/zkp-modules.c: the s2c and halfagg rows of `secp256k1 bench main`
 * (cmd/secp256k1/bench_s2c.go, bench_halfagg.go) through secp256k1-zkp, for
 * bench/zkp.sh -c. libsecp256k1's bench format ("name, min, avg, max" in µs
 * per iteration, 10 runs, timed by cbench.h as the Go rows are). Inputs are
 * fixed; each row checks its result first.
 *
 * ecdsa_s2c_sign: secp256k1_ecdsa_s2c_sign with 32 bytes of data; the
 * signature and opening stay in zkp's structs, as the Go row keeps its
 * *ecdsa.Signature and *s2c.Opening (no serialization on either side).
 * ecdsa_anti_exfil_host_verify: secp256k1_anti_exfil_host_verify on the
 * signature, public key and opening parsed beforehand: the Go row gets them
 * parsed too (*ecdsa.Signature, *secp256k1.PublicKey, *s2c.Opening).
 * schnorrsig_halfagg_aggregate_N, _verify_N: one call over N signatures
 * under distinct keys. Aggregate gets its x-only keys parsed beforehand (Go's
 * Aggregate hashes the 32 bytes and lifts nothing); verify parses the N keys
 * from bytes inside the timing, as Go's VerifyAggregate lifts them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cbench.h"
#include "secp256k1.h"
#include "secp256k1_ecdsa_s2c.h"
#include "secp256k1_extrakeys.h"
#include "secp256k1_schnorrsig.h"
#include "secp256k1_schnorrsig_halfagg.h"

static secp256k1_context *ctx;

/* The s2c rows' inputs: key, message, data (the anti-exfil host's
 * randomness), and the anti-exfil signature, key and opening. */
static unsigned char sk[32], msg[32], rho[32];
static secp256k1_pubkey pub;
static secp256k1_ecdsa_signature ae_sig;
static secp256k1_ecdsa_s2c_opening ae_op;

/* The halfagg rows' inputs for hn signatures: x-only keys parsed and as
 * bytes, messages and signatures (concatenated), and their aggregate. */
static size_t hn;
static secp256k1_xonly_pubkey *hpk, *hparsed;
static unsigned char *hpk32, *hmsg, *hsig, *hagg, *hout;

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "zkp-modules: %s failed\n", what);
        exit(1);
    }
}

/* derive sets out to a hash of label and i: fixed, distinct inputs. */
static void derive(unsigned char *out, const char *label, unsigned int i) {
    unsigned char b[4];
    b[0] = (unsigned char)(i >> 24);
    b[1] = (unsigned char)(i >> 16);
    b[2] = (unsigned char)(i >> 8);
    b[3] = (unsigned char)i;
    check(secp256k1_tagged_sha256(ctx, out, (const unsigned char *)label, strlen(label), b, 4), "tagged_sha256");
}

static void s2c_sign(void) {
    secp256k1_ecdsa_signature sig;
    secp256k1_ecdsa_s2c_opening op;
    check(secp256k1_ecdsa_s2c_sign(ctx, &sig, &op, msg, sk, rho), "ecdsa_s2c_sign");
}

static void host_verify(void) {
    check(secp256k1_anti_exfil_host_verify(ctx, &ae_sig, msg, &pub, rho, &ae_op), "anti_exfil_host_verify");
}

static void halfagg_aggregate(void) {
    size_t len = 32 * (hn + 1);
    check(secp256k1_schnorrsig_aggregate(ctx, hout, &len, hpk, hmsg, hsig, hn), "schnorrsig_aggregate");
}

static void halfagg_verify(void) {
    size_t i;
    for (i = 0; i < hn; i++) {
        check(secp256k1_xonly_pubkey_parse(ctx, &hparsed[i], &hpk32[32 * i]), "xonly_pubkey_parse");
    }
    check(secp256k1_schnorrsig_aggverify(ctx, hparsed, hmsg, hn, hagg, 32 * (hn + 1)), "schnorrsig_aggverify");
}

static void s2c_setup(void) {
    unsigned char commit[32], sig64[64];
    secp256k1_ecdsa_signature sig;
    secp256k1_ecdsa_s2c_opening op;
    derive(sk, "bench s2c", 0);
    derive(msg, "bench s2c", 1);
    derive(rho, "bench s2c", 2);
    check(secp256k1_ec_pubkey_create(ctx, &pub, sk), "ec_pubkey_create");
    /* What the sign row makes verifies and opens to rho. */
    check(secp256k1_ecdsa_s2c_sign(ctx, &sig, &op, msg, sk, rho), "ecdsa_s2c_sign");
    check(secp256k1_ecdsa_verify(ctx, &sig, msg, &pub), "ecdsa_verify");
    check(secp256k1_ecdsa_s2c_verify_commit(ctx, &sig, rho, &op), "ecdsa_s2c_verify_commit");
    check(!secp256k1_ecdsa_s2c_verify_commit(ctx, &sig, msg, &op), "rejecting other data");
    /* The anti-exfil protocol, through its serialized messages. */
    check(secp256k1_ecdsa_anti_exfil_host_commit(ctx, commit, rho), "anti_exfil_host_commit");
    check(secp256k1_ecdsa_anti_exfil_signer_commit(ctx, &ae_op, msg, sk, commit), "anti_exfil_signer_commit");
    check(secp256k1_anti_exfil_sign(ctx, &sig, msg, sk, rho), "anti_exfil_sign");
    check(secp256k1_ecdsa_signature_serialize_compact(ctx, sig64, &sig), "signature_serialize_compact");
    check(secp256k1_ecdsa_signature_parse_compact(ctx, &ae_sig, sig64), "signature_parse_compact");
    check(secp256k1_anti_exfil_host_verify(ctx, &ae_sig, msg, &pub, rho, &ae_op), "anti_exfil_host_verify");
    check(!secp256k1_anti_exfil_host_verify(ctx, &ae_sig, msg, &pub, msg, &ae_op), "rejecting other host data");
}

/* halfagg_setup makes n signatures under distinct keys and their aggregate,
 * and checks that it verifies and that a changed message does not. */
static void halfagg_setup(size_t n) {
    size_t i, len = 32 * (n + 1);
    free(hpk);
    free(hparsed);
    free(hpk32);
    free(hmsg);
    free(hsig);
    free(hagg);
    free(hout);
    hn = n;
    hpk = malloc(n * sizeof *hpk);
    hparsed = malloc(n * sizeof *hparsed);
    hpk32 = malloc(32 * n);
    hmsg = malloc(32 * n);
    hsig = malloc(64 * n);
    hagg = malloc(len);
    hout = malloc(len);
    check(hpk && hparsed && hpk32 && hmsg && hsig && hagg && hout, "malloc");
    for (i = 0; i < n; i++) {
        unsigned char key[32], aux[32] = {0};
        secp256k1_keypair kp;
        derive(key, "bench halfagg key", (unsigned int)i);
        derive(&hmsg[32 * i], "bench halfagg msg", (unsigned int)i);
        check(secp256k1_keypair_create(ctx, &kp, key), "keypair_create");
        check(secp256k1_keypair_xonly_pub(ctx, &hpk[i], NULL, &kp), "keypair_xonly_pub");
        check(secp256k1_xonly_pubkey_serialize(ctx, &hpk32[32 * i], &hpk[i]), "xonly_pubkey_serialize");
        check(secp256k1_schnorrsig_sign32(ctx, &hsig[64 * i], &hmsg[32 * i], &kp, aux), "schnorrsig_sign32");
    }
    check(secp256k1_schnorrsig_aggregate(ctx, hagg, &len, hpk, hmsg, hsig, n), "schnorrsig_aggregate");
    check(len == 32 * (n + 1), "aggregate length");
    check(secp256k1_schnorrsig_aggverify(ctx, hpk, hmsg, n, hagg, len), "schnorrsig_aggverify");
    hmsg[0] ^= 1;
    check(!secp256k1_schnorrsig_aggverify(ctx, hpk, hmsg, n, hagg, len), "rejecting a changed message");
    hmsg[0] ^= 1;
}

int main(void) {
    static const size_t sizes[] = {2, 16, 256, 4096};
    size_t k;
    ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    cbench_header();
    s2c_setup();
    run("ecdsa_s2c_sign", s2c_sign, 20000);
    run("ecdsa_anti_exfil_host_verify", host_verify, 10000);
    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        char name[64];
        size_t n = sizes[k];
        halfagg_setup(n);
        snprintf(name, sizeof name, "schnorrsig_halfagg_aggregate_%zu", n);
        run(name, halfagg_aggregate, 40000 / n > 4 ? (int)(40000 / n) : 4);
        snprintf(name, sizeof name, "schnorrsig_halfagg_verify_%zu", n);
        run(name, halfagg_verify, 2000 / n > 2 ? (int)(2000 / n) : 2);
    }
    secp256k1_context_destroy(ctx);
    return 0;
}
