/* progfuzz bug (WRONG CODE): --parallel on a Jacobi-2d stencil whose time
 * loop has CONSTANT bounds (t <= 1; also t <= 2, t <= 3, t <= 9; fine with
 * t <= 0, t <= 5 and with a parameter bound t < TS) produces a time-tiled
 * wavefront whose "#pragma omp parallel for" tile loop (c2) is not
 * parallel: tiles of the same wavefront c0 depend on each other.
 *
 * Flags: tessera opt --parallel THIS.c -o out.c (tessera from the tree at
 *        10:30 UTC; also --vectorize --parallel)
 * Compile: gcc -O2 -march=native -fopenmp -ffp-contract=off out.c -lm;
 *          OMP_NUM_THREADS=2 ./a.out
 * Observed (N=1100, so the cost check 2*(N-2)^2 >= 2^21 lets the parallel
 * version run; 3 runs):
 *   1197504.1825065772 3590910.9778281134
 *   1197497.8085345922 3590893.6249427171
 *   1197513.7100820943 3590943.3484138387
 * Expected (gcc on the original, and tessera with t < TS, TS a macro = 2):
 *   1197513.8465792196 3590940.4979458365
 * The parallel loop sits in "for (c0 = -1; c0 <= floord(N + 2, 16); ...)
 *   #pragma omp parallel for  for (c2 = max(0, floord(c0, 4)); ...)".
 * At small N (67) progfuzz's "forced" and "reversed" variants show it
 * deterministically. Found by progfuzz seed 50011 (flow vectorize+parallel). */
#include <stdio.h>
#define N 67
static double A[N][N], F[N][N];
static __attribute__((noinline)) void kernel(void)
{
#pragma scop
  for (int t = 0; t <= 1; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        F[i][j] = 0.2 * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2 * (F[i][j] + F[i - 1][j] + F[i + 1][j] + F[i][j - 1] + F[i][j + 1]);
  }
#pragma endscop
}
int main(void)
{
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) { A[i][j] = ((i * 7 + j * 3) % 97) / 97.0; F[i][j] = ((i + j * 5) % 89) / 89.0; }
  kernel();
  long double s = 0, w = 0;
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) { s += A[i][j] + F[i][j]; w += (i % 7 + j % 5 + 1) * (long double)A[i][j]; }
  printf("%.17Lg %.17Lg\n", s, w);
  return 0;
}
