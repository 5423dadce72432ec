/* Scalars read and written, a local scalar, ?:, sqrt, casts of iterators
   and a parameter used as a value. */
#include <stdio.h>
#include <math.h>
#define N 40
#define M 50

static void kernel(int n, int m, double alpha, double A[N][M], double B[M][N], double x[N], double *out)
{
  double s;
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][j] = alpha * B[j][i] + x[i] / (j + 1);
  s = 0.0;
  for (int i = 0; i < n; i++)
    s += sqrt(A[i][i]);
  for (int i = 1; i < n; i++)
    x[i] = x[i-1] > 0 ? s : -x[i] + (double)(i % 3) / n;
  for (int i = 0; i < n; i++) {
    double t = x[i] * 0.5f;
    A[i][0] = t * t - 1e-3;
  }
#pragma endscop
  *out = s;
}

int main(void)
{
  static double A[N][M], B[M][N], x[N];
  double s;
  for (int i = 0; i < N; i++) {
    x[i] = (i % 7) - 2.5;
    for (int j = 0; j < M; j++) {
      A[i][j] = (double)((i * j) % 11) / 7.0;
      B[j][i] = (double)((i + 2 * j) % 13) / 5.0;
    }
  }
  kernel(N, M - 3, 1.25, A, B, x, &s);
  printf("%.17g\n", s);
  for (int i = 0; i < N; i++) {
    printf("%.17g", x[i]);
    for (int j = 0; j < M; j++)
      printf(" %.17g", A[i][j]);
    printf("\n");
  }
  return 0;
}
