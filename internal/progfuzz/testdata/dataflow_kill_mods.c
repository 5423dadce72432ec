/* progfuzz bug (TIME, tessera-timeout): tessera opt spent more than two
 * minutes of CPU time on the first region (every flow), which was then
 * kept at the --region-timeout limit. The scheduler's remarks ask for the
 * value-based flow dependences (deps.valueBased), which subtract from
 * each flow the pairs killed by an intermediate write; here the kills
 * have mods under existentials ((l + i) % 3 == 2 inside a step-2 loop),
 * and making them known split one part of a kill into 446, so that one
 * subtraction took 80 s. Fixed in session 9: the kill is subtracted with
 * a budget (presburger.SubtractWithin) and a flow past it keeps its
 * memory-based relation, a superset. 3 s now.
 *
 * Flags: tessera opt THIS.c -o out.c
 * Found by progfuzz seed 8400041 (all flows), not reduced.
 */
#include <math.h>
#include <stdio.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define N 6
#define M 5
#define P 14
#ifdef DATA_TYPE_IS_FLOAT
# define DATA_TYPE float
# define SCALAR_VAL(x) x##f
#else
# define DATA_TYPE double
# define SCALAR_VAL(x) x
#endif

static DATA_TYPE A[P + 31][P + 39];
static DATA_TYPE B[P][P + 1][P + 20];
static DATA_TYPE C[N + 1];
static DATA_TYPE D[N + 1][N];
static DATA_TYPE E[M][M];
static DATA_TYPE out_s0;

static void init(void)
{
  for (long x0 = 0; x0 < P + 31; x0++)
    for (long x1 = 0; x1 < P + 39; x1++)
      A[x0][x1] = (double)((3 * x0 + 5 * x1 + 1) % 97) / 97;
  for (long x0 = 0; x0 < P; x0++)
    for (long x1 = 0; x1 < P + 1; x1++)
      for (long x2 = 0; x2 < P + 20; x2++)
        B[x0][x1][x2] = (double)((5 * x0 + 7 * x1 + 11 * x2 + 2) % 89) / 89;
  for (long x0 = 0; x0 < N + 1; x0++)
    C[x0] = (double)((7 * x0 + 3) % 53) / 53;
  for (long x0 = 0; x0 < N + 1; x0++)
    for (long x1 = 0; x1 < N; x1++)
      D[x0][x1] = (double)((11 * x0 + 13 * x1 + 4) % 61) / 61;
  for (long x0 = 0; x0 < M; x0++)
    for (long x1 = 0; x1 < M; x1++)
      E[x0][x1] = (double)((13 * x0 + 3 * x1 + 5) % 71) / 71;
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

static __attribute__((noinline)) void kernel(int n, int m, int p, DATA_TYPE alpha, DATA_TYPE A[p + 31][p + 39], DATA_TYPE B[p][p + 1][p + 20], DATA_TYPE C[n + 1], DATA_TYPE D[n + 1][n], DATA_TYPE E[m][m])
{
  DATA_TYPE s0 = 2;
  DATA_TYPE acc1;
  DATA_TYPE w2;
#pragma scop
  for (int i = 1; i <= n - 2; i++) {
    acc1 = SCALAR_VAL(0.0);
    for (int j = 0; j < p - i; j++) {
      for (int k = (j) / 2; k < j + 2; k++) {
        for (int l = j; l <= p - j - 1; l += 2) {
          if ((l + i) % 3 == 2) {
            A[n - k + 27][27] += -0.125 * B[13][i + 1][l + 8];
          } else {
            A[-k + 28][-2 * k + 26] -= SCALAR_VAL(0.0625) * B[-j + 12][j][l + j + 8] + 0.03125 * (k <= j + 1 ? A[-i + 28][-j + 24] : sqrt(fabs(A[i + 28][k + 25])));
          }
          acc1 += SCALAR_VAL(0.0625) * A[l + 29][k + l + 26] + 0.5;
        }
        for (int l = 1; l <= m - k - 1; l++) {
          A[-2 * k + 26][n - k + 25] = sqrt(fabs(A[2 * i + 28][l + 26])) + 0.5;
        }
      }
    }
    for (int j = p - i - 1; j < p; j++) {
      for (int k = j; k < j + 2; k++) {
        for (int l = n - j - 1; l <= i + j; l++) {
          s0 = s0 + 0.0625;
        }
      }
    }
    B[-i + 10][i + 1][-2 * i + 8] = SCALAR_VAL(0.5) * acc1 + SCALAR_VAL(0.75) * s0 + SCALAR_VAL(0.5) * s0 + 0.0625;
  }
  for (int t = 0; t <= 3; t++) {
    for (int i = 1; i < n - 1; i++) {
      for (int j = 1; j < n - 1; j++) {
        D[i][j] = 0.2 * (A[i + 28][j + 26] + A[i + 27][j + 26] + A[i + 29][j + 26] + A[i + 28][j + 25] + A[i + 28][j + 27]);
      }
    }
    for (int i = 1; i < n - 1; i++) {
      for (int j = 1; j < n - 1; j++) {
        A[i + 28][j + 26] = 0.2 * (D[i][j] + D[i - 1][j] + D[i + 1][j] + D[i][j - 1] + D[i][j + 1]);
      }
    }
  }
  for (int i = 0; i < m; i++) {
    w2 = C[i];
    for (int j = 0; j < i; j++) {
      w2 -= SCALAR_VAL(0.25) * E[i][j] * C[j];
    }
    C[i] = w2;
  }
#pragma endscop
  out_s0 += s0;
}

int main(void)
{
  init();
  kernel(N, M, P, 1.5, A, B, C, D, E);
  dump_t("A", (const DATA_TYPE *)A, 2385);
  dump_t("B", (const DATA_TYPE *)B, 7140);
  dump_t("C", (const DATA_TYPE *)C, 7);
  dump_t("D", (const DATA_TYPE *)D, 42);
  dump_t("E", (const DATA_TYPE *)E, 25);
  dump_t("out_s0", &out_s0, 1);
  return 0;
}
