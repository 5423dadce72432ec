/* progfuzz bug (WRONG CODE): --parallel puts "#pragma omp parallel for" on
 * the loop that carries an output dependence.
 *
 * j runs exactly once (j = M - i - 1), so the write E[2*M - 2*i - 2*j] is
 * always E[2]: every i iteration writes E[2] (output dependence carried by
 * i; `tessera deps` says so: "L0 (i): sequential, carries 3"). The
 * scheduler's band [?, i] reports "loop 0 parallel"; the first band member
 * is constant on the domain, astgen eliminates it, and the parallel mark
 * lands on the i loop (c1). With coefficient 1 (E[M - i - j]) the mark ends
 * up as a harmless comment instead; with step 1 on i as well.
 *
 * Flags: tessera opt --parallel THIS.c -o out.c   (also --vectorize --parallel,
 *        --parallel --reductions; tessera built at 10:11 UTC from the tree)
 * Compile: gcc -O2 -fopenmp out.c; OMP_NUM_THREADS=2 ./a.out (run a few times)
 * Observed: E[2] = 8003 in 2 runs of 5 (race), tessera output:
 *     #pragma omp parallel for
 *     for (int c1 = 2; c1 < M; c1 += 2)
 *       tessera_par_6_0(c1);
 * Expected: E[2] = 15995 every time (the i loop is sequential).
 * --explain: "band of 2 loop(s) over S0: not tiled ...; loop 0 parallel",
 *            "parallel loop c1 over S0: parallel: work not estimated ..."
 * Found by progfuzz seed 60011 (flow parallel, "reversed" variant), reduced. */
#include <stdio.h>
#define M 4000
static int E[M + 20];
static __attribute__((noinline)) void kernel(void)
{
#pragma scop
  for (int i = 2; i < M; i += 2)
    for (int j = M - i - 1; j < M - i; j++)
      E[2 * M - 2 * i - 2 * j] = E[i + 3] + 3 * i;
#pragma endscop
}
int main(void)
{
  for (int i = 0; i < M + 20; i++) E[i] = i;
  kernel();
  printf("E[2] = %d\n", E[2]);
  return 0;
}
