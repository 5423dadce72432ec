/* if/else with affine conditions */
void ifelse(int n, double A[n], double B[n])
{
#pragma scop
  for (int i = 0; i < n; i++) {
    if (i < 10 || (i >= n - 10 && !(i == n / 2)))
      A[i] = 0.0;
    else
      A[i] = B[i];
    if (i % 2 == 0)
      B[i] = A[i];
  }
#pragma endscop
}
