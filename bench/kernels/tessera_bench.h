/*
 * tessera_bench.h - shared support for the tessera kernel suite.
 *
 * Every kernel of bench/kernels is one self-contained C program that includes
 * this header.  The header gives:
 *
 *   - dataset selection: compile with one of -DMINI_DATASET, -DSMALL_DATASET,
 *     -DMEDIUM_DATASET, -DLARGE_DATASET, -DEXTRALARGE_DATASET (default MEDIUM);
 *     each kernel defines its own size macros for every dataset;
 *   - DATA_TYPE (default double) and its printf/math helpers;
 *   - a wall-clock timer around the kernel only, printed to stderr as
 *       tessera-time: <seconds>
 *     followed by the process CPU time of the kernel, "tessera-cpu: <seconds>";
 *   - tb_dump(): prints an output array to stdout in a fixed, line-based
 *     format (see below) that the harness compares exactly or with a
 *     relative tolerance.
 *
 * Output format of tb_dump (one block per array):
 *
 *   tessera-array <name> <count> full|checksum
 *   ... values ...
 *   tessera-end <name>
 *
 * In "full" mode (count <= TB_DUMP_FULL_MAX) every element is printed with
 * %.17g (round-trip exact for double), 8 per line, in row-major order.
 * In "checksum" mode three lines "sum <v>", "abssum <v>", "wsum <v>" (the
 * weighted sum sum_k ((k % 7) + 1) * x_k, which catches permuted elements)
 * are followed by 64 lines "sample <k> <v>" at a fixed stride.  All sums are
 * accumulated in long double in index order, so two runs that computed the
 * same array bit for bit print the same text.
 *
 * Compiling with -DPERTURB makes tb_dump print a slightly wrong first
 * element (relative and absolute error 1e-5): the harness tests use it to
 * check that a wrong flow is reported WRONG.
 */
#ifndef TESSERA_BENCH_H
#define TESSERA_BENCH_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
#define MEDIUM_DATASET
#endif

#ifndef DATA_TYPE
#define DATA_TYPE double
#endif

/* Math functions of DATA_TYPE: SQRT_FUN, EXP_FUN, POW_FUN. */
#ifdef DATA_TYPE_IS_FLOAT
#define SQRT_FUN(x) sqrtf(x)
#define EXP_FUN(x) expf(x)
#define POW_FUN(x, y) powf(x, y)
#else
#define SQRT_FUN(x) sqrt(x)
#define EXP_FUN(x) exp(x)
#define POW_FUN(x, y) pow(x, y)
#endif

#ifndef TB_DUMP_FULL_MAX
#define TB_DUMP_FULL_MAX 4096
#endif

/* Keep the kernel function out of main so that the timer brackets it. */
#define TB_NOINLINE __attribute__((noinline))

static double tb_t0, tb_c0;

static double tb_clock(clockid_t id)
{
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void tb_timer_start(void)
{
  tb_c0 = tb_clock(CLOCK_PROCESS_CPUTIME_ID);
  tb_t0 = tb_clock(CLOCK_MONOTONIC);
}

/* Prints the wall-clock time of the kernel ("tessera-time", the figure the
 * harness reports) and the CPU time of the process over all its threads
 * ("tessera-cpu", less sensitive to other load on a shared machine). */
static void tb_timer_stop(void)
{
  double t = tb_clock(CLOCK_MONOTONIC) - tb_t0;
  double c = tb_clock(CLOCK_PROCESS_CPUTIME_ID) - tb_c0;
  fprintf(stderr, "tessera-time: %.9f\ntessera-cpu: %.9f\n", t, c);
}

/* tb_bad counts non-finite values seen by tb_dump; main returns it. */
static int tb_bad;

static void tb_dump(const char *name, const DATA_TYPE *p, long count)
{
  long k;
  printf("tessera-array %s %ld %s\n", name, count,
         count <= TB_DUMP_FULL_MAX ? "full" : "checksum");
  for (k = 0; k < count; k++)
    if (!isfinite((double)p[k]))
      tb_bad++;
  if (count <= TB_DUMP_FULL_MAX) {
    for (k = 0; k < count; k++) {
      double x = (double)p[k];
#ifdef PERTURB
      /* Test hook for the harness: a visibly wrong first element. */
      if (k == 0)
        x = x * (1 + 1e-5) + 1e-5;
#endif
      printf("%.17g%s", x, (k % 8 == 7 || k == count - 1) ? "\n" : " ");
    }
  } else {
    long double s = 0, a = 0, w = 0;
    long stride = count / 64;
    for (k = 0; k < count; k++) {
      long double x = (long double)p[k];
      s += x;
      a += fabsl(x);
      w += (long double)((k % 7) + 1) * x;
    }
    printf("sum %.17Lg\nabssum %.17Lg\nwsum %.17Lg\n", s, a, w);
    for (k = 0; k < 64; k++)
      printf("sample %ld %.17g\n", k * stride + k % stride,
             (double)p[k * stride + k % stride]);
  }
  printf("tessera-end %s\n", name);
}

/* TB_DUMP(A) dumps a global or local array whose size sizeof knows. */
#define TB_DUMP(A) \
  tb_dump(#A, (const DATA_TYPE *)(A), (long)(sizeof(A) / sizeof(DATA_TYPE)))

static int tb_finish(void)
{
  if (tb_bad) {
    fprintf(stderr, "tessera-bench: %d non-finite output values\n", tb_bad);
    return 3;
  }
  return 0;
}

#endif /* TESSERA_BENCH_H */
