/* Two regions: the first subscripts with a C division of a dividend that
   may be negative (C truncates, MLIR's floordiv does not), the second is
   emitted. */
#define N 64

void f(int n, double A[N], double B[N])
{
#pragma scop
  for (int i = 0; i < n; i++)
    A[(i - 5) / 2 + 3] = B[i] + 1.0;
#pragma endscop
#pragma scop
  for (int i = 0; i < n; i++)
    B[i] = B[i] * 2.0;
#pragma endscop
}
