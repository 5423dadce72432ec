#define N 100
#define T 20
double A[N], B[N];
void kernel(void) {
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      B[i] = 0.33333 * (A[i-1] + A[i] + A[i+1]);
    for (int i = 1; i < N - 1; i++)
      A[i] = 0.33333 * (B[i-1] + B[i] + B[i+1]);
  }
#pragma endscop
}
