/* min/max/ternary bounds and &&-joined conditions. */
#define min(a,b) ((a) < (b) ? (a) : (b))
#define max(a,b) ((a) > (b) ? (a) : (b))
#define floord(n,d) (((n)<0) ? -((-(n)+(d)-1)/(d)) : (n)/(d))
#define M 512
double A[M][M];

void tiled(int n, int m)
{
  int t1, t2, i, j;
#pragma scop
  for (t1 = 0; t1 <= floord(n - 1, 32); t1++)
    for (t2 = max(0, t1 - 1); t2 <= min(floord(m - 1, 32), t1 + 3); t2++)
      for (i = 32 * t1; i <= min(n - 1, 32 * t1 + 31) && i < M; i++)
        for (j = (32 * t2 > 1 ? 32 * t2 : 1); j < m && j < 32 * t2 + 32; j++)
          A[i][j] = A[i][j - 1] + (i > j ? i - j : j - i);
#pragma endscop
}
