/* Sizes that are macros: the region and its loops are versioned by their
   work, the streaming initialization stays sequential, and the product's
   body moves into a function with restrict array parameters. */
#include <stdio.h>
#define N 200
static double A[N][N], B[N][N], C[N][N];
static __attribute__((noinline)) void kernel(double A[N][N], double B[N][N], double C[N][N]) {
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = 0.5 * C[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        C[i][j] = C[i][j] + A[i][k] * B[k][j];
#pragma endscop
}
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (i * 7 + j) % 13 / 13.0;
      B[i][j] = (i + 3 * j) % 11 / 11.0;
      C[i][j] = (i + j) % 5;
    }
  kernel(A, B, C);
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += C[i][j] * ((i + 2 * j) % 7 + 1);
  printf("%.12e\n", s);
  return 0;
}
