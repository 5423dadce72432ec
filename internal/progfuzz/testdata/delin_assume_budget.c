/* progfuzz bug (TIME, tessera-timeout): the run-time assumption of a
 * delinearized region (scop/delin.go, assume) took over a minute: the
 * context minus the parameter values for which each of many subscripts
 * (floor(i/2) + 22, -2i + 22, ...) leaves its row, then coalesced. Fixed
 * in session 9 the day it was written: at most 64 such sets, the
 * complement under a solver budget (presburger.SubtractWithin); past
 * either, the region is declined as before. Under a second now.
 *
 * Flags: tessera opt THIS.c -o out.c
 * Found by progfuzz seed 8720103 (flows default, tile-sizes, split), not
 * reduced.
 */
#include <math.h>
#include <stdio.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define N 12
#define M 10
#define P 10
#define DATA_TYPE double

static DATA_TYPE A[M + 11][38][N + 27];
#define LD_A1 (38)
#define LD_A2 (N + 27)
static DATA_TYPE B[24][32][31];
#define LD_B1 (32)
#define LD_B2 (31)
static DATA_TYPE C[38][12];
#define LD_C1 (12)
static DATA_TYPE D[29][M + 32][M + 22];
#define LD_D1 (M + 32)
#define LD_D2 (M + 22)
static DATA_TYPE s0;

static void init(void)
{
  for (long x0 = 0; x0 < M + 11; x0++)
    for (long x1 = 0; x1 < 38; x1++)
      for (long x2 = 0; x2 < N + 27; x2++)
        A[x0][x1][x2] = (double)((3 * x0 + 5 * x1 + 7 * x2 + 1) % 97) / 97;
  for (long x0 = 0; x0 < 24; x0++)
    for (long x1 = 0; x1 < 32; x1++)
      for (long x2 = 0; x2 < 31; x2++)
        B[x0][x1][x2] = (double)((5 * x0 + 7 * x1 + 11 * x2 + 2) % 89) / 89;
  for (long x0 = 0; x0 < 38; x0++)
    for (long x1 = 0; x1 < 12; x1++)
      C[x0][x1] = (double)((7 * x0 + 11 * x1 + 3) % 53) / 53;
  for (long x0 = 0; x0 < 29; x0++)
    for (long x1 = 0; x1 < M + 32; x1++)
      for (long x2 = 0; x2 < M + 22; x2++)
        D[x0][x1][x2] = (double)((11 * x0 + 13 * x1 + 3 * x2 + 4) % 61) / 61;
  s0 = 1;
}

/* Dumps in the format of tessera's bench harness (bench.CompareOutputs). */
static void dump_val(double x, long k, long count)
{
  if (x != x)
    printf("nan");
  else
    printf("%.17g", x);
  printf("%s", (k % 8 == 7 || k == count - 1) ? "\n" : " ");
}

#define DUMP_FUNC(NAME, T)                                                  \
  static void NAME(const char *name, const T *p, long count)               \
  {                                                                         \
    long k;                                                                 \
    printf("tessera-array %s %ld %s\n", name, count,                        \
           count <= 4096 ? "full" : "checksum");                            \
    if (count <= 4096) {                                                    \
      for (k = 0; k < count; k++)                                           \
        dump_val((double)p[k], k, count);                                   \
    } else {                                                                \
      long double s = 0, a = 0, w = 0;                                      \
      long stride = count / 64;                                             \
      for (k = 0; k < count; k++) {                                         \
        long double x = p[k] != p[k] ? 0 : (long double)p[k];               \
        s += x;                                                             \
        a += fabsl(x);                                                      \
        w += (long double)((k % 7) + 1) * x;                                \
      }                                                                     \
      printf("sum %.17Lg\nabssum %.17Lg\nwsum %.17Lg\n", s, a, w);          \
      for (k = 0; k < 64; k++) {                                            \
        printf("sample %ld ", k * stride + k % stride);                     \
        dump_val((double)p[k * stride + k % stride], 0, 1);                 \
      }                                                                     \
    }                                                                       \
    printf("tessera-end %s\n", name);                                       \
  }

