// bench/ifma/ifma.c: a measured prototype, not part of the library. It times
// eight independent secp256k1 field multiplications, and eight mixed point
// additions (the 8M + 3S formula of VarTimeAddAffine), in AVX-512 IFMA (5x52
// limbs, one field element per 64-bit lane, VPMADD52LUQ/HUQ), to size an
// 8-way batch path for the multi-scalar multiplication and batch
// verification (docs/design.md, "Beyond one formula"). It checks every
// product and every addition against a scalar reference first.
//
//   gcc -O3 -march=native -o /tmp/ifma bench/ifma/ifma.c
//   taskset -c 1 /tmp/ifma
//
// It needs a CPU with AVX512IFMA (the project's Xeon model 207 has it).
// Compare its "chains x 8" lines with `go test -run '^$' -bench
// 'Chains/op=Multiply/chains=4/backend=adx' ./internal/field` (ns/op / 4),
// and its mixed-addition line with two independent chains of
// VarTimeAddAffine, alternating, on an idle core. The scalar C row is a
// plain __int128 loop, slower than the project's assembly: do not quote it.
// The loops are unrolled by pragmas: without them gcc keeps the column
// accumulators in memory and the addition runs three times slower.
//
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

typedef unsigned __int128 u128;
#define M52 0xFFFFFFFFFFFFFULL
static const uint64_t R = 0x1000003D10ULL; // 2^260 mod p

// ---- scalar 4x64 reference (lazily reduced in [0, 2^256)) ----
static inline void mul4(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) {
	uint64_t t[8] = {0};
	for (int i = 0; i < 4; i++) {
		u128 carry = 0;
		for (int j = 0; j < 4; j++) {
			u128 x = (u128)a[i] * b[j] + t[i + j] + carry;
			t[i + j] = (uint64_t)x;
			carry = x >> 64;
		}
		t[i + 4] = (uint64_t)carry;
	}
	const uint64_t c = 0x1000003D1ULL;
	u128 acc = 0;
	uint64_t s[5];
	for (int i = 0; i < 4; i++) {
		acc += (u128)t[i + 4] * c + t[i];
		s[i] = (uint64_t)acc;
		acc >>= 64;
	}
	s[4] = (uint64_t)acc;
	acc = (u128)s[4] * c + s[0];
	r[0] = (uint64_t)acc; acc >>= 64;
	for (int i = 1; i < 4; i++) { acc += s[i]; r[i] = (uint64_t)acc; acc >>= 64; }
	uint64_t cy = (uint64_t)acc; // 0 or 1
	acc = (u128)r[0] + cy * c; r[0] = (uint64_t)acc; acc >>= 64;
	r[1] += (uint64_t)acc; // cannot carry further (see fe_generic.go)
}

// ---- 8-way IFMA, 5x52, limbs < 2^52 in and out ----
typedef struct { __m512i l[5]; } fe8;

static inline __m512i lo(__m512i acc, __m512i a, __m512i b) { return _mm512_madd52lo_epu64(acc, a, b); }
static inline __m512i hi(__m512i acc, __m512i a, __m512i b) { return _mm512_madd52hi_epu64(acc, a, b); }

// carries moves the bits above 52 of l[from..to-1] up one limb each, in
// order, leaving those limbs below 2^52 (l[to] takes the last carry).
static inline __attribute__((always_inline)) void carries(__m512i *l, int from, int to) {
	const __m512i m = _mm512_set1_epi64(M52);
	#pragma GCC unroll 16
	for (int k = from; k < to; k++) {
		l[k + 1] = _mm512_add_epi64(l[k + 1], _mm512_srli_epi64(l[k], 52));
		l[k] = _mm512_and_si512(l[k], m);
	}
}

