/* Two regions: the first subscripts with C division (truncating, not
   written as affine), the second is emitted. */
#define N 64

void f(int n, double A[N], double B[N])
{
#pragma scop
  for (int i = 0; i < n; i++)
    A[i / 2] = B[i] + 1.0;
#pragma endscop
#pragma scop
  for (int i = 0; i < n; i++)
    B[i] = B[i] * 2.0;
#pragma endscop
}
