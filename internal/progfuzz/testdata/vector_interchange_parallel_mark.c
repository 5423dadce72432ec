/* progfuzz seed 900273 */
#include <math.h>
#include <stdio.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define N 14

static int A[15];
static double B[N + 2];
static double C[14];
static double D[4][4][4];
static double E[N + 3];
static double F[N + 2][N + 2];
static double G[17];
static double s0;
static double out_s1;

static void init(void)
{
  for (long x0 = 0; x0 < 15; x0++)
    A[x0] = (int)((3 * x0 + 1) % 97) - 48;
  for (long x0 = 0; x0 < N + 2; x0++)
    B[x0] = (double)((5 * x0 + 2) % 89) / 89;
  for (long x0 = 0; x0 < 14; x0++)
    C[x0] = (double)((7 * x0 + 3) % 53) / 53;
  for (long x0 = 0; x0 < 4; x0++)
    for (long x1 = 0; x1 < 4; x1++)
      for (long x2 = 0; x2 < 4; x2++)
        D[x0][x1][x2] = (double)((11 * x0 + 13 * x1 + 3 * x2 + 4) % 61) / 61;
  for (long x0 = 0; x0 < N + 3; x0++)
    E[x0] = (double)((13 * x0 + 5) % 71) / 71;
  for (long x0 = 0; x0 < N + 2; x0++)
    for (long x1 = 0; x1 < N + 2; x1++)
      F[x0][x1] = (double)((3 * x0 + 5 * x1 + 6) % 97) / 97;
  for (long x0 = 0; x0 < 17; x0++)
    G[x0] = (double)((5 * x0 + 7) % 89) / 89;
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

static __attribute__((noinline)) void kernel(int n, int A[15], double B[N + 2], double C[14], double D[4][4][4], double E[N + 3], double F[N + 2][N + 2], double G[17])
{
  int i, j, k, l, t;
  double s1 = 3;
#pragma scop
  for (t = 0; t < n; t++) {
    for (i = 1; i < N - 1; i++) {
      E[i + 1] = 0.2 * (E[i + 1] + E[i] + E[i + 2]);
    }
  }
  for (i = 0; i < n; i++) {
    s1 = 0.0;
    for (j = 0; j < n; j++) {
      s1 += F[i][j] * C[j];
    }
    G[i + 2] = 0.5 * s1;
  }
  for (i = 0; i < N; i++) {
    s1 = 0.0;
    for (j = 1; j < N; j++) {
      B[i] = -0.5 * (i + j < n ? E[j - 1] : E[j + 1]) + 0.375 * E[j + 1] + 0.125 * E[i + 1];
      s1 += 0.03125 * C[i] + 0.0625 * (i) + 0.0625;
    }
    G[i + 3] += 0.03125 * s1 + 0.0625 * E[i + 1] + 0.125 * A[i];
  }
#pragma endscop
  out_s1 += s1;
}

int main(void)
{
  init();
  kernel(N, A, B, C, D, E, F, G);
  dump_i("A", (const int *)A, 15);
  dump_d("B", (const double *)B, 16);
  dump_d("C", (const double *)C, 14);
  dump_d("D", (const double *)D, 64);
  dump_d("E", (const double *)E, 17);
  dump_d("F", (const double *)F, 256);
  dump_d("G", (const double *)G, 17);
  dump_d("s0", &s0, 1);
  dump_d("out_s1", &out_s1, 1);
  return 0;
}
