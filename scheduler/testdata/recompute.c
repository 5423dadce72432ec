/* A time loop that carries no value: every step fills diff, sums it and
 * recomputes path before reading them (the pattern of PolyBench 3's
 * reg_detect); only the scalar total flows from one step to the next. */
void kernel(int niter, int n, int m, int diff[64][64][64], int sum[64][64][64], int w[64][64], int mean[64][64], int path[64][64], int total)
{
#pragma scop
  for (int t = 0; t < niter; t++) {
    for (int j = 0; j < n; j++)
      for (int i = j; i < n; i++)
        for (int c = 0; c < m; c++)
          diff[j][i][c] = w[j][i];
    for (int j = 0; j < n; j++)
      for (int i = j; i < n; i++) {
        sum[j][i][0] = diff[j][i][0];
        for (int c = 1; c < m; c++)
          sum[j][i][c] = sum[j][i][c - 1] + diff[j][i][c];
        mean[j][i] = sum[j][i][m - 1];
      }
    for (int i = 0; i < n; i++)
      path[0][i] = mean[0][i];
    for (int j = 1; j < n; j++)
      for (int i = j; i < n; i++)
        path[j][i] = path[j - 1][i - 1] + mean[j][i];
    total += path[n - 1][1];
  }
#pragma endscop
}
