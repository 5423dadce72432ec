/* tessera opt runs out of memory (> 3 GB) in the scheduler (RationalProject)
 * on this nest: a step-2 loop plus two bounds with C division. */
#include <stdio.h>
#define N 14
static double B[20][20][20];
static void kernel(void)
{
#pragma scop
  for (int i = 0; i <= N - 3; i++)
    for (int j = 1; j <= (N + i) / 3; j++)
      for (int k = 0; k < N - i; k += 2)
        for (int l = 1; l <= (N + k) / 2; l++)
          B[k + 1][i][l] = 0.75 * (2 * k);
#pragma endscop
}
int main(void){kernel(); printf("%g\n", B[1][1][1]); return 0;}
