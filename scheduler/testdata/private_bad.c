#define N 100
double A[N], B[N], C[N];
void kernel(void) {
  double s, t;
#pragma scop
  for (int i = 0; i < N; i++) {
    s = s + A[i];
    B[i] = s;
  }
  for (int i = 0; i < N; i++) {
    t = A[i];
    B[i] = t * 2;
  }
  C[0] = t;
  for (int i = 0; i < N; i++) {
    if (i % 2 == 0)
      t = A[i];
    C[i] = t;
  }
#pragma endscop
}
