void back(int n, double A[n][n], double x[n], double y[n])
{
  int i, j;
  double w;
#pragma scop
  for (i = n - 1; i >= 0; i--) {
    w = y[i];
    for (j = i + 1; j < n; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
#pragma endscop
}
