/* progfuzz bug (WRONG CODE, bit-exactness, float DATA_TYPE): the
 * accumulator of pipeline/scalarize.go is declared with the element type
 * as tessera's preprocessor resolved it without -D flags (double), not as
 * the program spells it (DATA_TYPE, float under DATA_TYPE_IS_FLOAT):
 *     F[i][j] += E[i][k] * E[j][k];     (F DATA_TYPE, E float)
 * becomes, under --parallel,
 *     double tessera_acc0 = F[c3][c4];
 *     for (...) tessera_acc0 += E[c3][c5] * E[c4][c5];
 *     F[c3][c4] = tessera_acc0;
 * which rounds to float once at the end instead of after every addition.
 * The accumulator must have the spelled type (DATA_TYPE, or
 * __typeof__(F[c3][c4])). Only with -DDATA_TYPE_IS_FLOAT on the C
 * compiler's command line (PolyBench's way to select float): with the
 * define in the file tessera resolves DATA_TYPE to float and is right.
 *
 * Flags: tessera opt --parallel --novectorize THIS.c -o out.c
 * Compile: gcc -O2 -ffp-contract=off -DDATA_TYPE_IS_FLOAT THIS.c and out.c
 * Observed: F differs in the last bits (e.g. 0.52403485774993896)
 * Expected: 0.52403491735458374 (gcc on the original)
 * Found by progfuzz seeds 3000314, 3000327, 3000333 (PolyBench style,
 * flow parallel+novectorize+float), reduced with progfuzz -reduce. */
#include <math.h>
#include <stdio.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define N 6
#define M 6
#define _PB_N n
#define _PB_M m
#ifdef DATA_TYPE_IS_FLOAT
# define DATA_TYPE float
# define SCALAR_VAL(x) x##f
#else
# define DATA_TYPE double
# define SCALAR_VAL(x) x
#endif

static float A[6][N + 1];
static DATA_TYPE B[4][N];
static DATA_TYPE C[N + 1][N];
static float D[N + 1];
static float E[N + 2][N + 2];
static DATA_TYPE F[N][N + 1];
static DATA_TYPE out_nrm_0;

static void init(void)
{
  for (long x0 = 0; x0 < 6; x0++)
    for (long x1 = 0; x1 < N + 1; x1++)
      A[x0][x1] = (float)((3 * x0 + 5 * x1 + 1) % 97) / 97;
  for (long x0 = 0; x0 < 4; x0++)
    for (long x1 = 0; x1 < N; x1++)
      B[x0][x1] = (double)((5 * x0 + 7 * x1 + 2) % 89) / 89;
  for (long x0 = 0; x0 < N + 1; x0++)
    for (long x1 = 0; x1 < N; x1++)
      C[x0][x1] = (double)((7 * x0 + 11 * x1 + 3) % 53) / 53;
  for (long x0 = 0; x0 < N + 1; x0++)
    D[x0] = (float)((11 * x0 + 4) % 61) / 61;
  for (long x0 = 0; x0 < N + 2; x0++)
    for (long x1 = 0; x1 < N + 2; x1++)
      E[x0][x1] = (float)((13 * x0 + 3 * x1 + 5) % 71) / 71;
  for (long x0 = 0; x0 < N; x0++)
    for (long x1 = 0; x1 < N + 1; x1++)
      F[x0][x1] = (double)((3 * x0 + 5 * x1 + 6) % 97) / 97;
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

DUMP_FUNC(dump_t, DATA_TYPE)

static __attribute__((noinline)) void kernel(int n, int m, DATA_TYPE alpha, float A[6][N + 1], DATA_TYPE B[4][N], DATA_TYPE C[N + 1][N], float D[N + 1], float E[N + 2][N + 2], DATA_TYPE F[N][N + 1])
{
  DATA_TYPE nrm_0 = 2;
#pragma scop
  for (int i = 0; i < _PB_M; i++) {
    for (int j = 0; j < _PB_M; j++) {
      for (int k = 0; k < _PB_M; k++) {
        F[i][j] += E[i][k] * E[j][k];
      }
    }
  }
#pragma endscop
  out_nrm_0 += nrm_0;
}

int main(void)
{
  init();
  kernel(N, M, 1.5, A, B, C, D, E, F);
  dump_f("A", (const float *)A, 42);
  dump_t("B", (const DATA_TYPE *)B, 24);
  dump_t("C", (const DATA_TYPE *)C, 42);
  dump_f("D", (const float *)D, 7);
  dump_f("E", (const float *)E, 64);
  dump_t("F", (const DATA_TYPE *)F, 42);
  dump_t("out_nrm_0", &out_nrm_0, 1);
  return 0;
}
