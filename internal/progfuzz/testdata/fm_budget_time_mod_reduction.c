/* progfuzz bug (TIME, tessera-timeout), probably the same as
 * fm_budget_time_mod_else.c: tessera opt --parallel --reductions spent more
 * than 60 s on the unreduced program (seed 3000287, load average 9; 27 s
 * at load 3) and 6 s on this reduced one (20+ s under load), then keeps the
 * original schedule with
 *   warning: original schedule kept: presburger: budget exceeded: sys:
 *   RationalProject (Fourier-Motzkin): more than 20000 constraints
 * The first nest has a disjunction with two mods in its if, a reverse k
 * loop bounded by i / 2, and a scalar reduction s0 += ... whose result is
 * stored after the if; the LU-like second nest is needed for the time.
 *
 * Flags: tessera opt --parallel --reductions THIS.c -o out.c
 * Observed: 6 s (reduced), 27-60+ s (unreduced)
 * Expected: an answer (or a kept schedule) within a second or two
 * Found by progfuzz seed 3000287 (flow parallel+reductions), reduced with
 * progfuzz -reduce -kind tessera-timeout -opt-timeout 20s. */
#include <math.h>
#include <stdio.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define N 10
#define M 7
#define P 11

static double A[M + 45];
static int B[N + 2];
static double C[P + 3];
static float D[N + 3];
static double E[31][21][P + 10];
static double F[9][8];
static double s0;

static void init(void)
{
  for (long x0 = 0; x0 < M + 45; x0++)
    A[x0] = (double)((3 * x0 + 1) % 97) / 97;
  for (long x0 = 0; x0 < N + 2; x0++)
    B[x0] = (int)((5 * x0 + 2) % 89) - 44;
  for (long x0 = 0; x0 < P + 3; x0++)
    C[x0] = (double)((7 * x0 + 3) % 53) / 53;
  for (long x0 = 0; x0 < N + 3; x0++)
    D[x0] = (float)((11 * x0 + 4) % 61) / 61;
  for (long x0 = 0; x0 < 31; x0++)
    for (long x1 = 0; x1 < 21; x1++)
      for (long x2 = 0; x2 < P + 10; x2++)
        E[x0][x1][x2] = (double)((13 * x0 + 3 * x1 + 5 * x2 + 5) % 71) / 71;
  for (long x0 = 0; x0 < 9; x0++)
    for (long x1 = 0; x1 < 8; x1++)
      F[x0][x1] = (double)((3 * x0 + 5 * x1 + 6) % 97) / 97;
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

static __attribute__((noinline)) void kernel(double A[M + 45], int B[N + 2], double C[P + 3], float D[N + 3], double E[31][21][P + 10], double F[9][8])
{
#pragma scop
  for (int i = 0; i < P; i++) {
    for (int j = P - i - 1; j < i; j++) {
      if ((j > 1 || (((j + i) % 2 == 0 || j <= i) || (i + j) % 3 == 0))) {
        for (int k = i + 1; k >= (i) / 2; k--) {
          for (int l = 0; l <= k - 1; l++) {
            s0 += 0.03125 * (i <= j + 1 ? A[2 * i + l + 20] : D[l]) + 0.03125 * (3);
          }
        }
      }
      E[i + 7][(2 * j + 1) % 2 + 10][j + 10] = -0.25 * s0 + 0.0625;
    }
  }
  for (int k = 0; k < M; k++) {
    for (int i = k + 1; i < M; i++) {
      F[i][k] = F[i][k] * 0.5;
    }
    for (int i = k + 1; i < M; i++) {
      for (int j = k + 1; j < M; j++) {
        F[i][j] -= F[i][k] * F[k][j];
      }
    }
  }
#pragma endscop
}

int main(void)
{
  init();
  kernel(A, B, C, D, E, F);
  dump_d("A", (const double *)A, 52);
  dump_i("B", (const int *)B, 12);
  dump_d("C", (const double *)C, 14);
  dump_f("D", (const float *)D, 13);
  dump_d("E", (const double *)E, 13671);
  dump_d("F", (const double *)F, 72);
  dump_d("s0", &s0, 1);
  return 0;
}