static inline __attribute__((always_inline)) void mul8(fe8 *r, const fe8 *a, const fe8 *b) {
	const __m512i z = _mm512_setzero_si512(), m = _mm512_set1_epi64(M52), rr = _mm512_set1_epi64(R);
	__m512i t[10];
	#pragma GCC unroll 16
	for (int k = 0; k < 10; k++) t[k] = z;
	#pragma GCC unroll 16
	for (int i = 0; i < 5; i++)
		#pragma GCC unroll 16
		for (int j = 0; j < 5; j++) {
			t[i + j] = lo(t[i + j], a->l[i], b->l[j]);
			t[i + j + 1] = hi(t[i + j + 1], a->l[i], b->l[j]);
		}
	// normalize columns 4..9 so that t5..t9 < 2^52; nothing carries out of
	// t9, since the product of two values below 2^260 is below 2^520
	carries(t, 4, 9);
	// fold: t_{k-5} += t_k * R (k = 5..9)
	__m512i u[6];
	#pragma GCC unroll 16
	for (int k = 0; k < 5; k++) u[k] = t[k];
	u[5] = z;
	#pragma GCC unroll 16
	for (int k = 5; k < 10; k++) {
		u[k - 5] = lo(u[k - 5], t[k], rr);
		u[k - 4] = hi(u[k - 4], t[k], rr);
	}
	// normalize u0..u4, carry into u5, fold u5 * R into u0/u1, normalize again
	carries(u, 0, 5);
	u[0] = lo(u[0], u[5], rr);
	u[1] = hi(u[1], u[5], rr);
	carries(u, 0, 4);
	// u4 reaches 2^52 only if the carry ran through u1..u3, which are then
	// below 2^24: adding top*R into u0 carries at most 1 into u1, and stops
	__m512i top = _mm512_srli_epi64(u[4], 52);
	u[4] = _mm512_and_si512(u[4], m);
	u[0] = lo(u[0], top, rr); // top*R < 2^52, u0 < 2^52 + small: one more carry step
	carries(u, 0, 1);
	#pragma GCC unroll 16
	for (int k = 0; k < 5; k++) r->l[k] = u[k];
}


static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

static void to52(uint64_t out[5], const uint64_t a[4]) {
	out[0] = a[0] & M52;
	out[1] = (a[0] >> 52 | a[1] << 12) & M52;
	out[2] = (a[1] >> 40 | a[2] << 24) & M52;
	out[3] = (a[2] >> 28 | a[3] << 36) & M52;
	out[4] = a[3] >> 16;
}
// value of 5x52 (limbs < 2^52, value < 2^260) mod p, into canonical 4x64
static void from52(uint64_t out[4], const uint64_t l[5]) {
	// value = sum l_k 2^(52k); compute as 320-bit then reduce by repeated folding
	uint64_t w[5] = {0};
	u128 acc;
	w[0] = l[0] | l[1] << 52;
	w[1] = l[1] >> 12 | l[2] << 40;
	w[2] = l[2] >> 24 | l[3] << 28;
	w[3] = l[3] >> 36 | l[4] << 16;
	w[4] = l[4] >> 48;
	// fold w4 * c
	acc = (u128)w[4] * 0x1000003D1ULL + w[0]; w[0] = acc; acc >>= 64;
	for (int i = 1; i < 4; i++) { acc += w[i]; w[i] = acc; acc >>= 64; }
	if (acc) { acc = (u128)w[0] + 0x1000003D1ULL; w[0] = acc; acc >>= 64; for (int i = 1; i < 4; i++) { acc += w[i]; w[i] = acc; acc >>= 64; } }
	// canonical: subtract p if >= p
	const uint64_t p[4] = {0xFFFFFFFEFFFFFC2FULL, ~0ULL, ~0ULL, ~0ULL};
	int ge = 1;
	for (int i = 3; i >= 0; i--) { if (w[i] != p[i]) { ge = w[i] > p[i]; break; } }
	if (ge) { u128 b = 0; for (int i = 0; i < 4; i++) { u128 d = (u128)w[i] - p[i] - b; w[i] = d; b = (d >> 64) & 1; } }
	memcpy(out, w, 32);
}
static void canon4(uint64_t w[4]) { uint64_t l[5]; to52(l, w); from52(w, l); }

// ---- the mixed addition (8M + 3S, variable-time formula without its
// exceptional cases) on eight points at once, every limb < 2^52 between
// operations: additions and subtractions are limb-wise, then normalized ----

