/*
 * ifma1.c: one secp256k1 point formula with its independent field products
 * packed into the lanes of AVX-512 IFMA (VPMADD52LUQ/VPMADD52HUQ).
 *
 * Question: can the products inside ONE doubling or ONE mixed addition,
 * multiplied four at a time in the 64-bit lanes of a ymm register (or two
 * points at a time, eight lanes of a zmm register), beat the scalar 4x64
 * MULX formulas? This file has
 *   - a plain reference: field arithmetic mod p on 4x64-bit limbs with
 *     unsigned __int128, fully reduced after every operation, and
 *     Kestrel's doubling and general mixed addition written plainly;
 *   - the lane code (section LANE CODE, compiled twice by including this
 *     file into itself: 4 lanes in __m256i, 8 lanes in __m512i);
 *   - the move of one point between Kestrel's 4x64 form and the 4-lane
 *     layout (to_lanes4, from_lanes4; section 4x64 <-> 4 LANES), for a
 *     "hybrid" loop with the doublings on scalar MULX code and the mixed
 *     additions on IFMA, and that addition in one function (hybrid_madd4);
 *   - a correctness test that compares the lane formulas with the reference
 *     bit for bit after normalization, and the hybrid addition with it mod p
 *     (exit status 1 on the first mismatch);
 *   - a timing harness (dependent chains, median of 11 batches).
 *
 * Usage: ifma1 quick | full | test   (see run.sh, README.md)
 *
 * Field representation of the lane code ("vec4"): radix 2^52, five limbs;
 * a field value is five vectors, vector i holding limb i of one independent
 * field element per 64-bit lane. Bounds used throughout:
 *   weak:   limbs 0..3 < 2^52, limb 4 < 2^48 + 2^12 (value < 2^256 + 2^220).
 *           fnorm() returns weak values from any limbs < 2^63; the
 *           formulas take and return weak points.
 *   mulin:  all five limbs < 2^52 (value < 2^260). What a multiplication
 *           needs of its inputs: IFMA reads only the low 52 bits of a limb,
 *           so a limb >= 2^52 would be silently truncated. Weak is mulin.
 *   raw:    every limb < 2^56, what fmul_raw() returns (columns reduced
 *           mod p but not carried). A raw product goes straight into
 *           additions and subtractions; one fnorm() follows them.
 * Subtraction a - b is a + OFF - b, OFF = 2^12 p written with every limb in
 * [2^58, 2^61): no limb goes negative for any b with limbs < 2^58 (up to
 * three raw products added), and no sum reaches 2^63.
 */
#ifndef LANES

#define _GNU_SOURCE
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef unsigned __int128 u128;
#define NOINLINE __attribute__((noinline))
#define INLINE static inline __attribute__((always_inline))

/* ==================== REFERENCE (4x64, __int128) ==================== */

/* p = 2^256 - K */
#define KC 0x1000003D1ULL
static const uint64_t PR[4] = {0xFFFFFFFEFFFFFC2FULL, ~0ULL, ~0ULL, ~0ULL};

typedef struct { uint64_t v[4]; } rfe; /* always fully reduced, < p */
typedef struct { rfe x, y, z; } rjac;
typedef struct { rfe x, y; } raff;

static int r_ge_p(const uint64_t w[4]) {
	if (w[3] != ~0ULL || w[2] != ~0ULL || w[1] != ~0ULL)
		return 0;
	return w[0] >= PR[0];
}

/* r = (hi*2^256 + w) mod p, fully reduced. */
static void r_reduce(rfe *r, uint64_t w[4], uint64_t hi) {
	while (hi) {
		u128 m = (u128)hi * KC, s;
		s = (u128)w[0] + (uint64_t)m;
		w[0] = (uint64_t)s;
		s = (s >> 64) + w[1] + (uint64_t)(m >> 64);
		w[1] = (uint64_t)s;
		s = (s >> 64) + w[2];
		w[2] = (uint64_t)s;
		s = (s >> 64) + w[3];
		w[3] = (uint64_t)s;
		hi = (uint64_t)(s >> 64);
	}
	if (r_ge_p(w)) { /* w - p = w + K - 2^256 */
		u128 s = (u128)w[0] + KC;
		w[0] = (uint64_t)s;
		for (int i = 1; i < 4; i++) {
			s = (s >> 64) + w[i];
			w[i] = (uint64_t)s;
		}
	}
	memcpy(r->v, w, 32);
}

static void r_set_words(rfe *r, const uint64_t w[4]) {
	uint64_t t[4];
	memcpy(t, w, 32);
	r_reduce(r, t, 0);
}

static void r_set_hex(rfe *r, const char *hex) {
	uint64_t w[4] = {0};
	size_t n = strlen(hex);
	for (size_t i = 0; i < n; i++) {
		char c = hex[n - 1 - i];
		uint64_t d = c <= '9' ? (uint64_t)(c - '0') : (uint64_t)((c | 0x20) - 'a' + 10);
		w[i / 16] |= d << (4 * (i % 16));
	}
	r_set_words(r, w);
}

static void r_set_u64(rfe *r, uint64_t x) {
	uint64_t w[4] = {x, 0, 0, 0};
	r_set_words(r, w);
}

static int r_eq(const rfe *a, const rfe *b) { return memcmp(a->v, b->v, 32) == 0; }
static int r_is_zero(const rfe *a) { return (a->v[0] | a->v[1] | a->v[2] | a->v[3]) == 0; }

static void r_add(rfe *r, const rfe *a, const rfe *b) {
	uint64_t w[4];
	u128 s = 0;
	for (int i = 0; i < 4; i++) {
		s += (u128)a->v[i] + b->v[i];
		w[i] = (uint64_t)s;
		s >>= 64;
	}
	r_reduce(r, w, (uint64_t)s);
}

static void r_sub(rfe *r, const rfe *a, const rfe *b) {
	uint64_t w[4], borrow = 0;
	for (int i = 0; i < 4; i++) {
		u128 d = (u128)a->v[i] - b->v[i] - borrow;
		w[i] = (uint64_t)d;
		borrow = (uint64_t)(d >> 64) & 1;
	}
	if (borrow) { /* w = a - b + 2^256; want a - b + p = w - K */
		uint64_t bb = 0;
		for (int i = 0; i < 4; i++) {
			u128 d = (u128)w[i] - (i == 0 ? KC : 0) - bb;
			w[i] = (uint64_t)d;
			bb = (uint64_t)(d >> 64) & 1;
		}
	}
	memcpy(r->v, w, 32);
}

static void r_neg(rfe *r, const rfe *a) {
	rfe z = {{0, 0, 0, 0}};
	r_sub(r, &z, a);
}

static void r_mul(rfe *r, const rfe *a, const rfe *b) {
	uint64_t t[8] = {0};
	for (int i = 0; i < 4; i++) {
		u128 c = 0;
		for (int j = 0; j < 4; j++) {
			c += (u128)a->v[i] * b->v[j] + t[i + j];
			t[i + j] = (uint64_t)c;
			c >>= 64;
		}
		t[i + 4] = (uint64_t)c;
	}
	/* t_lo + t_hi*2^256 = t_lo + t_hi*K (mod p) */
	uint64_t w[4];
	u128 c = 0;
	for (int i = 0; i < 4; i++) {
		c += (u128)t[i + 4] * KC + t[i];
		w[i] = (uint64_t)c;
		c >>= 64;
	}
	r_reduce(r, w, (uint64_t)c);
}

static void r_sqr(rfe *r, const rfe *a) { r_mul(r, a, a); }

static void r_mul_small(rfe *r, const rfe *a, uint64_t k) {
	uint64_t w[4];
	u128 c = 0;
	for (int i = 0; i < 4; i++) {
		c += (u128)a->v[i] * k;
		w[i] = (uint64_t)c;
		c >>= 64;
	}
	r_reduce(r, w, (uint64_t)c);
}

static void r_half(rfe *r, const rfe *a) {
	uint64_t w[4], top = 0;
	memcpy(w, a->v, 32);
	if (w[0] & 1) {
		u128 s = 0;
		for (int i = 0; i < 4; i++) {
			s += (u128)w[i] + PR[i];
			w[i] = (uint64_t)s;
			s >>= 64;
		}
		top = (uint64_t)s;
	}
	for (int i = 0; i < 3; i++)
		w[i] = (w[i] >> 1) | (w[i + 1] << 63);
	w[3] = (w[3] >> 1) | (top << 63);
	memcpy(r->v, w, 32);
}

/* a^(p-2) */
static void r_inv(rfe *r, const rfe *a) {
	uint64_t e[4] = {PR[0] - 2, PR[1], PR[2], PR[3]};
	rfe acc;
	r_set_u64(&acc, 1);
	for (int i = 255; i >= 0; i--) {
		r_sqr(&acc, &acc);
		if ((e[i / 64] >> (i % 64)) & 1)
			r_mul(&acc, &acc, a);
	}
	*r = acc;
}

/* Kestrel's doubling (internal/group doubleGeneric; libsecp256k1's
 * secp256k1_gej_double): 3M + 4S. */
static void r_dbl(rjac *o, const rjac *p) {
	rfe l, s, t, x3, y3, z3;
	r_mul(&z3, &p->z, &p->y);
	r_sqr(&s, &p->y);
	r_sqr(&l, &p->x);
	r_mul_small(&l, &l, 3);
	r_half(&l, &l);
	r_neg(&t, &s);
	r_mul(&t, &t, &p->x);
	r_sqr(&x3, &l);
	r_add(&x3, &x3, &t);
	r_add(&x3, &x3, &t);
	r_sqr(&s, &s);
	r_add(&t, &t, &x3);
	r_mul(&y3, &t, &l);
	r_add(&y3, &y3, &s);
	r_neg(&y3, &y3);
	o->x = x3, o->y = y3, o->z = z3;
}

