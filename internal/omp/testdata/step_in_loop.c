/* A parallel loop with step 5 in a region that a loop of the source
   encloses (the loop calls a function, so it is no part of the region):
   its work, ceil(n / 5) iterations of five statements, is estimated like
   a unit-step loop's, and the parallel version runs only when it reaches
   the threshold (reached by the second call of sized); with constant
   sizes below it, no OpenMP region. */
#include <stdio.h>
#define LEN 32000
#define BIG 10500000
float a[BIG + 5], b[BIG + 5], c[LEN], d[LEN];
__attribute__((noinline)) int touch(float *x) { return x[0] > 1e30f; }
void small(int reps) {
  float alpha = 0.001f;
  for (int r = 0; r < reps; r++) {
#pragma scop
    for (int i = 0; i < 32000; i += 5) {
      c[i] += alpha * d[i];
      c[i + 1] += alpha * d[i + 1];
      c[i + 2] += alpha * d[i + 2];
      c[i + 3] += alpha * d[i + 3];
      c[i + 4] += alpha * d[i + 4];
    }
#pragma endscop
    touch(c);
  }
}
void sized(int n, int reps) {
  float alpha = 0.001f;
  for (int r = 0; r < reps; r++) {
#pragma scop
    for (int i = 0; i < n; i += 5) {
      a[i] += alpha * b[i];
      a[i + 1] += alpha * b[i + 1];
      a[i + 2] += alpha * b[i + 2];
      a[i + 3] += alpha * b[i + 3];
      a[i + 4] += alpha * b[i + 4];
    }
#pragma endscop
    touch(a);
  }
}
int main(void) {
  for (int i = 0; i < BIG + 5; i++) { a[i] = 1.0f / (i + 1); b[i] = (float)(i % 7); }
  for (int i = 0; i < LEN; i++) { c[i] = 1.0f / (i + 1); d[i] = (float)(i % 5); }
  small(50);
  sized(1000, 3);
  sized(BIG, 2);
  double s = 0, t = 0;
  for (int i = 0; i < BIG + 5; i++) s += a[i];
  for (int i = 0; i < LEN; i++) t += c[i];
  printf("%.9e %.9e\n", s, t);
  return 0;
}