static inline __attribute__((always_inline)) void norm8(fe8 *r) {
	const __m512i m = _mm512_set1_epi64(M52), rr = _mm512_set1_epi64(R);
	carries(r->l, 0, 4);
	__m512i top = _mm512_srli_epi64(r->l[4], 52); // < 2^12 for limbs < 2^63
	r->l[4] = _mm512_and_si512(r->l[4], m);
	r->l[0] = _mm512_madd52lo_epu64(r->l[0], top, rr); // top*R < 2^49
	carries(r->l, 0, 4);
	// l4 reaches 2^52 here only if l1..l4 were all 2^52 - 1 and the carry ran
	// through them (a value within 2^49 of 2^260): a library would fold once
	// more; this prototype leaves it to the check below.
}

// 32p in 5x52 limbs, each at least 2^52: a + 32p - b is never negative.
static const uint64_t p32[5] = {0xFFFFEFFFFFC2FULL * 32, M52 * 32, M52 * 32, M52 * 32, 0xFFFFFFFFFFFFULL * 32};

static inline __attribute__((always_inline)) void sub8(fe8 *r, const fe8 *a, const fe8 *b) {
	#pragma GCC unroll 16
	for (int k = 0; k < 5; k++)
		r->l[k] = _mm512_sub_epi64(_mm512_add_epi64(a->l[k], _mm512_set1_epi64(p32[k])), b->l[k]);
	norm8(r);
}

typedef struct { fe8 x, y, z; } jac8;
typedef struct { fe8 x, y; } aff8;

static inline __attribute__((always_inline)) void madd8(jac8 *v, const jac8 *p, const aff8 *a) {
	fe8 zz, u2, s2, h, r, h2, h3, t, yh3, x3, w;
	mul8(&zz, &p->z, &p->z);
	mul8(&u2, &a->x, &zz);
	mul8(&s2, &a->y, &zz);
	mul8(&s2, &s2, &p->z);
	sub8(&h, &u2, &p->x);
	sub8(&r, &s2, &p->y);
	mul8(&v->z, &p->z, &h);
	mul8(&h2, &h, &h);
	mul8(&h3, &h2, &h);
	mul8(&t, &p->x, &h2);
	mul8(&yh3, &p->y, &h3);
	mul8(&x3, &r, &r);
	#pragma GCC unroll 16
	for (int k = 0; k < 5; k++) // x3 = r^2 - h3 - 2t + 64p
		x3.l[k] = _mm512_sub_epi64(_mm512_sub_epi64(_mm512_add_epi64(x3.l[k], _mm512_set1_epi64(2 * p32[k])), h3.l[k]),
			_mm512_add_epi64(t.l[k], t.l[k]));
	norm8(&x3);
	sub8(&w, &t, &x3);
	mul8(&w, &r, &w);
	sub8(&v->y, &w, &yh3);
	v->x = x3;
}

// scalar reference on canonical 4x64 values
static void addm(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) {
	u128 acc = 0; uint64_t t[4];
	for (int i = 0; i < 4; i++) { acc += (u128)a[i] + b[i]; t[i] = acc; acc >>= 64; }
	if (acc) { acc = (u128)t[0] + 0x1000003D1ULL; t[0] = acc; acc >>= 64; for (int i = 1; i < 4; i++) { acc += t[i]; t[i] = acc; acc >>= 64; } }
	memcpy(r, t, 32); canon4(r);
}
static void negm(uint64_t r[4], const uint64_t a[4]) {
	uint64_t c[4]; memcpy(c, a, 32); canon4(c);
	const uint64_t p[4] = {0xFFFFFFFEFFFFFC2FULL, ~0ULL, ~0ULL, ~0ULL};
	u128 b = 0; for (int i = 0; i < 4; i++) { u128 d = (u128)p[i] - c[i] - b; r[i] = d; b = (d >> 64) & 1; }
	canon4(r);
}
static void subm(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) { uint64_t n[4]; negm(n, b); addm(r, a, n); }
static void mulm(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) { mul4(r, a, b); canon4(r); }

