/* may accesses: a histogram (a MAY_WRITE of h and a READ of every bin it
   may read) and a permuted copy of rows (a MAY_WRITE of A's rows, its
   columns exact). */
void k(int n, double h[n], double w[n], int idx[n], double A[n][n], double B[n][n], int p[n])
{
#pragma scop
  for (int i = 0; i < n; i++)
    h[idx[i]] += w[i];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[p[i]][j] = B[i][j];
#pragma endscop
}
