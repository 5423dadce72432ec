/* A triangular dynamic program, recomputed tsteps times, whose 3-loop
 * band holds a 2-loop statement (the shape of PolyBench 3's dynprog): no
 * statement's schedule of the band is invertible, so the tile-size model
 * has nothing to go by. */
void kernel(int tsteps, int n, int c[100][100], int s[100][100][100], int w[100][100])
{
#pragma scop
  for (int t = 0; t < tsteps; t++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        c[i][j] = 0;
    for (int i = 0; i <= n - 2; i++)
      for (int j = i + 1; j <= n - 1; j++) {
        s[i][j][i] = 0;
        for (int k = i + 1; k <= j - 1; k++)
          s[i][j][k] = s[i][j][k - 1] + c[i][k] + c[k][j];
        c[i][j] = s[i][j][j - 1] + w[i][j];
      }
  }
#pragma endscop
}
