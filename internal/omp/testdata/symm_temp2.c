/* symm-style kernel with the scalar accumulator temp2 reset for every (i, j): the i loop becomes parallel once temp2 is privatized.
   temp2 is a global (read after the region, as far as tessera knows), so scalar expansion (package expand) leaves it to privatization. */
#define M 20
#define N 30
double A[M][M], B[M][N], C[M][N];
double alpha, beta;
double temp2;
void kernel(void) {
#pragma scop
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      temp2 = 0;
      for (int k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
#pragma endscop
}
