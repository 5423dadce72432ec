/* Reductions: s (a scalar) and nrm[k] (an element invariant in the i loop)
   are sums that only a reduction makes parallel; t is not an update and
   s2 is read by another statement of the loop, so neither is reduced. */
#define N 40
#define M 30
double A[M][N], nrm[N], B[M], s, s2, t;
void kernel(void) {
#pragma scop
  for (int i = 0; i < M; i++)
    s += A[i][0] * A[i][1];
  for (int k = 0; k < N; k++) {
    nrm[k] = 0;
    for (int i = 0; i < M; i++)
      nrm[k] = nrm[k] + A[i][k] * A[i][k];
    for (int i = 0; i < M; i++)
      A[i][k] = A[i][k] / nrm[k];
  }
  for (int i = 0; i < M; i++)
    t = A[i][2] - t;
  for (int i = 0; i < M; i++) {
    s2 += A[i][3];
    B[i] = s2;
  }
#pragma endscop
}
