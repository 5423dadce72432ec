/* progfuzz bug (TIME, tessera-timeout): tessera opt spent over a minute
 * of CPU time on the first region, then kept it at the --region-timeout
 * limit. The time went to the scheduler's fallback integer program
 * (big.Rat pivots in lexminLP, after the engine's budget) during the
 * scalar-expansion attempts (pipeline.expandScalars); the session-start
 * binary of session 9 behaved the same. Fixed the same session: the
 * pivots of one problem are bounded (scheduler.ilpWorkBudget), past which
 * the problem counts as over budget. 12 s, rewritten.
 *
 * Flags: tessera opt THIS.c -o out.c
 * Found by progfuzz seed 8730093 (flows default, tile-sizes, split), not
 * reduced.
 */
#include <math.h>
#include <stdio.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define N 6
#define M 12
#define DATA_TYPE double

static int A[16][17];
static DATA_TYPE B[32];
static int C[22];
static int D[18];
static DATA_TYPE out_s0;
static DATA_TYPE out_s1;

static void init(void)
{
  for (long x0 = 0; x0 < 16; x0++)
    for (long x1 = 0; x1 < 17; x1++)
      A[x0][x1] = (int)((3 * x0 + 5 * x1 + 1) % 97) - 48;
  for (long x0 = 0; x0 < 32; x0++)
    B[x0] = (double)((5 * x0 + 2) % 89) / 89;
  for (long x0 = 0; x0 < 22; x0++)
    C[x0] = (int)((7 * x0 + 3) % 53) - 26;
  for (long x0 = 0; x0 < 18; x0++)
    D[x0] = (int)((11 * x0 + 4) % 61) - 30;
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

static __attribute__((noinline)) void kernel(double alpha, int A[16][17], DATA_TYPE B[32], int C[22], int D[18])
{
  int i, j, k, l, t;
  DATA_TYPE s0 = 2;
  DATA_TYPE s1 = 3;
#pragma scop
  for (i = 0; i < M; i++) {
    for (j = 0; j <= MIN(M - 1, i + 1); j++) {
      if (i + j >= N) {
        for (k = 0; k <= N - j - 1; k++) {
          B[N - j + 7] += 0.125 * (N - j - 1) + 0.03125 * sqrt(fabs(B[i + 9])) / (1.0 + fabs((D[-j + 11] > B[2 * j + 8] ? D[-j + 11] : B[2 * j + 8]))) - 0.125 * (i >= j + 1 ? s1 : B[M - k + 7]);
        }
        for (k = (j) / 2; k < j + 3; k++) {
          B[j + 8] = 0.125 * B[i + 8] + 0.375 * fabs(sqrt(fabs(B[(i) / 3 + 8])) - alpha) + 0.125 * C[N - i + 5];
        }
      }
    }
  }
  for (i = 0; i < N; i++) {
    double t1 = 0.0;
    for (j = (i) / 2; j <= (N + i) / 2; j++) {
      for (k = i - j; k < j + 4; k++) {
        for (l = j + 1; l < j + 4; l++) {
          C[6] = (-2 * (i + l <= N ? C[6] : C[(i) % 3 + 6]) - 1 * A[-i + 5][i + 5] + 8) % 1009;
          t1 += 0.125 * sqrt(fabs(alpha)) + 0.0625 * (C[j + l + 6] > (k <= i - 1 ? B[-k + 8] : B[2 * j + 8]) ? C[j + l + 6] : (k <= i - 1 ? B[-k + 8] : B[2 * j + 8])) + 0.0625;
        }
      }
      for (k = 1; k <= (M - 1 < i + 2 ? M - 1 : i + 2); k++) {
        for (l = MAX(0, i - 3); l < N; l++) {
          if (l > 0) {
            A[8][(i + k) / 3 + 5] += (-2 * C[i + 6] - 2 * D[l + 10] + 7) % 16;
          } else {
            B[i - k + 9] -= 0.0625 * B[-k + 8] + 0.03125 * s1 + 0.0625 * B[i + j + 8];
          }
        }
      }
    }
    A[2 * i + 5][2 * i + 5] = (3 * (i <= i - 1 ? A[i + 5][3] : D[i + 11]) + 3 * (-i + 1) + 2 * A[5][-i + 5] + 3) % 1000;
  }
#pragma endscop
  out_s0 += s0;
  out_s1 += s1;
}

int main(void)
{
  init();
  kernel(1.5, A, B, C, D);
  dump_i("A", (const int *)A, 272);
  dump_d("B", (const double *)B, 32);
  dump_i("C", (const int *)C, 22);
  dump_i("D", (const int *)D, 18);
  dump_d("out_s0", &out_s0, 1);
  dump_d("out_s1", &out_s1, 1);
  return 0;
}
