/* May accesses (subscripts read from memory): a histogram, a gather and a
   scatter of rows, written as memref.load/memref.store with the index
   computed as C computes it. */
#include <stdio.h>
#define N 40
#define M 7

static void kernel(int n, double h[M], double w[N], int idx[N], double A[N][N], double B[N][N], double y[N])
{
#pragma scop
  for (int i = 0; i < n; i++)
    h[idx[i] % M] += w[i];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * w[idx[j]];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      B[idx[i] % M][j] = A[i][j] + h[idx[j] % M];
#pragma endscop
}

int main(void)
{
  static double h[M], w[N], A[N][N], B[N][N], y[N];
  static int idx[N];
  for (int i = 0; i < N; i++) {
    w[i] = (i % 5) - 1.5;
    y[i] = 0.25 * i;
    idx[i] = (i * 7 + 3) % N;
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * j) % 11) / 7.0;
      B[i][j] = 0.0;
    }
  }
  for (int i = 0; i < M; i++)
    h[i] = i;
  kernel(N, h, w, idx, A, B, y);
  for (int i = 0; i < M; i++)
    printf("%.17g\n", h[i]);
  for (int i = 0; i < N; i++) {
    printf("%.17g", y[i]);
    for (int j = 0; j < N; j++)
      printf(" %.17g", B[i][j]);
    printf("\n");
  }
  return 0;
}
