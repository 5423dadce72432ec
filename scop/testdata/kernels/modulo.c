/* modulo and division subscripts */
void modulo(int n, double A[4][n], double B[n], double C[n])
{
#pragma scop
  for (int i = 0; i < n; i++)
    A[i % 4][i / 4] = B[i];
  for (int i = -n; i < n; i++)
    C[i / 2 + n] = 1.0;
#pragma endscop
}
