/* An if with || whose disjuncts overlap (i == 0 and j <= 1 at once): the
 * domain is a non-disjoint union and the generated code ran the common
 * instances twice (caught by the self-check, region declined). */
#include <stdio.h>

#define NN 6
static double C[4];

static __attribute__((noinline)) void kernel(int n)
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (j <= 1 || i == 0)
        C[0] += 1.0;
#pragma endscop
}

int main(void)
{
  kernel(NN);
  printf("%.17g\n", C[0]);
  return 0;
}
