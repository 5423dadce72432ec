/* strides with max lower bounds, decreasing strided loops bounded by a
   truncating division, modulo and division of negative values, else-if */
#define max(a, b) ((a) > (b) ? (a) : (b))
void tricky(int n, int m, double A[100], double B[100][100])
{
#pragma scop
  for (int i = max(-n, m - 5); i <= n + 3; i += 3)
    for (int j = n - 1; j > -3 && j > i / 2 - 2; j -= 2)
      if (j % 3 != 0 && !(i < 0 || j == m))
        B[i + 10][(j - 7) / 2 + 20] = A[(i * 5 - 3) % 7 + 10];
      else if (i > j)
        A[i + 20] += 1.0;
#pragma endscop
}
