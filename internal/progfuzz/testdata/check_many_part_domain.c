/* progfuzz bug (TIME, tessera-timeout): tessera opt spent more than two
 * minutes of CPU time on the first region, which was then kept at the
 * --region-timeout limit. The legality check of every candidate schedule
 * (deps.Check) intersected each dependence with "source not before
 * target" built from the statements' schedule maps, and the schedule map
 * of the else branch of if ((k + j) % 2 == 1 || ...) carries its domain of
 * 81 parts: 81 x 5 x 81 = 32805 parts for one statement pair, 7 s a check.
 * Fixed in session 9: deps.Check first checks with the schedules relaxed
 * to their functions (presburger.RelaxDomain, one part each), a superset,
 * and needs the exact maps only when that finds a violation. 9 s in all
 * now (2 cores, the scalar-expansion attempts included).
 *
 * Flags: tessera opt THIS.c -o out.c
 * Found by progfuzz seed 8100054 (flow default), not reduced.
 */
#include <math.h>
#include <stdio.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define N 9
#ifdef DATA_TYPE_IS_FLOAT
# define DATA_TYPE float
# define SCALAR_VAL(x) x##f
#else
# define DATA_TYPE double
# define SCALAR_VAL(x) x
#endif

static DATA_TYPE A[N + 6];
static DATA_TYPE B[N];
static DATA_TYPE C[N + 1];
static DATA_TYPE D[N + 1][N + 1][N + 4];
static DATA_TYPE E[N];
static int s0;
static DATA_TYPE out_s1;

static void init(void)
{
  for (long x0 = 0; x0 < N + 6; x0++)
    A[x0] = (double)((3 * x0 + 1) % 97) / 97;
  for (long x0 = 0; x0 < N; x0++)
    B[x0] = (double)((5 * x0 + 2) % 89) / 89;
  for (long x0 = 0; x0 < N + 1; x0++)
    C[x0] = (double)((7 * x0 + 3) % 53) / 53;
  for (long x0 = 0; x0 < N + 1; x0++)
    for (long x1 = 0; x1 < N + 1; x1++)
      for (long x2 = 0; x2 < N + 4; x2++)
        D[x0][x1][x2] = (double)((11 * x0 + 13 * x1 + 3 * x2 + 4) % 61) / 61;
  for (long x0 = 0; x0 < N; x0++)
    E[x0] = (double)((13 * x0 + 5) % 71) / 71;
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

DUMP_FUNC(dump_t, DATA_TYPE)

static __attribute__((noinline)) void kernel(int n, DATA_TYPE A[N + 6], DATA_TYPE B[N], DATA_TYPE C[N + 1], DATA_TYPE D[N + 1][N + 1][N + 4], DATA_TYPE E[N])
{
  DATA_TYPE s1 = 3;
#pragma scop
  for (int i = 0; i < n; i++) {
    s1 = 0.0;
    for (int j = i; j < n; j++) {
      for (int k = 0; k < n; k++) {
        for (int l = 0; l < n; l++) {
          if (((k + j) % 2 == 1 || (l >= i - 1 || i >= l + 1))) {
            A[n - i + 1] = 0.25 * E[i] + 0.5 * A[j + 2] + 0.5 * (k + 1) + 1.0;
          } else {
            {
              double t1 = 0.25 * A[i + 2] - 0.25 * A[j] + 0.375 * (l) + 0.5;
              B[l] = 0.75 * t1 + 0.125 * C[l] + 0.5 * A[l + 4];
            }
          }
          s1 += 0.125 * D[i][j][i] + 0.0625 * B[k] + 0.125 * exp(-fabs(A[j + 2]));
        }
      }
    }
    for (int j = 1; j <= i; j++) {
      for (int k = j; k < n; k++) {
        {
          double t2 = -0.5 * E[k] + 0.75 * A[j + 2] + 1.0;
          D[i][j + 1][k + 2] *= 0.5;
        }
      }
    }
    D[i][1][2] = 0.5 * s1 + 1.0;
  }
#pragma endscop
  out_s1 += s1;
}

static __attribute__((noinline)) void kernel2(int n, DATA_TYPE A[N + 6], DATA_TYPE B[N], DATA_TYPE C[N + 1], DATA_TYPE D[N + 1][N + 1][N + 4], DATA_TYPE E[N])
{
  DATA_TYPE s1 = 3;
#pragma scop
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++) {
      if ((i > j - 1 && j < j - 1)) {
        for (int k = 1; k < n; k++) {
          if (k > 4) {
            B[i] += 0.125 * B[i] + 0.03125 * D[i][j][k + 2];
          }
        }
      }
    }
  }
#pragma endscop
  out_s1 += s1;
}

int main(void)
{
  init();
  kernel(N, A, B, C, D, E);
  kernel2(N, A, B, C, D, E);
  dump_t("A", (const DATA_TYPE *)A, 15);
  dump_t("B", (const DATA_TYPE *)B, 9);
  dump_t("C", (const DATA_TYPE *)C, 10);
  dump_t("D", (const DATA_TYPE *)D, 1300);
  dump_t("E", (const DATA_TYPE *)E, 9);
  dump_i("s0", &s0, 1);
  dump_t("out_s1", &out_s1, 1);
  return 0;
}
