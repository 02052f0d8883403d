/* bench/cbench.h: the timing of the C programs of bench/ (libsecp-musig.c,
 * zkp-modules.c), as `secp256k1 bench` times its rows: a warm-up of a tenth
 * of a row's iterations, then 10 runs, printed in libsecp256k1's bench
 * format ("name, min, avg, max" in µs per iteration). SECP256K1_BENCH_ITERS=n
 * scales every row's iterations by n/20000, as for the Go rows. */
#ifndef KESTREL_BENCH_CBENCH_H
#define KESTREL_BENCH_CBENCH_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cbench_now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/* cbench_iters returns iters scaled by SECP256K1_BENCH_ITERS, at least 1. */
static int cbench_iters(int iters) {
    const char *env = getenv("SECP256K1_BENCH_ITERS");
    if (env != NULL && *env != '\0') {
        char *end;
        long n = strtol(env, &end, 10);
        if (*end != '\0' || n <= 0) {
            fprintf(stderr, "bad SECP256K1_BENCH_ITERS %s (want a positive integer)\n", env);
            exit(2);
        }
        iters = (int)(iters * (n / 20000.0));
    }
    return iters < 1 ? 1 : iters;
}

/* cbench_header checks SECP256K1_BENCH_ITERS and prints the table's header
 * line. */
static void cbench_header(void) {
    (void)cbench_iters(1);
    printf("Benchmark                      ,    Min(us)    ,    Avg(us)    ,    Max(us)    \n\n");
}

/* run times the row name: f is one iteration, iters the default count. */
static void run(const char *name, void (*f)(void), int iters) {
    double min = 1e300, max = 0, sum = 0;
    int r, i;
    iters = cbench_iters(iters);
    for (i = 0; i < iters / 10 || i < 1; i++) {
        f();
    }
    for (r = 0; r < 10; r++) {
        double t0 = cbench_now_us(), t;
        for (i = 0; i < iters; i++) {
            f();
        }
        t = (cbench_now_us() - t0) / iters;
        if (t < min) min = t;
        if (t > max) max = t;
        sum += t;
    }
    printf("%-31s, %10.3f, %10.3f, %10.3f\n", name, min, sum / 10, max);
    fflush(stdout);
}

#endif
