/* progfuzz bug (WRONG CODE), second form of
 * parallel-mark-on-wrong-loop-degenerate-j.c: a loop with one iteration
 * (l = j) makes a band member constant on the domain; --parallel marks the
 * i loop (c1) "omp parallel for", though iteration i reads A[i + 1], which
 * iteration i + 1 writes (anti dependence; every i also writes A[i] many
 * times, fine). Without the l loop, or without the k loop, no parallel
 * mark. --explain: "band of 2 loop(s) over S0: ...; loop 0 parallel",
 * "parallel loop c1 over S0: parallel only when ... >= 2097152".
 *
 * Flags: tessera opt --parallel THIS.c -o out.c (tree of 10:20 UTC)
 * Then compile out.c with N changed to 3000 (as the bench does with
 * -DLARGE_DATASET: tessera keeps the size macros symbolic) so that the cost
 * check lets the parallel version run:
 *   sed 's/#define N 4$/#define N 3000/' out.c > big.c
 *   gcc -O2 -fopenmp -ffp-contract=off big.c; OMP_NUM_THREADS=2 ./a.out
 * Observed: 3006.1518399119377, 3006.5491611659527 (varies)
 * Expected: 3176.8929122388363 (the original with N = 3000)
 * At N = 4 progfuzz's "reversed" variant shows it deterministically.
 * Found by progfuzz seed 200017 (flows parallel, parallel+reductions). */
#include <stdio.h>
#define N 4
static float A[N + 2];
static __attribute__((noinline)) void kernel(void)
{
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i + 4; j++)
      for (int k = i; k < N - i; k++)
        for (int l = j; l <= j; l++)
          A[i] = 0.5 * A[i + 1] + 0.0625;
#pragma endscop
}
int main(void)
{
  for (int i = 0; i < N + 2; i++) A[i] = (i % 7) / 7.0;
  kernel();
  double s = 0;
  for (int i = 0; i < N + 2; i++) s += A[i] * (i % 5 + 1);
  printf("%.17g\n", s);
  return 0;
}
