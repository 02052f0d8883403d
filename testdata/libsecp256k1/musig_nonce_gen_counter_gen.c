/* Generates musig_nonce_gen_counter.json: outputs of libsecp256k1's
 * secp256k1_musig_nonce_gen_counter for deterministic inputs. See README.md
 * for the build command. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_musig.h>

static void hexval(const unsigned char *b, int n) {
	if (b == NULL) { printf("null"); return; }
	printf("\"");
	for (int i = 0; i < n; i++) printf("%02x", b[i]);
	printf("\"");
}
static void hex(const char *name, const unsigned char *b, int n) {
	printf("\"%s\": ", name);
	hexval(b, n);
}
/* deterministic bytes: an xorshift expansion of a seed, as in ellswift_gen.c */
static void fill(unsigned char *b, int n, unsigned seed) {
	unsigned long long x = 0x9E3779B97F4A7C15ULL * (seed + 1);
	for (int i = 0; i < n; i++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; b[i] = (unsigned char)(x >> 24); }
}
static void seckey(secp256k1_context *ctx, unsigned char *sk, unsigned seed) {
	fill(sk, 32, seed);
	while (!secp256k1_ec_seckey_verify(ctx, sk)) fill(sk, 32, ++seed);
}
#define N 24
int main(void) {
	secp256k1_context *ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
	const uint64_t fixed[] = { 0, 1, 2, 0x8000000000000000ULL, 0xFFFFFFFFFFFFFFFFULL, 0x100000000ULL };
	printf("[\n");
	for (unsigned i = 0; i < N; i++) {
		unsigned char sk[32], msg[32], extra[32], tweak[32], buf[32], pk33[33], agg33[33], pn66[66];
		unsigned char others[2][33];
		size_t len;
		uint64_t cnt;
		secp256k1_keypair kp;
		secp256k1_pubkey pk, pks[3], aggfull;
		const secp256k1_pubkey *pkp[3];
		secp256k1_musig_keyagg_cache cache, *cachep = NULL;
		secp256k1_musig_secnonce sec, sec2;
		secp256k1_musig_pubnonce pub, pub2;
		int n_others = 0, tweak_mode = 0; /* 0 none, 1 plain, 2 x-only */

		/* cases 0..7 share one secret key, so that only the counter differs */
		seckey(ctx, sk, i < 8 ? 1000 : 1000 + i);
		if (i < 6) {
			cnt = fixed[i];
		} else {
			fill(buf, 8, 4000 + i);
			cnt = 0;
			for (int j = 0; j < 8; j++) cnt = cnt << 8 | buf[j];
		}
		if (!secp256k1_keypair_create(ctx, &kp, sk)) return 1;
		if (!secp256k1_keypair_pub(ctx, &pk, &kp)) return 1;
		len = 33;
		secp256k1_ec_pubkey_serialize(ctx, pk33, &len, &pk, SECP256K1_EC_COMPRESSED);
		fill(msg, 32, 2000 + i);
		fill(extra, 32, 3000 + i);
		int has_msg = i >= 8 && i % 2 == 0, has_extra = i >= 8 && i % 4 >= 2;
		if (i >= 8 && i % 3 != 0) {
			/* the signer and one or two other keys, the signer second if i is odd */
			n_others = 1 + i % 2;
			for (int j = 0; j < n_others; j++) {
				unsigned char osk[32];
				seckey(ctx, osk, 5000 + 10 * i + j);
				if (!secp256k1_ec_pubkey_create(ctx, &pks[j + 1], osk)) return 1;
				len = 33;
				secp256k1_ec_pubkey_serialize(ctx, others[j], &len, &pks[j + 1], SECP256K1_EC_COMPRESSED);
			}
			pks[0] = pk;
			if (i % 2 == 1) { pks[0] = pks[1]; pks[1] = pk; }
			for (int j = 0; j <= n_others; j++) pkp[j] = &pks[j];
			if (!secp256k1_musig_pubkey_agg(ctx, NULL, &cache, pkp, n_others + 1)) return 1;
			tweak_mode = i % 3 == 1 ? (i % 2 ? 2 : 1) : 0;
			fill(tweak, 32, 6000 + i);
			if (tweak_mode == 1 && !secp256k1_musig_pubkey_ec_tweak_add(ctx, NULL, &cache, tweak)) return 1;
			if (tweak_mode == 2 && !secp256k1_musig_pubkey_xonly_tweak_add(ctx, NULL, &cache, tweak)) return 1;
			if (!secp256k1_musig_pubkey_get(ctx, &aggfull, &cache)) return 1;
			len = 33;
			secp256k1_ec_pubkey_serialize(ctx, agg33, &len, &aggfull, SECP256K1_EC_COMPRESSED);
			cachep = &cache;
		}
		if (!secp256k1_musig_nonce_gen_counter(ctx, &sec, &pub, cnt, &kp,
				has_msg ? msg : NULL, cachep, has_extra ? extra : NULL)) return 1;
		if (!secp256k1_musig_pubnonce_serialize(ctx, pn66, &pub)) return 1;

		/* Self-check: nonce_gen with session_secrand32 = be64(cnt) || 0^24 and
		 * the same secret key gives the same nonce. */
		memset(buf, 0, 32);
		for (int j = 0; j < 8; j++) buf[j] = (unsigned char)(cnt >> (56 - 8 * j));
		if (cnt == 0) {
			/* nonce_gen refuses an all-zero session_secrand32 */
		} else {
			unsigned char pn2[66];
			if (!secp256k1_musig_nonce_gen(ctx, &sec2, &pub2, buf, sk, &pk,
					has_msg ? msg : NULL, cachep, has_extra ? extra : NULL)) return 1;
			if (!secp256k1_musig_pubnonce_serialize(ctx, pn2, &pub2)) return 1;
			if (memcmp(pn2, pn66, 66) != 0 || memcmp(sec2.data + 4, sec.data + 4, 64) != 0) {
				fprintf(stderr, "case %u: nonce_gen and nonce_gen_counter differ\n", i);
				return 1;
			}
		}

		printf("  {\"counter\": \"%llu\", ", (unsigned long long)cnt);
		hex("sk", sk, 32); printf(", ");
		hex("pk", pk33, 33); printf(", ");
		printf("\"keyagg_pubkeys\": [");
		for (int j = 0; cachep != NULL && j <= n_others; j++) {
			unsigned char b[33];
			len = 33;
			secp256k1_ec_pubkey_serialize(ctx, b, &len, &pks[j], SECP256K1_EC_COMPRESSED);
			printf("%s", j ? ", " : "");
			hexval(b, 33);
		}
		printf("], ");
		hex("tweak", tweak_mode ? tweak : NULL, 32); printf(", ");
		printf("\"tweak_is_xonly\": %s, ", tweak_mode == 2 ? "true" : "false");
		hex("aggpk", cachep ? agg33 + 1 : NULL, 32); printf(", ");
		hex("msg", has_msg ? msg : NULL, 32); printf(", ");
		hex("extra_in", has_extra ? extra : NULL, 32); printf(", ");
		/* secp256k1_musig_secnonce is opaque; its data is magic(4) || k1(32)
		 * || k2(32) || pk(64), see secp256k1_musig_secnonce_save. The vector
		 * holds BIP-327's 97-byte secnonce k1 || k2 || cbytes(pk). */
		unsigned char sn[97];
		memcpy(sn, sec.data + 4, 64);
		memcpy(sn + 64, pk33, 33);
		hex("expected_secnonce", sn, 97); printf(", ");
		hex("expected_pubnonce", pn66, 66);
		printf("}%s\n", i == N - 1 ? "" : ",");
	}
	printf("]\n");
	secp256k1_context_destroy(ctx);
	return 0;
}
