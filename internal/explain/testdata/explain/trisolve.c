void lower(int n, double low[n][n], double rhs[n], double sol[n])
{
  int r, q;
#pragma scop
  for (r = 0; r < n; r++) {
    sol[r] = rhs[r];
    for (q = 0; q < r; q++)
      sol[r] -= low[r][q] * sol[q];
    sol[r] = sol[r] / low[r][r];
  }
#pragma endscop
}
