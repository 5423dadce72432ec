/* A condition with a modulo, bounds with a division, a parameter in a
   subscript. */
void guards(int n, int m, double x[2000], double y[1000][1000]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    if (i % 2 == 0)
      x[i] = x[i] + 1.0;
    for (int j = 0; j <= i / 2 && j < m; j++)
      y[i][j] = x[i + m] * 2.0;
  }
#pragma endscop
}
