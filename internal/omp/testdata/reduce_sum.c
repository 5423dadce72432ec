/* Reductions: s (a scalar) and nrm[k] (an element invariant in the i
   loop, inside the sequential k loop) are sums that only a reduction makes
   parallel; M is large enough for the cost check to let them run in
   parallel. */
#define N 8
#define M 20000
double A[M][N + 1], nrm[N], s;
void kernel(void) {
#pragma scop
  for (int i = 0; i < M; i++)
    s += A[i][0] * A[i][1];
  for (int k = 0; k < N; k++) {
    nrm[k] = 0;
    for (int i = 0; i < M; i++)
      nrm[k] = nrm[k] + A[i][k] * A[i][k];
    for (int i = 0; i < M; i++)
      A[i][k + 1] = A[i][k + 1] - A[i][k] / nrm[k];
  }
#pragma endscop
}
