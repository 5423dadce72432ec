/* progfuzz bug (WRONG CODE, by gcc): tessera distributes the i loop below
 * and emits the A[j] writes as a nest of their own,
 *
 *     for (int c0 = 2; c0 < N - 2; c0 += 1)
 *       for (int c1 = c0 - 1; c1 <= c0 + 2; c1 += 1)
 *         A[c1] = ...;
 *
 * which is legal (the last writer of every A[j] is unchanged), but gcc 12.2
 * vectorizes the c0 loop as an outer loop (-O2, and -O3 for longer inner
 * loops) and stores the overlapping elements in the wrong order: A[2] ends
 * up with the value of c0 = 3 instead of c0 = 4. tessera now puts an empty
 * volatile asm statement in the body of such loops (pipeline/gccguard.go).
 *
 * Flags: tessera opt --parallel --novectorize THIS.c -o out.c
 * Compile: gcc -O2 -fopenmp out.c -lm
 * Found by progfuzz seed 800091 (flow parallel+novectorize), reduced. */
#include <math.h>
#include <stdio.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define N 14

static double A[16];
static double B[13][3][3];
static double C[N + 11][23];
static double D[49][N + 12];
static double E[N + 14][N + 13];
static double s0;

static void init(void)
{
  for (long x0 = 0; x0 < 16; x0++)
    A[x0] = (double)((3 * x0 + 1) % 97) / 97;
  for (long x0 = 0; x0 < 13; x0++)
    for (long x1 = 0; x1 < 3; x1++)
      for (long x2 = 0; x2 < 3; x2++)
        B[x0][x1][x2] = (double)((5 * x0 + 7 * x1 + 11 * x2 + 2) % 89) / 89;
  for (long x0 = 0; x0 < N + 11; x0++)
    for (long x1 = 0; x1 < 23; x1++)
      C[x0][x1] = (double)((7 * x0 + 11 * x1 + 3) % 53) / 53;
  for (long x0 = 0; x0 < 49; x0++)
    for (long x1 = 0; x1 < N + 12; x1++)
      D[x0][x1] = (double)((11 * x0 + 13 * x1 + 4) % 61) / 61;
  for (long x0 = 0; x0 < N + 14; x0++)
    for (long x1 = 0; x1 < N + 13; x1++)
      E[x0][x1] = (double)((13 * x0 + 3 * x1 + 5) % 71) / 71;
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

static __attribute__((noinline)) void kernel(double alpha)
{
#pragma scop
  for (int i = 2; i <= N - 3; i++) {
    for (int j = (0 > i - 1 ? 0 : i - 1); j < i + 3; j++) {
        double t1 = 0.25 * fabs(alpha - D[-2 * i + 22][13]) - 0.5 * E[N - i + 1][N - i + 12] / (1.0 + fabs(B[i][0][2])) - 0.25 * C[13][N - j - 1] + 0.0625;
        A[j] = t1;
    }
    E[2 * i + 2][N - i + 12] += 0.0625 * s0 + 0.0625 * (i >= i - 1 ? fabs(A[i - 1] - C[-i + 11][i - 1]) : s0) + 0.0625;
  }
#pragma endscop
}

int main(void)
{
  init();
  kernel(1.5);
  dump_d("A", (const double *)A, 16);
  dump_d("B", (const double *)B, 117);
  dump_d("C", (const double *)C, 575);
  dump_d("D", (const double *)D, 1274);
  dump_d("E", (const double *)E, 756);
  dump_d("s0", &s0, 1);
  return 0;
}
