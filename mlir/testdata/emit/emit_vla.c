/* Variable-length array parameters: dynamic memref extents, passed in the
   descriptors; a pointer parameter (unknown outer extent). */
#include <stdio.h>
#include <stdlib.h>

static void kernel(int n, int m, double A[n][m], double B[m][n], double *v)
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = A[i][j] * 0.5 + B[j][i] * v[j];
  for (int j = 0; j < m; j++)
    v[j] = v[j] + A[n - 1][j];
#pragma endscop
}

int main(void)
{
  int n = 37, m = 23;
  double (*A)[m] = malloc(sizeof(double) * n * m);
  double (*B)[n] = malloc(sizeof(double) * n * m);
  double *v = malloc(sizeof(double) * m);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      A[i][j] = (i * 5 + j) % 11 / 3.0;
      B[j][i] = (i + j * 7) % 13 / 4.0;
    }
  for (int j = 0; j < m; j++)
    v[j] = j % 5 - 1.5;
  kernel(n, m, A, B, v);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      printf("%.17g ", A[i][j]);
    printf("\n");
  }
  for (int j = 0; j < m; j++)
    printf("%.17g\n", v[j]);
  free(A);
  free(B);
  free(v);
  return 0;
}
