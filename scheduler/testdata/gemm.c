#define N 64
double A[N][N], B[N][N], C[N][N];
void kernel(int n, double alpha, double beta) {
#pragma scop
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      C[i][j] *= beta;
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
#pragma endscop
}
