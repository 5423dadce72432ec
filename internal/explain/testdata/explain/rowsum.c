void rowsum(int n, int m, double mat[n][m], double vec[m], double out[n])
{
  int row, col;
#pragma scop
  for (row = 0; row < n; row++) {
    out[row] = 0.0;
    for (col = 0; col < m; col++)
      out[row] = out[row] + mat[row][col] * vec[col];
  }
#pragma endscop
}
