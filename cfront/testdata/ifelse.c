/* if/else with && || !, modulo and division in subscripts. */
#define N 256
int A[N][N];
int B[N];
int C[2 * N];

void conds(int n)
{
#pragma scop
  for (int i = 0; i < n; i++) {
    if (i % 2 == 0 && !(i > n / 2))
      B[i] = A[i][i / 2];
    else if (i == 3 || i >= n - 4)
      B[i] = A[i % 8][(i + 1) / 3];
    else {
      B[i] = 0;
      C[2 * i + 1] = C[2 * i] % 7;
    }
    for (int j = 0; j < n; j++)
      if (j != i)
        A[i][j] = A[j][i] << 1 | (A[i][j] & 0xff) ^ ~B[j];
  }
#pragma endscop
}
