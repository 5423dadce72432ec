/* progfuzz bug (wrong-output, not fixed): seed 5100042, flow
 * --tile-sizes=3,5,7 --novectorize, compiled as progfuzz does
 * (gcc 12 -O2 -march=native -fopenmp -ffp-contract=off) on a host with
 * AVX-512: array B differs. The output of tessera opt is right under
 * -O0, -O1, -O2 without -march, -O3 -ffp-contract=off, -O3
 * -march=native, -O2 -march=native -mprefer-vector-width=256 and
 * -fno-tree-loop-vectorize; only gcc's loop vectorizer at -O2 with
 * 512-bit vectors gets it wrong. The nest that writes B is textually the
 * original's (the first one: its k loop writes D[j+1][k+2] and reads the
 * invariant element D[2i+2][i+2], which it overwrites when j = 2i+1 and
 * k = i); an empty asm statement in that k loop makes the output right,
 * so gcc vectorizes that loop in tessera's file (not in the original,
 * where it leaves it scalar) and mishandles the overlap. tessera exposes
 * it since findPerGroup (session 5) tiles the stencil nest beside it,
 * which changes the function gcc sees. Not yet guarded
 * (pipeline/gccguard.go has the outer-vectorization case only).
 * The first nest alone, in a noinline kernel(A, B, C, D) called once with
 * the static arrays, gives the -O0/-O1 value under gcc -O2 -fsanitize=
 * address (no report) and another under plain gcc -O2 (no -march, no
 * vectorization involved); each of -fno-ipa-cp, -fno-gcse, -fno-tree-ch,
 * -fno-ivopts restores the -O0 value. All its subscripts stay inside
 * every dimension. So gcc 12 miscompiles the original loop itself
 * depending on the code around it (a gcc bug, not reported yet).
 */
/* progfuzz seed 5100042 */
#include <math.h>
#include <stdio.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define N 20

static float A[N + 2][N];
static double B[21][N + 1];
static double C[N + 1][20];
static double D[N + 21][24];
static double E[N + 1];
static double F[N + 1][22];
static double G[22][21];
static double H[N + 1][22];
static double I[N][21];
static double s0;
static int out_s1;

static void init(void)
{
  for (long x0 = 0; x0 < N + 2; x0++)
    for (long x1 = 0; x1 < N; x1++)
      A[x0][x1] = (float)((3 * x0 + 5 * x1 + 1) % 97) / 97;
  for (long x0 = 0; x0 < 21; x0++)
    for (long x1 = 0; x1 < N + 1; x1++)
      B[x0][x1] = (double)((5 * x0 + 7 * x1 + 2) % 89) / 89;
  for (long x0 = 0; x0 < N + 1; x0++)
    for (long x1 = 0; x1 < 20; x1++)
      C[x0][x1] = (double)((7 * x0 + 11 * x1 + 3) % 53) / 53;
  for (long x0 = 0; x0 < N + 21; x0++)
    for (long x1 = 0; x1 < 24; x1++)
      D[x0][x1] = (double)((11 * x0 + 13 * x1 + 4) % 61) / 61;
  for (long x0 = 0; x0 < N + 1; x0++)
    E[x0] = (double)((13 * x0 + 5) % 71) / 71;
  for (long x0 = 0; x0 < N + 1; x0++)
    for (long x1 = 0; x1 < 22; x1++)
      F[x0][x1] = (double)((3 * x0 + 5 * x1 + 6) % 97) / 97;
  for (long x0 = 0; x0 < 22; x0++)
    for (long x1 = 0; x1 < 21; x1++)
      G[x0][x1] = (double)((5 * x0 + 7 * x1 + 7) % 89) / 89;
  for (long x0 = 0; x0 < N + 1; x0++)
    for (long x1 = 0; x1 < 22; x1++)
      H[x0][x1] = (double)((7 * x0 + 11 * x1 + 8) % 53) / 53;
  for (long x0 = 0; x0 < N; x0++)
    for (long x1 = 0; x1 < 21; x1++)
      I[x0][x1] = (double)((11 * x0 + 13 * x1 + 9) % 61) / 61;
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

static __attribute__((noinline)) void kernel(float A[N + 2][N], double B[21][N + 1], double C[N + 1][20], double D[N + 21][24], double E[N + 1], double F[N + 1][22], double G[22][21], double H[N + 1][22], double I[N][21])
{
  int s1 = 3;
#pragma scop
  for (int i = 0; i < N; i++) {
    s0 = 0.0;
    for (int j = 0; j < N; j++) {
      for (int k = 0; k < N; k++) {
        D[j + 1][k + 2] += 0.0625 * A[i][k] + 0.125 * D[j][i];
        s0 += -0.125 * C[k][N - i - 1] + 0.125 * D[2 * i + 2][i + 2];
      }
      for (int k = 0; k < N; k += 2) {
        D[k + 1][k + 2] = -0.5 * B[i][j] - 0.5 * D[j + 1][i + 3];
      }
    }
    B[i][i] += 0.125 * s0 + 0.125 * B[i][0];
  }
  for (int t = 0; t < N; t++) {
    for (int i = 1; i < N - 1; i++) {
      for (int j = 1; j < N - 1; j++) {
        F[i][j] = 0.2 * (F[i][j] + F[i - 1][j] + F[i + 1][j] + F[i][j - 1] + F[i][j + 1]);
      }
    }
    for (int i = 1; i < N - 1; i++) {
      for (int j = 1; j < N - 1; j++) {
        F[i][j] = 0.2 * (F[i][j] + F[i - 1][j] + F[i + 1][j] + F[i][j - 1] + F[i][j + 1]);
      }
    }
  }
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) {
      for (int k = 0; k < N; k++) {
        I[i][j] += 0.5 * G[i][k] * H[k][j];
      }
    }
  }
#pragma endscop
  out_s1 += s1;
}

int main(void)
{
  init();
  kernel(A, B, C, D, E, F, G, H, I);
  dump_f("A", (const float *)A, 440);
  dump_d("B", (const double *)B, 441);
  dump_d("C", (const double *)C, 420);
  dump_d("D", (const double *)D, 984);
  dump_d("E", (const double *)E, 21);
  dump_d("F", (const double *)F, 462);
  dump_d("G", (const double *)G, 462);
  dump_d("H", (const double *)H, 462);
  dump_d("I", (const double *)I, 420);
  dump_d("s0", &s0, 1);
  dump_i("out_s1", &out_s1, 1);
  return 0;
}