DUMP_FUNC(dump_d, double)
DUMP_FUNC(dump_f, float)
DUMP_FUNC(dump_i, int)

static __attribute__((noinline)) void kernel(DATA_TYPE *A, DATA_TYPE *B, DATA_TYPE *C, DATA_TYPE *D)
{
#pragma scop
  for (int i = 0; i < N; i++) {
    B[(i + 11) * LD_B1 * LD_B2 + (i + 2) * LD_B2 + (i + 8)] -= 0.0625 * D[(11) * LD_D1 * LD_D2 + ((i) / 2 + 22) * LD_D2 + (-2 * i + 22)] + 1.0;
    s0 += 0.03125 * fabs(fabs(C[(-i + 15) * LD_C1 + (i)] - A[(11) * LD_A1 * LD_A2 + (-i + 18) * LD_A2 + ((2 * i + 1) / 3 + 10)]) - fabs(C[(i + 15) * LD_C1 + ((2 * i) % 3)] - B[(i + 9) * LD_B1 * LD_B2 + (2 * i + 2) * LD_B2 + (9)])) + 0.03125 * exp(-fabs(D[(10) * LD_D1 * LD_D2 + (-2 * i + 22) * LD_D2 + (-i + 22)] * B[(i + 11) * LD_B1 * LD_B2 + (M - i + 1) * LD_B2 + (11)])) + 0.03125 * C[(2 * i + 15) * LD_C1 + (i)];
  }
  for (int i = 2; i < P; i++) {
    for (int j = i + 1; j < i + 3; j++) {
      if ((2 * i >= P && (i + j) % 3 == 0)) {
        for (int k = (0 > j - 2 ? 0 : j - 2); k <= (P + j) / 2; k++) {
          for (int l = j + 1; l <= MIN(M - 1, j + 4); l++) {
            s0 = 0.25 * D[(-k + 10) * LD_D1 * LD_D2 + (M - i + 21) * LD_D2 + (24)] - 0.25 * (N - l - 1) + 0.375 * sqrt(fabs((l != i ? B[(-j + 11) * LD_B1 * LD_B2 + (i + 2) * LD_B2 + (i + 9)] : B[(l + 12) * LD_B1 * LD_B2 + (l) * LD_B2 + (j + 9)]))) + 1.0;
          }
          for (int l = MAX(0, i - 3); l <= i; l++) {
            A[(12) * LD_A1 * LD_A2 + (19) * LD_A2 + (i - j + 9)] += 0.125 * (l) + 0.0625 * B[(M - k + 10) * LD_B1 * LD_B2 + (i + 2) * LD_B2 + (-k + 10)] + 0.5;
          }
        }
      }
      {
        double t1 = B[(M - i + 10) * LD_B1 * LD_B2 + (j + 4) * LD_B2 + (j + i + 9)];
        B[(i + 11) * LD_B1 * LD_B2 + (j + 2 * i + 2) * LD_B2 + (N - j + 8)] = 0.75 * t1 + 0.125 * A[(i + 11) * LD_A1 * LD_A2 + (i + 18) * LD_A2 + (i + 9)] / (1.0 + fabs(A[(12) * LD_A1 * LD_A2 + (-2 * i + 18) * LD_A2 + (j + 2 * i + 9)]));
      }
    }
    A[((2 * i + 1) % 3 + 11) * LD_A1 * LD_A2 + (18) * LD_A2 + (2 * i + 9)] = ((i < 4 || i <= i + 1) ? D[(2 * i + 9) * LD_D1 * LD_D2 + (2 * i + 22) * LD_D2 + (M - i + 21)] : C[(-2 * i + 18) * LD_C1 + ((i) % 2)]);
  }
#pragma endscop
}

int main(void)
{
  init();
  kernel(&A[0][0][0], &B[0][0][0], &C[0][0], &D[0][0][0]);
  dump_d("A", (const double *)A, 31122);
  dump_d("B", (const double *)B, 23808);
  dump_d("C", (const double *)C, 456);
  dump_d("D", (const double *)D, 38976);
  dump_d("s0", &s0, 1);
  return 0;
}
