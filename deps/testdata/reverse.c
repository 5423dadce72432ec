/* carried dependences of decreasing and strided loops */
void reverse(int n, double A[n], double B[n])
{
#pragma scop
  for (int i = n - 2; i >= 0; i--)
    A[i] = A[i + 1] + 1.0;
  for (int i = 0; i < n - 2; i += 2)
    B[i + 2] = B[i] * A[i / 2];
#pragma endscop
}
