/* progfuzz bug (WRONG CODE, every flow, also --identity): the negation of a
 * disjunction of modulo tests is wrong. The condition
 *     !((i % 2 == 1 || i % 2 == 0)) && i > 0
 * is never true, but `tessera scop` gives the domain
 *     [N] -> { S0[i] : 0 < i < N and i mod 2 <= 0 }
 * (the even i), and the output runs the statement:
 *     for (int c0 = 2; c0 < N; c0 += 2) C[c0] = B[c0] + 21.0;
 * Probably the "e % k == 0 and e % k != 0 are tested without the sign split"
 * shortcut or the distribution of ! over || with mod terms (scop/doc.go).
 * Flags: tessera opt --identity THIS.c -o out.c (tree of 11:05 UTC, also 10:20)
 * Observed: 126          Expected: 0 (gcc on the original)
 * Found by progfuzz seed 800064 (all flows), reduced by hand. */
#include <stdio.h>
#define N 13
static double C[N], B[N];
static __attribute__((noinline)) void kernel(void)
{
#pragma scop
  for (int i = 0; i < N; i++)
    if (!((i % 2 == 1 || i % 2 == 0)) && i > 0)
      C[i] = B[i] + 21.0;
#pragma endscop
}
int main(void)
{
  kernel();
  double s = 0;
  for (int i = 0; i < N; i++) s += C[i];
  printf("%g\n", s);
  return 0;
}
