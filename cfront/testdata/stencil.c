/* Stencils: jacobi-2d with a time loop, seidel-2d in place. */
#define N 1000
#define TSTEPS 50
double A[N][N], B[N][N];

void jacobi(int n, int tsteps)
{
  int t, i, j;
#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j-1] + A[i][1+j] + A[1+i][j] + A[i-1][j]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j-1] + B[i][1+j] + B[1+i][j] + B[i-1][j]);
  }
#pragma endscop
}

void seidel(void)
{
  #pragma scop
  for (int t = 0; t <= TSTEPS - 1; t++)
    for (int i = 1; i<= N - 2; i++)
      for (int j = 1; j <= N - 2; j++)
        A[i][j] = (A[i-1][j-1] + A[i-1][j] + A[i-1][j+1]
                   + A[i][j-1] + A[i][j] + A[i][j+1]
                   + A[i+1][j-1] + A[i+1][j] + A[i+1][j+1])/9.0;
  #pragma endscop
}
