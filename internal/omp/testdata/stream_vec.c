/* A matrix-vector product by rows, whose reduction the vector stage
   rewrites into a horizontal sum (statements vecr:...), and one by
   columns: both stream the matrix from memory and stay sequential. */
#define N 4000
double A[N][N], x1[N], x2[N], y1[N], y2[N];
void kernel(void) {
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x1[i] = x1[i] + A[i][j] * y1[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x2[i] = x2[i] + A[j][i] * y2[j];
#pragma endscop
}
