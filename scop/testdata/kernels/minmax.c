/* min/max bounds written with macros and ternaries */
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
void tiles(int n, int m, double A[n][m])
{
#pragma scop
  for (int it = 0; it < n; it += 32)
    for (int i = it; i < min(n, it + 32); i++)
      for (int j = max(0, i - 4); j <= (i + 4 < m - 1 ? i + 4 : m - 1); j++)
        A[i][j] = A[i][j] * 2.0;
#pragma endscop
}
