/* bench/libsecp-musig.c: the MuSig2 rows of `secp256k1 bench main`
 * (cmd/secp256k1/bench_musig.go) through libsecp256k1's musig module, for
 * bench/libsecp-internal.sh -m. It prints libsecp256k1's bench format
 * ("name, min, avg, max" in µs per iteration, 10 runs, timed by cbench.h as
 * the Go rows are).
 *
 * musig_partial_sign: a nonce from secp256k1_musig_nonce_gen and a partial
 * signature with it (secp256k1_musig_partial_sign makes no fault check, as
 * the Go row's SkipSelfVerify), serialized.
 *
 * musig_session_2of2: one process playing every part of a 2-of-2 session
 * with key pairs made beforehand, exchanging bytes where the Go API takes
 * bytes: the two 33-byte public keys parsed and aggregated, two nonces
 * generated and serialized, parsed and aggregated, the aggregate nonce
 * serialized and parsed and processed, two partial signatures made and
 * serialized, parsed and verified (against the nonces and keys parsed
 * before), and aggregated. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cbench.h"
#include "secp256k1.h"
#include "secp256k1_extrakeys.h"
#include "secp256k1_musig.h"

static secp256k1_context *ctx;
static unsigned char sk[2][32], pk33[2][33], msg[32];
static secp256k1_keypair kp[2];
static unsigned long long counter;

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "libsecp-musig: %s failed\n", what);
        exit(1);
    }
}

/* secrand fills a fresh session_secrand32 (nonce_gen zeroes it after use). */
static void secrand(unsigned char *out) {
    memset(out, 0x5a, 32);
    counter++;
    memcpy(out, &counter, sizeof counter);
}

static void partial_sign(void) {
    secp256k1_pubkey pk[2];
    const secp256k1_pubkey *pks[2] = {&pk[0], &pk[1]};
    secp256k1_musig_keyagg_cache cache;
    secp256k1_musig_secnonce sec;
    secp256k1_musig_pubnonce pub;
    secp256k1_musig_aggnonce agg;
    secp256k1_musig_session session;
    secp256k1_musig_partial_sig psig;
    unsigned char rand32[32], out[32];
    static int ready;
    static secp256k1_musig_keyagg_cache scache;
    static secp256k1_musig_session ssession;
    static secp256k1_pubkey spk;
    if (!ready) {
        const secp256k1_musig_pubnonce *pubs[1] = {&pub};
        check(secp256k1_ec_pubkey_parse(ctx, &pk[0], pk33[0], 33), "parse");
        check(secp256k1_ec_pubkey_parse(ctx, &pk[1], pk33[1], 33), "parse");
        check(secp256k1_musig_pubkey_agg(ctx, NULL, &cache, pks, 2), "pubkey_agg");
        secrand(rand32);
        check(secp256k1_musig_nonce_gen(ctx, &sec, &pub, rand32, sk[0], &pk[0], msg, &cache, NULL), "nonce_gen");
        check(secp256k1_musig_nonce_agg(ctx, &agg, pubs, 1), "nonce_agg");
        check(secp256k1_musig_nonce_process(ctx, &session, &agg, msg, &cache), "nonce_process");
        scache = cache;
        ssession = session;
        spk = pk[0];
        ready = 1;
    }
    secrand(rand32);
    check(secp256k1_musig_nonce_gen(ctx, &sec, &pub, rand32, sk[0], &spk, msg, &scache, NULL), "nonce_gen");
    check(secp256k1_musig_partial_sign(ctx, &psig, &sec, &kp[0], &scache, &ssession), "partial_sign");
    check(secp256k1_musig_partial_sig_serialize(ctx, out, &psig), "partial_sig_serialize");
}

static void session_2of2(void) {
    secp256k1_pubkey pk[2];
    const secp256k1_pubkey *pks[2] = {&pk[0], &pk[1]};
    secp256k1_musig_keyagg_cache cache;
    secp256k1_musig_secnonce sec[2];
    secp256k1_musig_pubnonce pub[2], pubp[2];
    const secp256k1_musig_pubnonce *pubs[2] = {&pubp[0], &pubp[1]};
    secp256k1_musig_aggnonce agg, aggp;
    secp256k1_musig_session session;
    secp256k1_musig_partial_sig psig[2], psigp[2];
    const secp256k1_musig_partial_sig *psigs[2] = {&psigp[0], &psigp[1]};
    unsigned char rand32[32], pub66[2][66], agg66[66], psig32[2][32], sig[64];
    int i;
    for (i = 0; i < 2; i++) {
        check(secp256k1_ec_pubkey_parse(ctx, &pk[i], pk33[i], 33), "parse");
    }
    check(secp256k1_musig_pubkey_agg(ctx, NULL, &cache, pks, 2), "pubkey_agg");
    for (i = 0; i < 2; i++) {
        secrand(rand32);
        check(secp256k1_musig_nonce_gen(ctx, &sec[i], &pub[i], rand32, sk[i], &pk[i], msg, &cache, NULL), "nonce_gen");
        check(secp256k1_musig_pubnonce_serialize(ctx, pub66[i], &pub[i]), "pubnonce_serialize");
    }
    for (i = 0; i < 2; i++) {
        check(secp256k1_musig_pubnonce_parse(ctx, &pubp[i], pub66[i]), "pubnonce_parse");
    }
    check(secp256k1_musig_nonce_agg(ctx, &agg, pubs, 2), "nonce_agg");
    check(secp256k1_musig_aggnonce_serialize(ctx, agg66, &agg), "aggnonce_serialize");
    check(secp256k1_musig_aggnonce_parse(ctx, &aggp, agg66), "aggnonce_parse");
    check(secp256k1_musig_nonce_process(ctx, &session, &aggp, msg, &cache), "nonce_process");
    for (i = 0; i < 2; i++) {
        check(secp256k1_musig_partial_sign(ctx, &psig[i], &sec[i], &kp[i], &cache, &session), "partial_sign");
        check(secp256k1_musig_partial_sig_serialize(ctx, psig32[i], &psig[i]), "partial_sig_serialize");
        check(secp256k1_musig_partial_sig_parse(ctx, &psigp[i], psig32[i]), "partial_sig_parse");
        check(secp256k1_musig_partial_sig_verify(ctx, &psigp[i], &pubp[i], &pk[i], &cache, &session), "partial_sig_verify");
    }
    check(secp256k1_musig_partial_sig_agg(ctx, sig, &session, psigs, 2), "partial_sig_agg");
}

int main(void) {
    int i;
    ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    for (i = 0; i < 2; i++) {
        secp256k1_pubkey pk;
        size_t len = 33;
        memset(sk[i], 0x11 * (i + 1), 32);
        check(secp256k1_keypair_create(ctx, &kp[i], sk[i]), "keypair_create");
        check(secp256k1_ec_pubkey_create(ctx, &pk, sk[i]), "pubkey_create");
        check(secp256k1_ec_pubkey_serialize(ctx, pk33[i], &len, &pk, SECP256K1_EC_COMPRESSED), "serialize");
    }
    memset(msg, 0x42, 32);
    cbench_header();
    run("musig_partial_sign", partial_sign, 20000);
    run("musig_session_2of2", session_2of2, 2000);
    secp256k1_context_destroy(ctx);
    return 0;
}
