/* a scalar reduction, then a use of its value */
void reduce(int n, double A[n], double B[n])
{
  double s;
#pragma scop
  s = 0.0;
  for (int i = 0; i < n; i++)
    s = s + A[i] * A[i];
  for (int i = 0; i < n; i++)
    B[i] = A[i] / s;
#pragma endscop
}
