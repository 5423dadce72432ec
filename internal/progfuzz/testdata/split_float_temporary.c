/* progfuzz bug (WRONG CODE, bit-exactness): --split types the temporary by
 * the LEFT side's element type (float) while the right side is evaluated in
 * double: "E[i][j] += alpha * C[i][k] * D[k][j]" (E float; alpha, C, D
 * double) becomes
 *     const float split_tmp0_v1 = alpha * C[c3][c4] * D[c4][c5];
 *     E[c3][c5] += split_tmp0_v1;
 * which rounds the product to float before the addition (C evaluates
 * (double)E + product, then rounds once). The temporary must have the type
 * of the right side (the usual arithmetic conversions of its operands:
 * double here), or the statement must not be split.
 * --explain: "alpha*C[i][k]*D[k][j] goes through float split_tmp0[k][i] ..."
 *
 * Flags: tessera opt --split THIS.c -o out.c
 * Compile: gcc -O2 -ffp-contract=off out.c -lm (any flags)
 * Observed: 3863.4250340983272
 * Expected: 3863.425029091537 (gcc on the original)
 * Found by progfuzz seed 70001 (flow split), reduced by hand. */
#include <stdio.h>
#define N 14
#define M 7
static double C[N][N], D[N][N];
static float E[N][N];
static __attribute__((noinline)) void kernel(double alpha)
{
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = i + 1; k < M; k++)
        E[i][j] += alpha * C[i][k] * D[k][j];
#pragma endscop
}
int main(void)
{
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) { C[i][j] = ((i * 7 + j * 3) % 97) / 97.0; D[i][j] = ((i + j * 5) % 89) / 89.0; E[i][j] = ((i + j) % 13) / 13.0f; }
  kernel(1.5);
  double s = 0;
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) s += E[i][j] * (i + 3 * j + 1);
  printf("%.17g\n", s);
  return 0;
}
