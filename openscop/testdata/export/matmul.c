/* Two statements under a common nest, a parameter. */
void matmul(int N, double C[100][100], double A[100][100], double B[100][100]) {
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = 0.0;
      for (int k = 0; k < N; k++)
        C[i][j] = C[i][j] + A[i][k] * B[k][j];
    }
#pragma endscop
}
