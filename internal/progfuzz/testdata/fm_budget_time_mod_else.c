/* progfuzz bug (TIME, tessera-timeout): tessera opt --novectorize (also
 * --parallel, and the default flow at 30-60 s) spends more than 60 s on this
 * one 4-deep int nest before it keeps the original schedule with
 *   warning: original schedule kept: presburger: budget exceeded: sys:
 *   RationalProject (Fourier-Motzkin): more than 20000 constraints
 * (34 MB: CPU time, not memory). The
 * statement's domain is the else branch of
 *   !(!((j + i) % 3 == 2)) && (k + l) % 3 == 1
 * (a union of pieces with two mod existentials) under j >= MAX(0, i - 3),
 * l <= (N + i) / 3 and a reverse loop i, and its right side holds a
 * ternary on (i < j + 1 || l < k + 1). Not profiled: either the
 * constraint budget trips only after most of the time is spent, or the
 * time goes elsewhere; --region-timeout (default 2 min CPU) is above
 * progfuzz's 60 s limit, so it does not cut this short.
 *
 * Flags: tessera opt --novectorize THIS.c -o out.c
 * Observed: 30-32 s for this reduced file (both flags, load average 9 on
 * 2 cores); the unreduced program had no answer in 60 s
 * Expected: an answer (or a kept schedule) within a few seconds
 * Found by progfuzz seed 3000255 (flows novectorize and parallel), reduced
 * with progfuzz -reduce -kind tessera-timeout -opt-timeout 20s. */
#include <math.h>
#include <stdio.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define N 6
#define M 4

static int A[N + 5];
static int B[8][N + 11][7];
static int C[N + 8][16];
static double D[19][8][6];
static double E[7][M + 15];
static double F[4][4];
static float G[M + 1];
static double H[4];
static double s0;

static void init(void)
{
  for (long x0 = 0; x0 < N + 5; x0++)
    A[x0] = (int)((3 * x0 + 1) % 97) - 48;
  for (long x0 = 0; x0 < 8; x0++)
    for (long x1 = 0; x1 < N + 11; x1++)
      for (long x2 = 0; x2 < 7; x2++)
        B[x0][x1][x2] = (int)((5 * x0 + 7 * x1 + 11 * x2 + 2) % 89) - 44;
  for (long x0 = 0; x0 < N + 8; x0++)
    for (long x1 = 0; x1 < 16; x1++)
      C[x0][x1] = (int)((7 * x0 + 11 * x1 + 3) % 53) - 26;
  for (long x0 = 0; x0 < 19; x0++)
    for (long x1 = 0; x1 < 8; x1++)
      for (long x2 = 0; x2 < 6; x2++)
        D[x0][x1][x2] = (double)((11 * x0 + 13 * x1 + 3 * x2 + 4) % 61) / 61;
  for (long x0 = 0; x0 < 7; x0++)
    for (long x1 = 0; x1 < M + 15; x1++)
      E[x0][x1] = (double)((13 * x0 + 3 * x1 + 5) % 71) / 71;
  for (long x0 = 0; x0 < 4; x0++)
    for (long x1 = 0; x1 < 4; x1++)
      F[x0][x1] = (double)((3 * x0 + 5 * x1 + 6) % 97) / 97;
  for (long x0 = 0; x0 < M + 1; x0++)
    G[x0] = (float)((5 * x0 + 7) % 89) / 89;
  for (long x0 = 0; x0 < 4; x0++)
    H[x0] = (double)((7 * x0 + 8) % 53) / 53;
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

static __attribute__((noinline)) void kernel(int n, int A[N + 5], int B[8][N + 11][7], int C[N + 8][16], double D[19][8][6], double E[7][M + 15], double F[4][4], float G[M + 1], double H[4])
{
#pragma scop
  for (int i = M - 1; i >= 2; i--) {
    for (int j = MAX(0, i - 3); j < N - i; j++) {
        for (int k = i; k <= N - i - 1; k++) {
          for (int l = 0; l <= (N + i) / 3; l++) {
            if ((!(!((j + i) % 3 == 2)) && (k + l) % 3 == 1)) {
            } else {
              A[9] = (-1 * A[-2 * l + 6] + 3 * ((i < j + 1 || l < k + 1) ? C[k + 4][2 * k + 7] : A[n - i + 5]) + 2 * A[l + 6] + 6) % 97;
            }
          }
        }
    }
  }
#pragma endscop
}

int main(void)
{
  init();
  kernel(N, A, B, C, D, E, F, G, H);
  dump_i("A", (const int *)A, 11);
  dump_i("B", (const int *)B, 952);
  dump_i("C", (const int *)C, 224);
  dump_d("D", (const double *)D, 912);
  dump_d("E", (const double *)E, 133);
  dump_d("F", (const double *)F, 16);
  dump_f("G", (const float *)G, 5);
  dump_d("H", (const double *)H, 4);
  dump_d("s0", &s0, 1);
  return 0;
}
