#include <stdio.h>
#include <string.h>
#include <secp256k1.h>
#include <secp256k1_ellswift.h>
static void hex(const unsigned char *b, int n) { for (int i = 0; i < n; i++) printf("%02x", b[i]); }
/* deterministic bytes: SHA-256-free LCG-ish expansion of a counter */
static void fill(unsigned char *b, int n, unsigned seed) {
	unsigned long long x = 0x9E3779B97F4A7C15ULL * (seed + 1);
	for (int i = 0; i < n; i++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; b[i] = (unsigned char)(x >> 24); }
}
int main(void) {
	secp256k1_context *ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
	printf("[\n");
	for (unsigned i = 0; i < 24; i++) {
		unsigned char sk[32], aux[32], rnd[32], out[64], enc[64], pub33[33];
		size_t len = 33;
		secp256k1_pubkey pk;
		do { fill(sk, 32, 1000 + i); sk[0] ^= 0; } while (0);
		if (!secp256k1_ec_seckey_verify(ctx, sk)) { sk[0] = 0x01; }
		fill(aux, 32, 2000 + i);
		fill(rnd, 32, 3000 + i);
		if (!secp256k1_ellswift_create(ctx, out, sk, i % 3 == 2 ? NULL : aux)) return 1;
		if (!secp256k1_ec_pubkey_create(ctx, &pk, sk)) return 1;
		secp256k1_ec_pubkey_serialize(ctx, pub33, &len, &pk, SECP256K1_EC_COMPRESSED);
		if (!secp256k1_ellswift_encode(ctx, enc, &pk, rnd)) return 1;
		printf("  {\"seckey\": \""); hex(sk, 32);
		printf("\", \"aux\": \""); if (i % 3 != 2) hex(aux, 32);
		printf("\", \"create\": \""); hex(out, 64);
		printf("\", \"pubkey\": \""); hex(pub33, 33);
		printf("\", \"rnd\": \""); hex(rnd, 32);
		printf("\", \"encode\": \""); hex(enc, 64);
		printf("\"}%s\n", i == 23 ? "" : ",");
	}
	printf("]\n");
	return 0;
}
