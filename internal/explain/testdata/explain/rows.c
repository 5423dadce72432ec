void scale_rows(int n, int m, int lda, double *A, double *s)
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i*lda + j] = A[i*lda + j] * s[i];
#pragma endscop
}