static void madd_ref(uint64_t X[4], uint64_t Y[4], uint64_t Z[4], const uint64_t x2[4], const uint64_t y2[4]) {
	uint64_t zz[4], u2[4], s2[4], h[4], r[4], h2[4], h3[4], t[4], yh3[4], x3[4], w[4], z3[4];
	mulm(zz, Z, Z); mulm(u2, x2, zz); mulm(s2, y2, zz); mulm(s2, s2, Z);
	subm(h, u2, X); subm(r, s2, Y);
	mulm(z3, Z, h); mulm(h2, h, h); mulm(h3, h2, h); mulm(t, X, h2); mulm(yh3, Y, h3);
	mulm(x3, r, r); subm(x3, x3, h3); subm(x3, x3, t); subm(x3, x3, t);
	subm(w, t, x3); mulm(w, r, w); subm(Y, w, yh3);
	memcpy(X, x3, 32); memcpy(Z, z3, 32);
}

static void load8(fe8 *f, uint64_t v[8][4]) {
	for (int k = 0; k < 5; k++) {
		uint64_t l[8];
		for (int e = 0; e < 8; e++) { uint64_t x[5]; to52(x, v[e]); l[e] = x[k]; }
		f->l[k] = _mm512_loadu_si512(l);
	}
}
static int lane(uint64_t out[4], const fe8 *f, int e) {
	uint64_t l5[5];
	for (int k = 0; k < 5; k++) { uint64_t tmp[8]; _mm512_storeu_si512(tmp, f->l[k]); l5[k] = tmp[e]; if (l5[k] >> 52) return 0; }
	from52(out, l5);
	return 1;
}

static double now(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec + ts.tv_nsec * 1e-9; }