/* Kestrel's mixed addition, general case (internal/group mixedHR +
 * mixedGeneral, VarTimeAddAffine for p not the identity and H != 0):
 * 8M + 3S. The formula is polynomial, so it is also defined (and compared)
 * for H = 0 and for triples that are not on the curve. */
static void r_madd(rjac *o, const rjac *p, const raff *a) {
	rfe z1z1, u2, s2, h, r, h2, h3, t, x3, y3, z3;
	r_sqr(&z1z1, &p->z);
	r_mul(&u2, &a->x, &z1z1);
	r_mul(&s2, &a->y, &z1z1);
	r_mul(&s2, &s2, &p->z);
	r_sub(&h, &u2, &p->x);
	r_sub(&r, &s2, &p->y);
	r_mul(&z3, &p->z, &h);
	r_sqr(&h2, &h);
	r_mul(&h3, &h2, &h);
	r_mul(&t, &p->x, &h2);
	r_sqr(&x3, &r);
	r_sub(&x3, &x3, &h3);
	r_sub(&x3, &x3, &t);
	r_sub(&x3, &x3, &t);
	r_sub(&y3, &t, &x3);
	r_mul(&y3, &y3, &r);
	r_mul(&h3, &h3, &p->y);
	r_sub(&y3, &y3, &h3);
	o->x = x3, o->y = y3, o->z = z3;
}

static void r_to_affine(raff *a, const rjac *p) {
	rfe zi, zi2, zi3;
	r_inv(&zi, &p->z);
	r_sqr(&zi2, &zi);
	r_mul(&zi3, &zi2, &zi);
	r_mul(&a->x, &p->x, &zi2);
	r_mul(&a->y, &p->y, &zi3);
}

static int r_on_curve(const raff *a) { /* y^2 = x^3 + 7 */
	rfe y2, x3, seven;
	r_sqr(&y2, &a->y);
	r_sqr(&x3, &a->x);
	r_mul(&x3, &x3, &a->x);
	r_set_u64(&seven, 7);
	r_add(&x3, &x3, &seven);
	return r_eq(&y2, &x3);
}

/* ==================== radix-2^52 conversion (per lane) ==================== */

#define M52 0xFFFFFFFFFFFFFULL
#define M48 0xFFFFFFFFFFFFULL
/* p in radix 2^52 */
static const uint64_t P52[5] = {0xFFFFEFFFFFC2FULL, M52, M52, M52, M48};
/* 2^12 p with every limb in [2^58, 2^61): the subtraction offset, see OFF */
static const uint64_t OFFB[5] = {0x40fefffffc2f000ULL, 0x40fffffffffffbfULL, 0x40fffffffffffbfULL,
                                 0x40fffffffffffbfULL, 0xfffffffffffffbfULL};

static void to52(uint64_t l[5], const rfe *a) {
	const uint64_t *w = a->v;
	l[0] = w[0] & M52;
	l[1] = ((w[0] >> 52) | (w[1] << 12)) & M52;
	l[2] = ((w[1] >> 40) | (w[2] << 24)) & M52;
	l[3] = ((w[2] >> 28) | (w[3] << 36)) & M52;
	l[4] = w[3] >> 16;
}

/* Any limbs < 2^63 (value < 2^320) back to a fully reduced element. */
static void from52(rfe *a, const uint64_t l[5]) {
	uint64_t w[5] = {0};
	for (int i = 0; i < 5; i++) { /* add l[i] << 52i into w */
		int bit = 52 * i, wi = bit / 64, sh = bit % 64;
		u128 v = (u128)l[i] << sh, s = 0;
		for (int k = wi; k < 5; k++) {
			s += (u128)w[k] + (uint64_t)v;
			w[k] = (uint64_t)s;
			s >>= 64;
			v >>= 64;
		}
	}
	r_reduce(a, w, w[4]);
}

/* ==================== random numbers ==================== */

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static uint64_t rnd(void) { /* xorshift64* */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1DULL;
}
static void r_rand(rfe *r) {
	uint64_t w[4] = {rnd(), rnd(), rnd(), rnd()};
	r_set_words(r, w);
}

