void smooth(int steps, int n, double u[n][n], double v[n][n])
{
  int s, x, y;
#pragma scop
  for (s = 0; s < steps; s++) {
    for (x = 1; x < n - 1; x++)
      for (y = 1; y < n - 1; y++)
        v[x][y] = 0.25 * (u[x - 1][y] + u[x + 1][y] + u[x][y - 1] + u[x][y + 1]);
    for (x = 1; x < n - 1; x++)
      for (y = 1; y < n - 1; y++)
        u[x][y] = v[x][y];
  }
#pragma endscop
}
