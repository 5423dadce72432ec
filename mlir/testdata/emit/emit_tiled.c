/* A matrix product and a stencil that the scheduler tiles (min/max
   bounds, parallel loops), a float array and int arithmetic. */
#include <stdio.h>
#define N 70

static float F[N][N];
static int I[N][N];

static void kernel(int n, double C[N][N], double A[N][N], double B[N][N], double u[N][N], double v[N][N])
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      C[i][j] *= 0.5;
      for (int k = 0; k < n; k++)
        C[i][j] += 1.5 * A[i][k] * B[k][j];
    }
  for (int t = 0; t < 4; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        v[i][j] = 0.2 * (u[i][j] + u[i-1][j] + u[i+1][j] + u[i][j-1] + u[i][j+1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[i][j] = v[i][j];
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      F[i][j] = F[i][j] * 0.75f + (float)C[i][j];
      I[i][j] = (I[i][j] * 3 + i - 2 * j) % 17 + (i > j);
    }
#pragma endscop
}

int main(void)
{
  static double C[N][N], A[N][N], B[N][N], u[N][N], v[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = (i * 3 + j) % 10 / 3.0;
      A[i][j] = (i + j * 5) % 9 / 4.0;
      B[i][j] = (i * j) % 7 / 2.0;
      u[i][j] = (i - j) % 5 / 6.0;
      F[i][j] = (float)(i % 4) / 3.0f;
      I[i][j] = i * j % 23;
    }
  kernel(N - 1, C, A, B, u, v);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      printf("%.17g %.17g %.9g %d ", C[i][j], u[i][j], F[i][j], I[i][j]);
    printf("\n");
  }
  return 0;
}
