/* Two nests after the fusion cut share the band search: the product
   has three permutable loops, the back substitution (a downward loop
   whose x[j] and w[i] close a dependence cycle) only one. */
#define N 40
double A[N][N], B[N][N], C[N][N], U[N][N], w[N], x[N], y[N];
void kernel(void)
{
  int i, j, k;
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
  for (i = N - 1; i >= 0; i--) {
    w[i] = y[i];
    for (j = i + 1; j < N; j++)
      w[i] -= U[i][j] * x[j];
    x[i] = w[i] / U[i][i];
  }
#pragma endscop
}
