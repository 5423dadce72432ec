/* pointers used as arrays, ++ and a pure math call */
void ptrs(int n, float *a, float *b)
{
#pragma scop
  for (int i = 1; i < n; i++) {
    a[i] = a[i - 1] + fabsf(b[i]);
    b[i]++;
  }
#pragma endscop
}