int main(void) {
	// correctness: random and edge inputs
	for (int trial = 0; trial < 20000; trial++) {
		uint64_t a[8][4], b[8][4];
		for (int e = 0; e < 8; e++) for (int i = 0; i < 4; i++) {
			a[e][i] = next(); b[e][i] = next();
			if (trial % 7 == 0) { a[e][i] = ~0ULL; }
			if (trial % 11 == 0) { b[e][i] = ~0ULL; }
		}
		fe8 A, B, Rr;
		for (int k = 0; k < 5; k++) {
			uint64_t la[8], lb[8];
			for (int e = 0; e < 8; e++) { uint64_t x[5], y[5]; to52(x, a[e]); to52(y, b[e]); la[e] = x[k]; lb[e] = y[k]; }
			A.l[k] = _mm512_loadu_si512(la); B.l[k] = _mm512_loadu_si512(lb);
		}
		mul8(&Rr, &A, &B);
		// chain once more to check outputs are valid inputs
		mul8(&Rr, &Rr, &B);
		for (int e = 0; e < 8; e++) {
			uint64_t got5[5], want[4], got[4];
			for (int k = 0; k < 5; k++) { uint64_t tmp[8]; _mm512_storeu_si512(tmp, Rr.l[k]); got5[k] = tmp[e]; if (got5[k] >> 52) { printf("limb %d not normalized\n", k); return 1; } }
			from52(got, got5);
			mul4(want, a[e], b[e]); mul4(want, want, b[e]); canon4(want);
			if (memcmp(got, want, 32)) { printf("mismatch trial %d lane %d\n", trial, e); return 1; }
		}
	}
	printf("correct on 20000x8 products (chained twice)\n");

	// throughput: 8 independent chains each
	const long N = 20000000;
	fe8 A, B;
	for (int k = 0; k < 5; k++) { A.l[k] = _mm512_set1_epi64(next() & M52); B.l[k] = _mm512_set1_epi64(next() & M52); }
	for (int rep = 0; rep < 3; rep++) {
		double t0 = now();
		for (long i = 0; i < N / 8; i++) mul8(&A, &A, &B);
		double t1 = now();
		uint64_t x[4][4], y[4];
		for (int e = 0; e < 4; e++) for (int i = 0; i < 4; i++) x[e][i] = next();
		for (int i = 0; i < 4; i++) y[i] = next();
		double t2 = now();
		for (long i = 0; i < N / 4; i++) { mul4(x[0], x[0], y); mul4(x[1], x[1], y); mul4(x[2], x[2], y); mul4(x[3], x[3], y); }
		double t3 = now();
		uint64_t s = x[0][0] ^ x[1][1] ^ x[2][2] ^ x[3][3];
		uint64_t tmp[8]; _mm512_storeu_si512(tmp, A.l[0]);
		printf("ifma 8-way: %.2f ns/mul   scalar 4x64 C, 4 chains: %.2f ns/mul   (sink %llx)\n",
			(t1 - t0) / N * 1e9, (t3 - t2) / N * 1e9, (unsigned long long)(s ^ tmp[0]));
	}
	{
		fe8 A2 = A, A3 = A, A4 = A;
		for (int rep = 0; rep < 3; rep++) {
			double t0 = now();
			for (long i = 0; i < N / 16; i++) { mul8(&A, &A, &B); mul8(&A2, &A2, &B); }
			double t1 = now();
			for (long i = 0; i < N / 32; i++) { mul8(&A, &A, &B); mul8(&A2, &A2, &B); mul8(&A3, &A3, &B); mul8(&A4, &A4, &B); }
			double t2 = now();
			uint64_t tmp[8]; _mm512_storeu_si512(tmp, _mm512_xor_si512(_mm512_xor_si512(A.l[0], A2.l[1]), _mm512_xor_si512(A3.l[2], A4.l[3])));
			printf("ifma 2 chains x 8: %.2f ns/mul   4 chains x 8: %.2f ns/mul  (%llx)\n", (t1 - t0) / N * 1e9, (t2 - t1) / N * 1e9, (unsigned long long)tmp[0]);
		}
	}
	// the mixed addition: check 8 lanes x 2000 chained additions against the
	// scalar reference (random field values stand in for points: the formula
	// is an identity of field arithmetic), then time two groups in flight
	{
		uint64_t X[8][4], Y[8][4], Z[8][4], x2[8][4], y2[8][4];
		for (int e = 0; e < 8; e++) for (int i = 0; i < 4; i++) { X[e][i] = next(); Y[e][i] = next(); Z[e][i] = next(); x2[e][i] = next(); y2[e][i] = next(); }
		for (int e = 0; e < 8; e++) { canon4(X[e]); canon4(Y[e]); canon4(Z[e]); canon4(x2[e]); canon4(y2[e]); }
		jac8 P; aff8 A;
		load8(&P.x, X); load8(&P.y, Y); load8(&P.z, Z); load8(&A.x, x2); load8(&A.y, y2);
		for (int it = 0; it < 2000; it++) {
			madd8(&P, &P, &A);
			for (int e = 0; e < 8; e++) madd_ref(X[e], Y[e], Z[e], x2[e], y2[e]);
			for (int e = 0; e < 8; e++) {
				uint64_t gx[4], gy[4], gz[4];
				if (!lane(gx, &P.x, e) || !lane(gy, &P.y, e) || !lane(gz, &P.z, e)) { printf("madd8: limb not normalized\n"); return 1; }
				if (memcmp(gx, X[e], 32) || memcmp(gy, Y[e], 32) || memcmp(gz, Z[e], 32)) { printf("madd8 mismatch at %d lane %d\n", it, e); return 1; }
			}
		}
		printf("mixed addition correct on 8 lanes x 2000 chained additions\n");
		jac8 Q = P;
		for (int rep = 0; rep < 3; rep++) {
			const long M = 4000000;
			double t0 = now();
			for (long i = 0; i < M / 16; i++) { madd8(&P, &P, &A); madd8(&Q, &Q, &A); }
			double t1 = now();
			uint64_t tmp[8]; _mm512_storeu_si512(tmp, _mm512_xor_si512(P.x.l[0], Q.y.l[1]));
			printf("ifma mixed addition, 2 groups x 8: %.1f ns per addition (%llx)\n", (t1 - t0) / M * 1e9, (unsigned long long)tmp[0]);
		}
	}
	return 0;
}
