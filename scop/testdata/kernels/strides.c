/* strided and negative steps */
void strides(int n, double A[n], double B[n])
{
#pragma scop
  for (int i = 0; i < n; i += 3)
    A[i] = 1.0;
  for (int i = n - 1; i >= 0; i--)
    B[i] = A[i] + 1.0;
  for (int i = n; i > 1; i -= 2)
    A[i - 1] = B[i - 2];
#pragma endscop
}