static double now_ns(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

#define BATCHES 11
static volatile uint64_t sink;

/* out = median over BATCHES batches (after one warm-up batch) of the time
 * per run of stmt, in ns, each batch running stmt n times */
#define MEDIAN_NS(out, n, stmt)                                       \
	do {                                                          \
		double t_[BATCHES];                                   \
		for (int b_ = -1; b_ < BATCHES; b_++) {               \
			double t0_ = now_ns();                        \
			for (long i_ = 0; i_ < (n); i_++)             \
				stmt;                                 \
			double dt_ = now_ns() - t0_;                  \
			if (b_ >= 0)                                  \
				t_[b_] = dt_ / (double)(n);           \
		}                                                     \
		qsort(t_, BATCHES, sizeof t_[0], cmp_double);         \
		(out) = t_[BATCHES / 2];                              \
	} while (0)

/* ==================== test and timing driver ==================== */

static int fail(const char *what, int i) {
	printf("MISMATCH: %s (case %d)\n", what, i);
	return 1;
}

static const char *GX = "79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798";
static const char *GY = "483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8";

static void scale_z(rjac *p, const rfe *z) {
	rfe z2, z3;
	r_sqr(&z2, z);
	r_mul(&z3, &z2, z);
	r_mul(&p->x, &p->x, &z2);
	r_mul(&p->y, &p->y, &z3);
	r_mul(&p->z, &p->z, z);
}

#define NAFF 8
#define NWALK 400
#define NEDGE 400
static raff affs[NAFF];   /* G, 2G, ..., 8G */
static rjac walk[NWALK];  /* random walk with random Z */
static rjac edge[NEDGE];  /* coordinates from edge values, not on the curve */
static raff edgea[NEDGE];
/* every test case: input point, affine point, and representation (0
 * canonical, 1 value + p where that stays weak: limbs near all ones) */
#define NCASE (NWALK + NEDGE)
static const rjac *case_in[NCASE];
static const raff *case_aff[NCASE];
static int case_rep[NCASE];

static int ref_selftest(void) {
	rjac g, g2, g3;
	raff a;
	rfe want;
	r_set_hex(&g.x, GX);
	r_set_hex(&g.y, GY);
	r_set_u64(&g.z, 1);
	a.x = g.x, a.y = g.y;
	if (!r_on_curve(&a))
		return fail("reference: G not on the curve", 0);
	r_dbl(&g2, &g);
	r_to_affine(&a, &g2);
	r_set_hex(&want, "C6047F9441ED7D6D3045406E95C07CD85C778E4B8CEF3CA7ABAC09B95C709EE5");
	if (!r_eq(&a.x, &want) || !r_on_curve(&a))
		return fail("reference: 2G", 0);
	raff ga = {g.x, g.y};
	r_madd(&g3, &g2, &ga);
	r_to_affine(&a, &g3);
	r_set_hex(&want, "F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9");
	if (!r_eq(&a.x, &want) || !r_on_curve(&a))
		return fail("reference: 3G = 2G + G", 0);
	/* field: (p-1)^2 = 1, inverse, half */
	rfe m1, one, t;
	r_set_u64(&one, 1);
	r_neg(&m1, &one);
	r_sqr(&t, &m1);
	if (!r_eq(&t, &one))
		return fail("reference: (p-1)^2", 0);
	for (int i = 0; i < 50; i++) {
		rfe x, y, z;
		r_rand(&x);
		if (r_is_zero(&x))
			continue;
		r_inv(&y, &x);
		r_mul(&z, &y, &x);
		if (!r_eq(&z, &one))
			return fail("reference: inverse", i);
		r_half(&y, &x);
		r_add(&z, &y, &y);
		if (!r_eq(&z, &x))
			return fail("reference: half", i);
	}
	return 0;
}

static void build_inputs(void) {
	rjac g, acc;
	r_set_hex(&g.x, GX);
	r_set_hex(&g.y, GY);
	r_set_u64(&g.z, 1);
	affs[0].x = g.x, affs[0].y = g.y;
	r_dbl(&acc, &g);
	r_to_affine(&affs[1], &acc);
	for (int k = 2; k < NAFF; k++) { /* (k+1)G = kG + G, H != 0 */
		r_madd(&acc, &acc, &affs[0]);
		r_to_affine(&affs[k], &acc);
	}
	for (int k = 0; k < NAFF; k++)
		if (!r_on_curve(&affs[k]))
			fprintf(stderr, "reference: %dG not on the curve\n", k + 1), exit(1);
	/* random walk of doublings and additions, Z rescaled each step */
	rjac p = g;
	for (int i = 0; i < NWALK; i++) {
		int k = (int)(rnd() % NAFF);
		rfe zz, u2, h;
		r_sqr(&zz, &p.z);
		r_mul(&u2, &affs[k].x, &zz);
		r_sub(&h, &u2, &p.x);
		if ((rnd() & 1) || r_is_zero(&h))
			r_dbl(&p, &p);
		else
			r_madd(&p, &p, &affs[k]);
		rfe z;
		do
			r_rand(&z);
		while (r_is_zero(&z));
		scale_z(&p, &z);
		walk[i] = p;
		case_in[i] = &walk[i], case_aff[i] = &affs[i % NAFF], case_rep[i] = i & 1;
	}
	/* edge values: near 0, near p, radix-52 limbs all ones, near 2^256 */
	static const char *ev[] = {
	    "0", "1", "2", "3", "1000003D0", "1000003D1", "1000003D2",
	    "FFFFFFFFFFFFF", "FFFFFFFFFFFFFFFFFFFFFFFFFF", "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
	    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
	    "10000000000000000000000000000000000000000000000000001000003D0", /* 2^208 + K - 1 */
	    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF1000003D0", /* 2^220 + K - 1: x + p just above weak */
	    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF1000003CF", /* x + p = the largest weak value */
	    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2E", /* p - 1 */
	    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2D", /* p - 2 */
	    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2C", /* p - 3 */
	    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE00000000",
	    "8000000000000000000000000000000000000000000000000000000000000000",
	    "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF7FFFFE17", /* (p-1)/2 */
	};
	int nev = (int)(sizeof ev / sizeof ev[0]);
	for (int i = 0; i < NEDGE; i++) {
		rfe *c[5] = {&edge[i].x, &edge[i].y, &edge[i].z, &edgea[i].x, &edgea[i].y};
		for (int j = 0; j < 5; j++) {
			if (rnd() % 4 == 0)
				r_rand(c[j]);
			else
				r_set_hex(c[j], ev[rnd() % (uint64_t)nev]);
		}
		case_in[NWALK + i] = &edge[i], case_aff[NWALK + i] = &edgea[i];
		case_rep[NWALK + i] = (int)(rnd() & 1);
	}
}

/* limb 4 of a weak value is below this */
#define WEAK4 ((1ULL << 48) + (1ULL << 12))

/* limbs of x in weak form: canonical, or x + p when that stays weak
 * (x < 2^208 * 2^12 + K), which gives limbs near all ones. */
static void to52_rep(uint64_t l[5], const rfe *x, int rep) {
	to52(l, x);
	if (!rep)
		return;
	uint64_t t[5];
	uint64_t c = 0;
	for (int i = 0; i < 5; i++) {
		t[i] = l[i] + P52[i] + c;
		c = t[i] >> 52;
		t[i] &= M52;
	}
	t[4] += c << 52;
	if (t[4] < WEAK4)
		memcpy(l, t, sizeof t);
}

static int is_weak(const uint64_t l[5]) {
	return l[0] <= M52 && l[1] <= M52 && l[2] <= M52 && l[3] <= M52 && l[4] < WEAK4;
}

static int jac_eq(const rjac *a, const rjac *b) {
	return r_eq(&a->x, &b->x) && r_eq(&a->y, &b->y) && r_eq(&a->z, &b->z);
}

static void print_jac(const char *name, const rjac *p) {
	printf("  %s: X=%016llx%016llx%016llx%016llx\n", name,
	       (unsigned long long)p->x.v[3], (unsigned long long)p->x.v[2],
	       (unsigned long long)p->x.v[1], (unsigned long long)p->x.v[0]);
	printf("  %*s  Y=%016llx%016llx%016llx%016llx\n", (int)strlen(name), "",
	       (unsigned long long)p->y.v[3], (unsigned long long)p->y.v[2],
	       (unsigned long long)p->y.v[1], (unsigned long long)p->y.v[0]);
	printf("  %*s  Z=%016llx%016llx%016llx%016llx\n", (int)strlen(name), "",
	       (unsigned long long)p->z.v[3], (unsigned long long)p->z.v[2],
	       (unsigned long long)p->z.v[1], (unsigned long long)p->z.v[0]);
}

typedef struct { double dbl, madd, mul; } lane_times;

/* ==================== LANE CODE, 4 and 8 lanes ==================== */

#define LANES 4
#include "ifma1.c"
#undef LANES
#define LANES 8
#include "ifma1.c"
#undef LANES

/* ==================== 4x64 <-> 4 LANES ==================== */

/*
 * A hybrid verification loop would keep the accumulator in Kestrel's 4x64
 * form (field.Element: four 64-bit words, least significant first, any
 * value below 2^256, not necessarily reduced) for the MULX doublings, and
 * move it into the lanes [X, Y, Z, *] for each IFMA mixed addition and
 * back. The two conversions below are that move.
 */

/* w = [x[k], y[k], z[k], x[k]]: one broadcast load, two merge-masked
 * broadcast loads. 64-bit loads forward from the 64-bit stores of scalar
 * code and from the 128-bit stores of from_lanes4. */
INLINE __m256i gather_word(const uint64_t *x, const uint64_t *y, const uint64_t *z) {
	__m256i w = _mm256_set1_epi64x((long long)*x);
	w = _mm256_mask_broadcastq_epi64(w, 0x2, _mm_loadl_epi64((const __m128i *)y));
	return _mm256_mask_broadcastq_epi64(w, 0x4, _mm_loadl_epi64((const __m128i *)z));
}

/*
 * to_lanes4: three 4x64 coordinates, each any value < 2^256, to the lane
 * point v = [X, Y, Z, X], weak as madd4 and dbl4 take it (lane 3 is X
 * again: unused, and weak). Exact: no reduction is needed, since the
 * radix-2^52 limbs of a value < 2^256 are limbs 0..3 < 2^52 and limb 4 =
 * word 3 >> 16 < 2^48.
 *   word vectors w_k = [X_k, Y_k, Z_k, X_k]  4 VPBROADCASTQ + 8 masked VPBROADCASTQ (loads)
 *   limb 0 = w_0 & M52                        1 VPANDQ
 *   limb i = (w_{i-1}:w_i >> s) & M52, i=1..3 3 VPSHRDQ (s = 52, 40, 28) + 3 VPANDQ
 *   limb 4 = w_3 >> 16                        1 VPSRLQ
 * 20 instructions, 4 levels after the loads (2 merges, shift, and), plus
 * the 5 stores of v where it is not kept in registers.
 * Measured against (quick runs, noisy): three 256-bit row loads + 2
 * VPUNPCKL/HQDQ + 4 VPERMT2Q (17 instructions) lost 2-3 ns per round trip,
 * and 4-5 ns when the words had just been written by 64-bit scalar stores
 * (presumably a 256-bit load cannot forward from four 64-bit stores); four
 * VPGATHERQQ lost 1-2 ns.
 */
INLINE void to_lanes4(fe4 *v, const uint64_t X[4], const uint64_t Y[4], const uint64_t Z[4]) {
	const __m256i m52 = _mm256_set1_epi64x(M52);
	__m256i w0 = gather_word(X, Y, Z), w1 = gather_word(X + 1, Y + 1, Z + 1);
	__m256i w2 = gather_word(X + 2, Y + 2, Z + 2), w3 = gather_word(X + 3, Y + 3, Z + 3);
	v->l[0] = _mm256_and_si256(w0, m52);
	v->l[1] = _mm256_and_si256(_mm256_shrdi_epi64(w0, w1, 52), m52);
	v->l[2] = _mm256_and_si256(_mm256_shrdi_epi64(w1, w2, 40), m52);
	v->l[3] = _mm256_and_si256(_mm256_shrdi_epi64(w2, w3, 28), m52);
	v->l[4] = _mm256_srli_epi64(w3, 16);
}

/*
 * from_lanes4: the weak lane point v = [X, Y, Z, *] (what madd4 returns)
 * to three 4x64 values, each < 2^256 and equal to its coordinate mod p
 * (not reduced below p). Lane 3 is ignored.
 *
 * A weak value is low + t 2^256 with t = bit 48 of limb 4 (limb 4 <
 * 2^48 + 2^12), and low < 2^220 when t = 1. Since 2^256 = K mod p, the
 * result is low + t K, which is < 2^256: t K is added to limb 0, the
 * carries are propagated, and bit 48 of limb 4 is left out of the words.
 * The carry out of limb 0 is 0 or 1, and 1 only when t = 1 and limb 0 >=
 * 2^52 - K; it passes limb i (1..3) only when limb i = 2^52 - 1. All four
 * carries are computed at once as lane masks (-1 = carry) from compares
 * (carry lookahead: 3 levels instead of a 4-step shift-add chain after an
 * IFMA fold; about 2 ns less per round trip in quick runs), and
 * subtracted.
 *   masks T = t, Q = limb 0 >= 2^52 - K, E_i = (limb i = 2^52 - 1)
 *                                             2 VPCMPGTQ + 3 VPCMPEQQ
 *   carries C1 = T Q, C2 = T Q E1, C3 = T Q E1 E2, C4 = C1 E1 E2 E3, and T K
 *                                             3 VPANDQ + 3 VPTERNLOGQ
 *   limb 0 += T K, limb i -= C_i               1 VPADDQ + 4 VPSUBQ
 *   word k = (limb k << 12 : limb k+1) >> 12(k+1)
 *                                             4 VPSLLQ + 4 VPSHRDQ
 * The left shift by 12 drops bit 52 and up of limb k (its carry, now in
 * limb k+1), and VPSHRDQ keeps 64 - 12(k+1) bits of limb k+1, so no mask
 * is needed. Then the words [X_k, Y_k, Z_k, *] are transposed into rows by
 * 4 VPUNPCKL/HQDQ and written as half rows: 4 128-bit stores and 2
 * VEXTRACTI128 to memory (cheaper than lane-crossing permutes + three
 * 256-bit stores, measured).
 * 34 instructions, plus the 5 loads of v where it is not in registers;
 * the path from v to the stores is 8 levels (compare, and, ternlog, sub,
 * shift, shrd, unpack, store).
 */
INLINE void from_lanes4(uint64_t X[4], uint64_t Y[4], uint64_t Z[4], const fe4 *v) {
	const __m256i m52 = _mm256_set1_epi64x(M52);
	__m256i l0 = v->l[0], l1 = v->l[1], l2 = v->l[2], l3 = v->l[3], l4 = v->l[4];
	__m256i t = _mm256_cmpgt_epi64(l4, _mm256_set1_epi64x(M48));
	__m256i q = _mm256_cmpgt_epi64(l0, _mm256_set1_epi64x(M52 - KC));
	__m256i e1 = _mm256_cmpeq_epi64(l1, m52), e2 = _mm256_cmpeq_epi64(l2, m52);
	__m256i e3 = _mm256_cmpeq_epi64(l3, m52);
	__m256i c1 = _mm256_and_si256(t, q), e12 = _mm256_and_si256(e1, e2);
	/* 0x80: a & b & c; a is overwritten (VPTERNLOGQ is destructive), so
	 * it is an operand not needed afterwards: no register copies */
	__m256i c2 = _mm256_ternarylogic_epi64(e1, t, q, 0x80);
	__m256i c3 = _mm256_ternarylogic_epi64(q, t, e12, 0x80);
	__m256i c4 = _mm256_ternarylogic_epi64(e3, c1, e12, 0x80);
	l0 = _mm256_add_epi64(l0, _mm256_and_si256(t, _mm256_set1_epi64x(KC)));
	l1 = _mm256_sub_epi64(l1, c1);
	l2 = _mm256_sub_epi64(l2, c2);
	l3 = _mm256_sub_epi64(l3, c3);
	l4 = _mm256_sub_epi64(l4, c4);
	__m256i w0 = _mm256_shrdi_epi64(_mm256_slli_epi64(l0, 12), l1, 12);
	__m256i w1 = _mm256_shrdi_epi64(_mm256_slli_epi64(l1, 12), l2, 24);
	__m256i w2 = _mm256_shrdi_epi64(_mm256_slli_epi64(l2, 12), l3, 36);
	__m256i w3 = _mm256_shrdi_epi64(_mm256_slli_epi64(l3, 12), l4, 48);
	__m256i x01z01 = _mm256_unpacklo_epi64(w0, w1), y01 = _mm256_unpackhi_epi64(w0, w1);
	__m256i x23z23 = _mm256_unpacklo_epi64(w2, w3), y23 = _mm256_unpackhi_epi64(w2, w3);
	_mm_storeu_si128((__m128i *)X, _mm256_castsi256_si128(x01z01));
	_mm_storeu_si128((__m128i *)(X + 2), _mm256_castsi256_si128(x23z23));
	_mm_storeu_si128((__m128i *)Y, _mm256_castsi256_si128(y01));
	_mm_storeu_si128((__m128i *)(Y + 2), _mm256_castsi256_si128(y23));
	_mm_storeu_si128((__m128i *)Z, _mm256_extracti128_si256(x01z01, 1));
	_mm_storeu_si128((__m128i *)(Z + 2), _mm256_extracti128_si256(x23z23, 1));
}

/* The conversions as calls of their own (the timing of separate steps). */
static NOINLINE void to_lanes4_call(fe4 *v, const uint64_t X[4], const uint64_t Y[4], const uint64_t Z[4]) {
	to_lanes4(v, X, Y, Z);
}

static NOINLINE void from_lanes4_call(uint64_t X[4], uint64_t Y[4], uint64_t Z[4], const fe4 *v) {
	from_lanes4(X, Y, Z, v);
}

/* The hybrid mixed addition in one function, as an assembly routine
 * would be: 4x64 point in, 4x64 point out, the lane point in registers. */
static NOINLINE void hybrid_madd4(uint64_t X[4], uint64_t Y[4], uint64_t Z[4], const fe4 *aff) {
	fe4 p, o;
	to_lanes4(&p, X, Y, Z);
	madd_in4(&o, &p, aff);
	from_lanes4(X, Y, Z, &o);
}

/* ---------- test of the conversions ---------- */

/* w = p + r, r < K (so w < 2^256) */
static void p_plus(uint64_t w[4], uint64_t r) {
	u128 s = (u128)PR[0] + r;
	w[0] = (uint64_t)s;
	for (int i = 1; i < 4; i++) {
		s = (s >> 64) + PR[i];
		w[i] = (uint64_t)s;
	}
}

/* one 4x64 coordinate of a test input, any value < 2^256 */
static void rand_words(uint64_t w[4], int kind) {
	switch (kind) {
	case 0: /* random */
		for (int i = 0; i < 4; i++)
			w[i] = rnd();
		break;
	case 1: /* every word near all ones (value near 2^256 - 1) */
		for (int i = 0; i < 4; i++)
			w[i] = ~0ULL - (rnd() & 3);
		break;
	case 2: /* in [p, 2^256) */
		p_plus(w, rnd() % KC);
		break;
	default: /* each word 0, all ones, or random */
		for (int i = 0; i < 4; i++) {
			uint64_t r = rnd();
			w[i] = r % 3 == 0 ? 0 : r % 3 == 1 ? ~0ULL : rnd();
		}
	}
}

/* x as 4x64 words: canonical, or x + p when rep and that is < 2^256 */
static void words_rep(uint64_t w[4], const rfe *x, int rep) {
	memcpy(w, x->v, 32);
	if (rep && w[3] == 0 && w[2] == 0 && w[1] == 0 && w[0] < KC)
		p_plus(w, w[0]);
}

typedef struct { uint64_t x[4], y[4], z[4]; } wpt; /* a point in 4x64 words */

static void wpt_reduce(rjac *r, const wpt *w) {
	r_set_words(&r->x, w->x);
	r_set_words(&r->y, w->y);
	r_set_words(&r->z, w->z);
}

/* the 4x64 hybrid addition both ways (three calls; one function), each
 * compared mod p with the reference mixed addition; out (if not NULL)
 * gets the output of the one function */
static int check_hybrid(const char *what, int idx, const wpt *in, const raff *a, int rep, wpt *out) {
	fe4 A, P, O;
	memset(&A, 0, sizeof A);
	put_aff4(&A, 0, a, rep);
	rjac ref, want, got;
	wpt w1 = *in, w2 = *in;
	wpt_reduce(&ref, in);
	r_madd(&want, &ref, a);
	to_lanes4_call(&P, w1.x, w1.y, w1.z);
	madd4(&O, &P, &A);
	from_lanes4_call(w1.x, w1.y, w1.z, &O);
	hybrid_madd4(w2.x, w2.y, w2.z, &A);
	for (int f = 0; f < 2; f++) {
		wpt_reduce(&got, f ? &w2 : &w1);
		if (!jac_eq(&got, &want)) {
			printf("MISMATCH: %s, %s (case %d)\n", what,
			       f ? "hybrid_madd4" : "to_lanes4 -> madd4 -> from_lanes4", idx);
			print_jac("input (reduced)", &ref);
			print_jac("hybrid (reduced)", &got);
			print_jac("reference", &want);
			return 1;
		}
	}
	if (out)
		*out = w2;
	return 0;
}

#define NCONV 4000

static int test_conv4(void) {
	/* to_lanes4 is exact: lanes 0..2 hold the radix-2^52 limbs of X, Y, Z,
	 * lane 3 those of X, all weak */
	for (int it = 0; it < NCONV; it++) {
		rfe c[3]; /* raw words, not reduced */
		for (int j = 0; j < 3; j++)
			rand_words(c[j].v, (int)(rnd() % 4));
		fe4 v;
		to_lanes4_call(&v, c[0].v, c[1].v, c[2].v);
		for (int j = 0; j < 4; j++) {
			uint64_t got[5], want[5];
			get_lane4(got, &v, j);
			to52(want, &c[j % 3]);
			if (!is_weak(got) || memcmp(got, want, sizeof got))
				return fail("to_lanes4: limbs", it * 4 + j);
		}
	}
	/* from_lanes4 on weak lane values, the carry paths included: words <
	 * 2^256 equal to the value mod p; lane 3 arbitrary */
	static const uint64_t lo[] = {0, 1, M52, M52 - 1, M52 - KC, M52 - KC + 1, M52 - KC + 2};
	static const uint64_t top[] = {0, 1, M48, 1ULL << 48, (1ULL << 48) + 1, WEAK4 - 1, WEAK4 - 2};
	int nlo = (int)(sizeof lo / sizeof lo[0]), ntop = (int)(sizeof top / sizeof top[0]);
	for (int it = 0; it < NCONV; it++) {
		fe4 v;
		uint64_t l[4][5];
		for (int j = 0; j < 4; j++) {
			int mode = (int)(rnd() % 4); /* 0 random, 1 edges, 2 all carries, 3 mixed */
			for (int i = 0; i < 5; i++) {
				uint64_t r = rnd();
				if (j == 3)
					l[j][i] = r & M52; /* lane 3: ignored */
				else if (i < 4)
					l[j][i] = mode == 0   ? r & M52
					          : mode == 1 ? lo[r % (uint64_t)nlo]
					          : mode == 2 ? (i == 0 ? M52 - (r % KC) : M52)
					                      : ((r & 1) ? M52 : lo[(r >> 1) % (uint64_t)nlo]);
				else
					l[j][i] = mode == 0   ? r % WEAK4
					          : mode == 2 ? (1ULL << 48) + (r & 0xFFF)
					                      : top[r % (uint64_t)ntop];
			}
			set_lane4(&v, j, l[j]);
		}
		wpt w;
		from_lanes4_call(w.x, w.y, w.z, &v);
		uint64_t *c[3] = {w.x, w.y, w.z};
		for (int j = 0; j < 3; j++) {
			rfe got, want;
			r_set_words(&got, c[j]);
			from52(&want, l[j]);
			if (!r_eq(&got, &want))
				return fail("from_lanes4: value mod p", it * 3 + j);
		}
	}
	/* the hybrid addition on every test case (4x64 words canonical, or x +
	 * p where that is < 2^256, as case_rep says) ... */
	for (int i = 0; i < NCASE; i++) {
		wpt w;
		words_rep(w.x, &case_in[i]->x, case_rep[i]);
		words_rep(w.y, &case_in[i]->y, case_rep[i]);
		words_rep(w.z, &case_in[i]->z, case_rep[i]);
		if (check_hybrid("hybrid addition", i, &w, case_aff[i], case_rep[i], NULL))
			return 1;
	}
	/* ... on words near 2^256 - 1 and in [p, 2^256) ... */
	for (int i = 0; i < NCONV; i++) {
		wpt w;
		rand_words(w.x, (int)(rnd() % 4));
		rand_words(w.y, (int)(rnd() % 4));
		rand_words(w.z, (int)(rnd() % 4));
		if (check_hybrid("hybrid addition, large words", i, &w, &affs[i % NAFF], i & 1, NULL))
			return 1;
	}
	/* ... and along a chain of reference doublings and hybrid additions,
	 * each addition's output words the next step's input */
	wpt w;
	memcpy(w.x, walk[5].x.v, 32), memcpy(w.y, walk[5].y.v, 32), memcpy(w.z, walk[5].z.v, 32);
	for (int s = 0; s < 300; s++) {
		if (s % 3 == 2) {
			if (check_hybrid("hybrid chain", s, &w, &affs[s % NAFF], s & 1, &w))
				return 1;
		} else {
			rjac p;
			wpt_reduce(&p, &w);
			r_dbl(&p, &p);
			words_rep(w.x, &p.x, 1), words_rep(w.y, &p.y, 1), words_rep(w.z, &p.z, 1);
		}
	}
	return 0;
}

/* ---------- timing of the conversions ---------- */

/*
 * Kestrel's scalar MULX doubling, ns per call on this machine, measured by
 * the lead with `go test ./internal/group -bench Backends/op=VarTimeDouble`
 * (quiet machine, pinned). A constant: this program does not run Go.
 */
#define KESTREL_MULX_DBL_NS 60.0

typedef struct { double rt, rt_gpr, madd, hyb3, hyb1; } conv_times;

/* the 4x64 words loaded into and stored from general registers, as the
 * scalar MULX code between two additions would */
static NOINLINE void words_through_gprs(wpt *w) {
	uint64_t *c = w->x;
	for (int i = 0; i < 12; i++) {
		uint64_t t = c[i];
		__asm__ volatile("" : "+r"(t));
		c[i] = t;
	}
}

static conv_times time_conv4(long n) {
	conv_times ct;
	fe4 P, A;
	wpt w;
	memset(&A, 0, sizeof A);
	put_aff4(&A, 0, &affs[3], 0);
	memcpy(w.x, walk[0].x.v, 32), memcpy(w.y, walk[0].y.v, 32), memcpy(w.z, walk[0].z.v, 32);
	MEDIAN_NS(ct.rt, n, (to_lanes4_call(&P, w.x, w.y, w.z), from_lanes4_call(w.x, w.y, w.z, &P)));
	MEDIAN_NS(ct.rt_gpr, n,
	          (to_lanes4_call(&P, w.x, w.y, w.z), from_lanes4_call(w.x, w.y, w.z, &P), words_through_gprs(&w)));
	put_point4(&P, 0, &walk[0], 0);
	MEDIAN_NS(ct.madd, n, madd4(&P, &P, &A));
	sink_lane4(&P);
	MEDIAN_NS(ct.hyb3, n,
	          (to_lanes4_call(&P, w.x, w.y, w.z), madd4(&P, &P, &A), from_lanes4_call(w.x, w.y, w.z, &P)));
	MEDIAN_NS(ct.hyb1, n, hybrid_madd4(w.x, w.y, w.z, &A));
	sink = w.x[0];
	return ct;
}

static int run_tests(void) {
	if (ref_selftest())
		return 1;
	build_inputs();
	for (int i = 0; i < NWALK; i++) {
		raff a;
		r_to_affine(&a, &walk[i]);
		if (!r_on_curve(&a))
			return fail("reference: random walk left the curve", i);
	}
	if (test4() || test8() || test_conv4())
		return 1;
	return 0;
}

static double ref_time_dbl(long n) {
	rjac p = walk[0];
	double t;
	MEDIAN_NS(t, n, r_dbl(&p, &p));
	sink = p.x.v[0];
	return t;
}

static double ref_time_madd(long n) {
	rjac p = walk[1];
	double t;
	MEDIAN_NS(t, n, r_madd(&p, &p, &affs[3]));
	sink = p.x.v[0];
	return t;
}

int main(int argc, char **argv) {
	const char *mode = argc > 1 ? argv[1] : "quick";
	long n;
	if (!strcmp(mode, "test"))
		n = 0;
	else if (!strcmp(mode, "quick"))
		n = 4000;
	else if (!strcmp(mode, "full"))
		n = 3000000;
	else {
		fprintf(stderr, "usage: %s quick|full|test\n", argv[0]);
		return 2;
	}
	if (run_tests())
		return 1;
	printf("ok: lane formulas (4 and 8 lanes) equal the reference on %d walk points, %d edge cases, chains\n",
	       NWALK, NEDGE);
	printf("ok: to_lanes4 exact, from_lanes4 equal mod p, and the hybrid addition equal to the reference\n"
	       "    on every case above, %d points with large words, a chain\n", NCONV);
	if (n == 0)
		return 0;

	lane_times t4 = time4(n), t8 = time8(n);
	double rd = ref_time_dbl(n / 4), ra = ref_time_madd(n / 4);
	printf("\nns per operation, median of %d batches of %ld (dependent chains)%s\n", BATCHES, n,
	       !strcmp(mode, "quick") ? "  [quick: noisy, sanity only]" : "");
	printf("  %-38s %9s %9s %9s\n", "", "double", "madd", "mul");
	printf("  %-38s %9.1f %9.1f %9.1f\n", "ifma 4-lane, one point", t4.dbl, t4.madd, t4.mul);
	printf("  %-38s %9.1f %9.1f %9.1f\n", "ifma 8-lane, two points (per call)", t8.dbl, t8.madd, t8.mul);
	printf("  %-38s %9.1f %9.1f %9s\n", "ifma 8-lane, per point", t8.dbl / 2, t8.madd / 2, "");
	printf("  %-38s %9.1f %9.1f %9s\n", "reference __int128 (orientation only)", rd, ra, "");
	printf("\n128 doublings + 60 mixed additions (one verification's point work), from the medians:\n");
	printf("  ifma 4-lane, one point        %8.2f us\n", (128 * t4.dbl + 60 * t4.madd) / 1000);
	printf("  ifma 8-lane, per point        %8.2f us\n", (128 * t8.dbl + 60 * t8.madd) / 2000);
	printf("  reference __int128            %8.2f us\n", (128 * rd + 60 * ra) / 1000);

	conv_times ct = time_conv4(n);
	printf("\n4x64 <-> 4 lanes, ns per step, median of %d batches of %ld (dependent chains):\n", BATCHES, n);
	printf("  %-58s %6.1f\n", "round trip: to_lanes4 + from_lanes4 (two calls)", ct.rt);
	printf("  %-58s %6.1f\n", "round trip, then the words through GPRs (as scalar code)", ct.rt_gpr);
	printf("  %-58s %6.1f\n", "madd4 alone", ct.madd);
	printf("  %-58s %6.1f  (+%.1f)\n", "hybrid addition: to_lanes4 -> madd4 -> from_lanes4 (calls)", ct.hyb3,
	       ct.hyb3 - ct.madd);
	printf("  %-58s %6.1f  (+%.1f)\n", "hybrid addition in one function (hybrid_madd4)", ct.hyb1, ct.hyb1 - ct.madd);
	printf("hybrid: 128 MULX doublings (%.1f ns each, KESTREL_MULX_DBL_NS) + 60 hybrid additions:\n",
	       KESTREL_MULX_DBL_NS);
	printf("  additions as three calls      %8.2f us\n", (128 * KESTREL_MULX_DBL_NS + 60 * ct.hyb3) / 1000);
	printf("  additions in one function     %8.2f us\n", (128 * KESTREL_MULX_DBL_NS + 60 * ct.hyb1) / 1000);
	return 0;
}

#else /* LANES: the lane code, compiled once for 4 and once for 8 lanes */

#if LANES == 4
typedef __m256i V4;
#define V V4
#define FN(x) x##4
#define MK(m) ((__mmask8)(m))
#define VZERO() _mm256_setzero_si256()
#define VSET1(x) _mm256_set1_epi64x((long long)(x))
#define VADD _mm256_add_epi64
#define VSUB _mm256_sub_epi64
#define VAND _mm256_and_si256
#define VSRLI _mm256_srli_epi64
#define VSLLI _mm256_slli_epi64
#define MADLO _mm256_madd52lo_epu64
#define MADHI _mm256_madd52hi_epu64
#define MASK_ADD(src, m, a, b) _mm256_mask_add_epi64(src, MK(m), a, b)
#define MASK_SUB(src, m, a, b) _mm256_mask_sub_epi64(src, MK(m), a, b)
#define RMASK_ADD(src, k, a, b) _mm256_mask_add_epi64(src, k, a, b) /* k: a computed mask */
#define MASK_SRLI(src, m, a, n) _mm256_mask_srli_epi64(src, MK(m), a, n)
#define MASKZ_MOV(m, a) _mm256_maskz_mov_epi64(MK(m), a)
#define MASK_TEST(m, a, b) _mm256_mask_test_epi64_mask(MK(m), a, b)
#define BLEND(m, a, b) _mm256_mask_blend_epi64(MK(m), a, b)
/* one-source permute: lane j of the result is lane i_j of x */
#define IDX1(a, b, c, d) _mm256_setr_epi64x(a, b, c, d)
#define PERM(x, a, b, c, d) _mm256_permutexvar_epi64(IDX1(a, b, c, d), x)
#define MASKZ_PERM(m, x, a, b, c, d) _mm256_maskz_permutexvar_epi64(MK(m), IDX1(a, b, c, d), x)
/* two-source permute: index 0..3 picks lane of x, 4..7 lane of y */
#define PERM2(x, a, b, c, d, y) _mm256_permutex2var_epi64(x, IDX1(a, b, c, d), y)
#define MASKZ_PERM2(m, x, a, b, c, d, y) _mm256_maskz_permutex2var_epi64(MK(m), x, IDX1(a, b, c, d), y)
#define VSTORE(p, v) _mm256_storeu_si256((__m256i *)(p), v)
#define VLOAD(p) _mm256_loadu_si256((const __m256i *)(p))
#else
typedef __m512i V8;
#define V V8
#define FN(x) x##8
/* the same 4-lane pattern in both halves: point A in lanes 0..3, B in 4..7 */
#define MK(m) ((__mmask8)((m) | ((m) << 4)))
#define VZERO() _mm512_setzero_si512()
#define VSET1(x) _mm512_set1_epi64((long long)(x))
#define VADD _mm512_add_epi64
#define VSUB _mm512_sub_epi64
#define VAND _mm512_and_si512
#define VSRLI _mm512_srli_epi64
#define VSLLI _mm512_slli_epi64
#define MADLO _mm512_madd52lo_epu64
#define MADHI _mm512_madd52hi_epu64
#define MASK_ADD(src, m, a, b) _mm512_mask_add_epi64(src, MK(m), a, b)
#define MASK_SUB(src, m, a, b) _mm512_mask_sub_epi64(src, MK(m), a, b)
#define RMASK_ADD(src, k, a, b) _mm512_mask_add_epi64(src, k, a, b)
#define MASK_SRLI(src, m, a, n) _mm512_mask_srli_epi64(src, MK(m), a, n)
#define MASKZ_MOV(m, a) _mm512_maskz_mov_epi64(MK(m), a)
#define MASK_TEST(m, a, b) _mm512_mask_test_epi64_mask(MK(m), a, b)
#define BLEND(m, a, b) _mm512_mask_blend_epi64(MK(m), a, b)
#define IDX1(a, b, c, d) _mm512_setr_epi64(a, b, c, d, (a) + 4, (b) + 4, (c) + 4, (d) + 4)
#define PERM(x, a, b, c, d) _mm512_permutexvar_epi64(IDX1(a, b, c, d), x)
#define MASKZ_PERM(m, x, a, b, c, d) _mm512_maskz_permutexvar_epi64(MK(m), IDX1(a, b, c, d), x)
/* 4-lane two-source index v (0..7) -> 8-lane index (bit 3 selects y) */
#define I2(v) ((((v) & 4) << 1) | ((v) & 3))
#define IDX2(a, b, c, d) \
	_mm512_setr_epi64(I2(a), I2(b), I2(c), I2(d), I2(a) + 4, I2(b) + 4, I2(c) + 4, I2(d) + 4)
#define PERM2(x, a, b, c, d, y) _mm512_permutex2var_epi64(x, IDX2(a, b, c, d), y)
#define MASKZ_PERM2(m, x, a, b, c, d, y) _mm512_maskz_permutex2var_epi64(MK(m), x, IDX2(a, b, c, d), y)
#define VSTORE(p, v) _mm512_storeu_si512((void *)(p), v)
#define VLOAD(p) _mm512_loadu_si512((const void *)(p))
#endif

typedef struct { V l[5]; } FN(fe);
#define FE FN(fe)

/*
 * Weak normalization: any limbs < 2^63 in, weak out (limbs 0..3 < 2^52,
 * limb 4 < 2^48 + 2^12), same value mod p. The part of limb 4 at 2^256 and
 * above (top = l4 >> 48 < 2^16) is folded into limb 0 as top*K first,
 * K = 2^256 - p (top*K < 2^49, so the low half of the IFMA is all of it);
 * then one carry chain 0 -> 4. Limb 4 ends as (l4 mod 2^48) plus the carry
 * out of limb 3, which is < 2^12.
 * On this design's critical path: shift, IFMA, then four carry steps
 * (shift + add each; two cycles apiece on Zen 5).
 */
INLINE void FN(fnorm)(FE *a) {
	const V m52 = VSET1(M52), m48 = VSET1(M48), k = VSET1(KC);
	V *l = a->l;
	V top = VSRLI(l[4], 48);
	l[4] = VAND(l[4], m48);
	l[0] = MADLO(l[0], top, k);
	l[1] = VADD(l[1], VSRLI(l[0], 52)), l[0] = VAND(l[0], m52);
	l[2] = VADD(l[2], VSRLI(l[1], 52)), l[1] = VAND(l[1], m52);
	l[3] = VADD(l[3], VSRLI(l[2], 52)), l[2] = VAND(l[2], m52);
	l[4] = VADD(l[4], VSRLI(l[3], 52)), l[3] = VAND(l[3], m52);
}

/*
 * r = a*b lane-wise, "raw": a, b mulin (every limb < 2^52); every limb of r
 * < 2^56 and r = a*b mod p, not carried. fnorm() makes it weak; the
 * formulas normalize once after the additions that follow a product
 * instead of once per product and once per addition.
 *
 * Schoolbook 5x5: lo52(a_i*b_j) goes to column i+j, hi52(a_i*b_j) to
 * column i+j+1, in separate accumulators lo[] and hi[] (each < 5*2^52).
 * Products are issued by increasing max(i, j), so the limbs that a carry
 * chain delivers last (limb 4) come last in every accumulator chain.
 * Columns 5..9 are folded with 2^260 = R = 0x1000003D10 mod p:
 *   c9 = hi52(a4*b4) < 2^52: lo52(c9*R) -> column 4, hi52(c9*R) -> column 5;
 *   c5..c8 (< 10*2^52): IFMA reads the low 52 bits m of c_k, so
 *     lo52(m*R) -> column k-5 and hi52(m*R) -> column k-4; the rest
 *     h = c_k >> 52 (< 10) gives h*R < 2^41 -> column k-4 (in e[]).
 * Each output column: < 5*2^52 + 5*2^52 + 2^52 + 2^37 + 2^41 < 2^56.
 * IFMAs: 50 + 2 + 4*3 = 62 (63 with the fnorm that follows).
 */
INLINE void FN(fmul_raw)(FE *r, const FE *a, const FE *b) {
	const V R = VSET1(0x1000003D10ULL), z = VZERO();
	V lo[10], hi[10], e[5];
#pragma GCC unroll 10
	for (int k = 0; k < 10; k++)
		lo[k] = z, hi[k] = z;
#pragma GCC unroll 5
	for (int m = 0; m < 5; m++) {
#pragma GCC unroll 5
		for (int i = 0; i <= m; i++) { /* pairs (i, m) and (m, i) */
			lo[i + m] = MADLO(lo[i + m], a->l[i], b->l[m]);
			hi[i + m + 1] = MADHI(hi[i + m + 1], a->l[i], b->l[m]);
			if (i != m) {
				lo[i + m] = MADLO(lo[i + m], a->l[m], b->l[i]);
				hi[i + m + 1] = MADHI(hi[i + m + 1], a->l[m], b->l[i]);
			}
		}
	}
	V c9 = hi[9];
	lo[4] = MADLO(lo[4], c9, R);
	hi[5] = MADHI(hi[5], c9, R);
	V c[4];
#pragma GCC unroll 4
	for (int k = 0; k < 4; k++)
		c[k] = VADD(lo[k + 5], hi[k + 5]); /* c5..c8 */
	e[0] = z;
#pragma GCC unroll 4
	for (int k = 0; k < 4; k++) {
		lo[k] = MADLO(lo[k], c[k], R);
		hi[k + 1] = MADHI(hi[k + 1], c[k], R);
		e[k + 1] = MADLO(z, VSRLI(c[k], 52), R);
	}
	r->l[0] = lo[0]; /* hi[0] and e[0] are 0 */
#pragma GCC unroll 4
	for (int k = 1; k < 5; k++)
		r->l[k] = VADD(VADD(lo[k], hi[k]), e[k]);
}

/* r = a*b, weak */
INLINE void FN(fmul)(FE *r, const FE *a, const FE *b) {
	FN(fmul_raw)(r, a, b);
	FN(fnorm)(r);
}

/*
 * OFF: 2^12 * p written with every limb in [2^58, 2^61) (borrowing 2^58
 * across limbs). Subtraction a - b is a + OFF - b for any b whose limbs are
 * < 2^58 (raw products, sums of up to three of them, weak values), then
 * fnorm(). OFF_LANES(m, i) has limb i of OFF in the lanes of m, 0 elsewhere.
 * (OFFB is defined with P52 above.)
 */
#define OFF(i) VSET1(OFFB[i])
#define OFF_LANES(m, i) MASKZ_MOV(m, OFF(i))

/*
 * Doubling, 3 rounds (3 + 3 + 1 products). Layout of a point: one vec4
 * P = [X, Y, Z, *] (lane 3 unused on input, junk on output).
 *
 *   round 1  a = [X, Y, Z, 1]   b = [X, Y, Y, X]    -> [X^2, S=Y^2, Z3=YZ, X]
 *            lane 0: L = 3/2 X^2 (masked lane ops)  -> A = [L, S, Z3, X]
 *   round 2  a = A              b = [L, S, 1, S]    -> [L^2, S^2, Z3, XS]
 *            Q = [XS, 0, 0, 0]
 *            X3 = L^2 - 2XS (lane 0; lane 2 keeps Z3, offset 0 there)
 *            W  = L^2 - 3XS = X3 + T, T = -XS (lane 0)
 *   round 3  a = A              b = W               -> [L*W, *, *, *]
 *            Y3 = -(L*W + S^2) written into lane 1 of the X3 vector
 *
 * The lane-3 "1" in round 1 turns X into a product output, so round 2 needs
 * no second source for X*S; the "1" in round 2 carries Z3 through to the
 * output lane 2, so no final blend is needed.
 * Shuffles: 4 permutes (b1, b2, Q, moving L*W to lane 1) and 1 blend (the
 * constant 1 into lane 3 of a1), each on 5 limb registers: 25 instructions.
 * Normalizations (fnorm): 4, three of them on the critical path (A, W, out).
 */
static NOINLINE void FN(dbl)(FE *o, const FE *p) {
	const V one = VSET1(1);
	FE a1, b1, R1, A, b2, R2, X3, W, R3;
#pragma GCC unroll 5
	for (int i = 0; i < 5; i++) {
		a1.l[i] = i == 0 ? BLEND(0x8, p->l[0], one) : MASKZ_MOV(0x7, p->l[i]);
		b1.l[i] = PERM(p->l[i], 0, 1, 1, 0);
	}
	FN(fmul_raw)(&R1, &a1, &b1);
	/* lane 0: t = 3x + (x odd ? p : 0) (limbs < 2^58), then t/2; 3x is
	 * odd when x is, so the parity test runs beside the additions */
	V t[5];
	__mmask8 odd = MASK_TEST(0x1, R1.l[0], one);
#pragma GCC unroll 5
	for (int i = 0; i < 5; i++) {
		V u = VADD(R1.l[i], R1.l[i]);
		u = RMASK_ADD(u, odd, u, VSET1(P52[i]));
		t[i] = MASK_ADD(R1.l[i], 0x1, R1.l[i], u);
	}
	/* halve lane 0: limb i = (t_i >> 1) + (low bit of t_{i+1}) << 51 */
#pragma GCC unroll 4
	for (int i = 0; i < 4; i++)
		A.l[i] = MASK_ADD(t[i], 0x1, VSRLI(t[i], 1), VSLLI(VAND(t[i + 1], one), 51));
	A.l[4] = MASK_SRLI(t[4], 0x1, t[4], 1);
	FN(fnorm)(&A); /* all lanes: [L, S, Z3, X] weak */
#pragma GCC unroll 5
	for (int i = 0; i < 5; i++)
		b2.l[i] = PERM2(A.l[i], 0, 1, 4, 1, i == 0 ? one : VZERO());
	FN(fmul_raw)(&R2, &A, &b2);
	/* X3 = L^2 + OFF - 2XS (lane 0), Z3 passes in lane 2 (offset 0 there);
	 * W = L^2 + OFF - 3XS (lane 0) */
#pragma GCC unroll 5
	for (int i = 0; i < 5; i++) {
		V q = MASKZ_PERM(0x1, R2.l[i], 3, 3, 3, 3);
		V q2 = VADD(q, q);
		X3.l[i] = VSUB(VADD(R2.l[i], OFF_LANES(0xB, i)), q2);
		W.l[i] = VSUB(VADD(R2.l[i], OFF(i)), VADD(q2, q));
	}
	FN(fnorm)(&W);
	FN(fnorm)(&X3); /* off the critical path */
	FN(fmul_raw)(&R3, &A, &W);
	/* Y3 = OFF - (L*W + S^2) in lane 1 of the X3 vector */
#pragma GCC unroll 5
	for (int i = 0; i < 5; i++) {
		V g = MASKZ_PERM(0x2, R3.l[i], 0, 0, 0, 0);
		o->l[i] = MASK_SUB(X3.l[i], 0x2, OFF(i), VADD(g, R2.l[i]));
	}
	FN(fnorm)(o);
}

/*
 * Mixed addition, general case, 4 rounds (2 + 2 + 4 + 4 products).
 * The affine point is stored as the vec4 [x2, y2, y2, y2] (built once per
 * table entry, not per addition). Kestrel computes 8M + 3S in 5 dependent
 * rounds ({Z1^2}, {U2, Z1^3}, {S2, Z3, H^2}, {H^3, T, R^2}, {R(T-X3), Y1 H^3});
 * here the same X3, Y3, Z3 come out of 4 rounds and 12 products, with
 *   S2 = (y2 Z1) Z1^2,
 *   X3 = R^2 - H^2 (H + 2 X1)                  (= R^2 - H^3 - 2 X1 H^2)
 *   Y3 = H^2 (3 R X1 + (R - Y1) H) - R^3       (= R(X1 H^2 - X3) - Y1 H^3)
 * Four rounds is the fewest: H needs two (x2 Z1^2), and X3 holds H^3.
 *
 *   round 1  a = [Z1, Z1, Z1, Z1]  b = [Z1, y2, y2, y2] -> [Z1^2, y2Z1 x3]
 *   round 2  a = [Z1^2 x4]         b = [x2, y2Z1 x3]   -> [U2, S2, S2, S2]
 *            D = [U2,S2,S2,S2] - [X1, Y1, Y1, 2Y1] = [H, R, R, R - Y1]
 *   round 3  a = D                 b = [H, R, X1, H]
 *                                 -> [H^2, R^2, R X1, (R - Y1) H]
 *            a4 = [H, R, Z1, (R-Y1)H] + [2X1, 0, 0, 3 R X1] = [J, R, Z1, V]
 *   round 4  a = a4                b = [H^2, R^2, H, H^2]
 *                                 -> [H^2 J, R^3, Z3 = Z1 H, H^2 V]
 *            M = [R^2, H^2 V, Z3, *]; lanes 0, 1 of M - round4 = X3, Y3
 *
 * Shuffles: 7 permutes (a1, a2, [X1,Y1,Y1,Y1], b3, [X1,0,0,RX1], b4, M)
 * and 4 blends (b1, b2, two for the base of a4), each on 5 limb registers:
 * 55 instructions. [X1,Y1,Y1,Y1] and one base blend depend only on the
 * input and run off the critical path.
 * Normalizations (fnorm): 5 (R1, D, b4, a4, out), 4 on the critical path.
 */
INLINE void FN(madd_in)(FE *o, const FE *p, const FE *aff) {
	FE a1, b1, R1, a2, b2, R2, D, b3, R3, a4, b4, R4;
#pragma GCC unroll 5
	for (int i = 0; i < 5; i++) {
		a1.l[i] = PERM(p->l[i], 2, 2, 2, 2);
		b1.l[i] = BLEND(0xE, a1.l[i], aff->l[i]);
	}
	FN(fmul)(&R1, &a1, &b1); /* weak: feeds round 2 directly */
#pragma GCC unroll 5
	for (int i = 0; i < 5; i++) {
		a2.l[i] = PERM(R1.l[i], 0, 0, 0, 0);
		b2.l[i] = BLEND(0x1, R1.l[i], aff->l[i]);
	}
	FN(fmul_raw)(&R2, &a2, &b2);
#pragma GCC unroll 5
	for (int i = 0; i < 5; i++) {
		V pm = PERM(p->l[i], 0, 1, 1, 1);
		pm = MASK_ADD(pm, 0x8, pm, pm);
		D.l[i] = VSUB(VADD(R2.l[i], OFF(i)), pm);
	}
	FN(fnorm)(&D);
#pragma GCC unroll 5
	for (int i = 0; i < 5; i++)
		b3.l[i] = PERM2(D.l[i], 0, 1, 4, 0, p->l[i]);
	FN(fmul_raw)(&R3, &D, &b3);
	/* a4 = [H + 2X1, R, Z1, (R-Y1)H + 3RX1], b4 = [H^2, R^2, H, H^2] */
#pragma GCC unroll 5
	for (int i = 0; i < 5; i++) {
		V base = BLEND(0x4, D.l[i], p->l[i]);
		base = BLEND(0x8, base, R3.l[i]);
		V vt = MASKZ_PERM2(0x9, R3.l[i], 4, 0, 0, 2, p->l[i]);
		V add = VADD(vt, vt);
		add = MASK_ADD(add, 0x8, add, vt);
		a4.l[i] = VADD(base, add);
		b4.l[i] = PERM2(R3.l[i], 0, 1, 4, 0, D.l[i]);
	}
	FN(fnorm)(&a4);
	FN(fnorm)(&b4);
	FN(fmul_raw)(&R4, &a4, &b4);
	/* lanes 0, 1: M + OFF - R4 = X3, Y3; lane 2: Z3 */
#pragma GCC unroll 5
	for (int i = 0; i < 5; i++) {
		V m = PERM2(R4.l[i], 5, 3, 2, 3, R3.l[i]);
		o->l[i] = MASK_SUB(m, 0x3, VADD(m, OFF(i)), R4.l[i]);
	}
	FN(fnorm)(o);
}

/* madd_in is the body, inlined here and (4 lanes) into hybrid_madd4 */
static NOINLINE void FN(madd)(FE *o, const FE *p, const FE *aff) { FN(madd_in)(o, p, aff); }

/* ---------- lane <-> reference ---------- */

static void FN(set_lane)(FE *a, int lane, const uint64_t l[5]) {
	for (int i = 0; i < 5; i++) {
		uint64_t t[LANES];
		VSTORE(t, a->l[i]);
		t[lane] = l[i];
		a->l[i] = VLOAD(t);
	}
}

static void FN(get_lane)(uint64_t l[5], const FE *a, int lane) {
	for (int i = 0; i < 5; i++) {
		uint64_t t[LANES];
		VSTORE(t, a->l[i]);
		l[i] = t[lane];
	}
}

/* point k (0 or 1 for 8 lanes) occupies lanes 4k..4k+3 as [X, Y, Z, *] */
static void FN(put_point)(FE *v, int k, const rjac *p, int rep) {
	uint64_t l[5];
	to52_rep(l, &p->x, rep), FN(set_lane)(v, 4 * k + 0, l);
	to52_rep(l, &p->y, rep), FN(set_lane)(v, 4 * k + 1, l);
	to52_rep(l, &p->z, rep), FN(set_lane)(v, 4 * k + 2, l);
}

static void FN(put_aff)(FE *v, int k, const raff *a, int rep) {
	uint64_t l[5];
	to52_rep(l, &a->x, rep), FN(set_lane)(v, 4 * k + 0, l);
	to52_rep(l, &a->y, rep);
	for (int j = 1; j < 4; j++)
		FN(set_lane)(v, 4 * k + j, l);
}

/* returns 0 if a lane of the output is not weak */
static int FN(get_point)(rjac *p, const FE *v, int k) {
	uint64_t l[5];
	int ok = 1;
	FN(get_lane)(l, v, 4 * k + 0), ok &= is_weak(l), from52(&p->x, l);
	FN(get_lane)(l, v, 4 * k + 1), ok &= is_weak(l), from52(&p->y, l);
	FN(get_lane)(l, v, 4 * k + 2), ok &= is_weak(l), from52(&p->z, l);
	return ok;
}

static void FN(junk)(FE *v) { /* fill unused lanes with arbitrary limbs < 2^52 */
	for (int j = 3; j < LANES; j += 4) {
		uint64_t l[5];
		for (int i = 0; i < 5; i++)
			l[i] = rnd() & M52;
		FN(set_lane)(v, j, l);
	}
}

/* ---------- test ---------- */

#define NPT (LANES / 4)

static int FN(check_pair)(const char *what, int idx, const rjac *in, const raff *a, const rjac *got,
                          const rjac *want, int weak) {
	if (!weak) {
		printf("MISMATCH: %d-lane %s output not weak (case %d)\n", LANES, what, idx);
		return 1;
	}
	if (!jac_eq(got, want)) {
		printf("MISMATCH: %d-lane %s (case %d)\n", LANES, what, idx);
		print_jac("input", in);
		if (a) {
			rjac t = {a->x, a->y, a->x};
			print_jac("affine (x, y, x)", &t);
		}
		print_jac("lane", got);
		print_jac("reference", want);
		return 1;
	}
	return 0;
}

/* one call of dbl and madd on NPT points, compared with the reference */
static int FN(test_case)(int idx, const rjac *const in[], const raff *const a[], const int rep[]) {
	FE P, A, O;
	memset(&P, 0, sizeof P);
	memset(&A, 0, sizeof A);
	FN(junk)(&P);
	for (int k = 0; k < NPT; k++) {
		FN(put_point)(&P, k, in[k], rep[k]);
		FN(put_aff)(&A, k, a[k], rep[k]);
	}
	FN(dbl)(&O, &P);
	for (int k = 0; k < NPT; k++) {
		rjac got, want;
		int weak = FN(get_point)(&got, &O, k);
		r_dbl(&want, in[k]);
		if (FN(check_pair)("double", idx, in[k], NULL, &got, &want, weak))
			return 1;
	}
	FN(madd)(&O, &P, &A);
	for (int k = 0; k < NPT; k++) {
		rjac got, want;
		int weak = FN(get_point)(&got, &O, k);
		r_madd(&want, in[k], a[k]);
		if (FN(check_pair)("mixed addition", idx, in[k], a[k], &got, &want, weak))
			return 1;
	}
	return 0;
}

static int FN(test_mul)(void) {
	/* random and extreme limbs (every limb < 2^52, up to all ones) */
	for (int it = 0; it < 2000; it++) {
		FE a, b, r;
		uint64_t la[LANES][5], lb[LANES][5];
		for (int j = 0; j < LANES; j++) {
			for (int i = 0; i < 5; i++) {
				uint64_t x = rnd(), y = rnd();
				switch (it % 4) {
				case 0: x &= M52, y &= M52; break;
				case 1: x = M52 - (x & 3), y = M52 - (y & 3); break; /* near all ones */
				case 2: x = (x & 1) ? M52 : 0, y = (y & 1) ? M52 : 0; break;
				default: x = (x >> (x & 63)) & M52, y = (y >> (y & 63)) & M52; break;
				}
				la[j][i] = x, lb[j][i] = y;
			}
			if (it % 8 < 4) /* also weak inputs, limb 4 < 2^48 + 2^12 */
				la[j][4] %= WEAK4, lb[j][4] %= WEAK4;
			FN(set_lane)(&a, j, la[j]);
			FN(set_lane)(&b, j, lb[j]);
		}
		FE raw;
		FN(fmul_raw)(&raw, &a, &b);
		FN(fmul)(&r, &a, &b);
		for (int j = 0; j < LANES; j++) {
			uint64_t l[5], lr[5];
			rfe x, y, want, got, gotr;
			from52(&x, la[j]), from52(&y, lb[j]);
			r_mul(&want, &x, &y);
			FN(get_lane)(l, &r, j);
			from52(&got, l);
			FN(get_lane)(lr, &raw, j);
			from52(&gotr, lr);
			int rawok = 1;
			for (int i = 0; i < 5; i++)
				rawok &= lr[i] < (1ULL << 56);
			if (!is_weak(l) || !r_eq(&got, &want) || !rawok || !r_eq(&gotr, &want)) {
				printf("MISMATCH: %d-lane multiply (case %d, lane %d)%s%s\n", LANES, it, j,
				       is_weak(l) ? "" : " output not weak", rawok ? "" : " raw limb >= 2^56");
				return 1;
			}
		}
	}
	return 0;
}

static int FN(test)(void) {
	{ /* OFF is 0 mod p with every limb >= 2^58 */
		rfe v;
		from52(&v, OFFB);
		for (int i = 0; i < 5; i++)
			if (OFFB[i] < (1ULL << 58) || OFFB[i] >= (1ULL << 61))
				return fail("OFF limb out of range", i);
		if (!r_is_zero(&v))
			return fail("OFF is not a multiple of p", 0);
	}
	if (FN(test_mul)())
		return 1;
	/* the walk points, then the edge cases; NPT of them per call */
	for (int i = 0; i + NPT <= NCASE; i += NPT)
		if (FN(test_case)(i, &case_in[i], &case_aff[i], &case_rep[i]))
			return 1;
	/* chains: outputs fed back as inputs, as the timing loops do */
	for (int c = 0; c < 3; c++) {
		FE P, A, Q;
		memset(&P, 0, sizeof P);
		memset(&A, 0, sizeof A);
		FN(junk)(&P);
		rjac ref[2];
		for (int k = 0; k < NPT; k++) {
			ref[k] = walk[c * 2 + k];
			FN(put_point)(&P, k, &ref[k], 0);
			FN(put_aff)(&A, k, &affs[(c + k) % NAFF], 0);
		}
		for (int s = 0; s < 64; s++) {
			if (s % 3 == 2) {
				FN(madd)(&Q, &P, &A);
				for (int k = 0; k < NPT; k++)
					r_madd(&ref[k], &ref[k], &affs[(c + k) % NAFF]);
			} else {
				FN(dbl)(&Q, &P);
				for (int k = 0; k < NPT; k++)
					r_dbl(&ref[k], &ref[k]);
			}
			P = Q;
			for (int k = 0; k < NPT; k++) {
				rjac got;
				int weak = FN(get_point)(&got, &P, k);
				if (FN(check_pair)("chain", c * 100 + s, &ref[k], NULL, &got, &ref[k], weak))
					return 1;
			}
		}
	}
	return 0;
}

/* ---------- timing ---------- */

static void FN(sink_lane)(const FE *v) {
	uint64_t l[5];
	FN(get_lane)(l, v, 0);
	sink = l[0];
}

static lane_times FN(time)(long n) {
	lane_times lt;
	FE P0, A, P, X;
	memset(&P0, 0, sizeof P0);
	memset(&A, 0, sizeof A);
	for (int k = 0; k < NPT; k++) {
		FN(put_point)(&P0, k, &walk[k], 0);
		FN(put_aff)(&A, k, &affs[3 + k], 0);
	}
	P = P0;
	MEDIAN_NS(lt.dbl, n, FN(dbl)(&P, &P));
	FN(sink_lane)(&P);
	P = P0;
	MEDIAN_NS(lt.madd, n, FN(madd)(&P, &P, &A));
	FN(sink_lane)(&P);
	/* multiply alone along a dependent chain x = x*y, all lanes busy */
	X = P0;
	MEDIAN_NS(lt.mul, 4 * n, FN(fmul)(&X, &X, &A));
	FN(sink_lane)(&X);
	return lt;
}

#undef FE
#undef V
#undef NPT
#undef FN
#undef MK
#undef VZERO
#undef VSET1
#undef VADD
#undef VSUB
#undef VAND
#undef VSRLI
#undef VSLLI
#undef MADLO
#undef MADHI
#undef MASK_ADD
#undef MASK_SUB
#undef RMASK_ADD
#undef MASK_SRLI
#undef MASKZ_MOV
#undef MASK_TEST
#undef BLEND
#undef IDX1
#undef IDX2
#undef I2
#undef PERM
#undef MASKZ_PERM
#undef PERM2
#undef MASKZ_PERM2
#undef VSTORE
#undef VLOAD
#undef OFF
#undef OFF_LANES

#endif /* LANES */
