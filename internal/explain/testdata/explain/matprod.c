void matprod(int n, int m, int p, double r[n][m], double x[n][p], double y[p][m], double s)
{
  int a, b, c;
#pragma scop
  for (a = 0; a < n; a++)
    for (b = 0; b < m; b++) {
      r[a][b] = r[a][b] * s;
      for (c = 0; c < p; c++)
        r[a][b] += x[a][c] * y[c][b];
    }
#pragma endscop
}
