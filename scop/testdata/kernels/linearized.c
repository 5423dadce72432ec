/* arrays indexed with one subscript computed from products of
   parameters (A[i*n + j]): delinearized into A[i][j] */
void mm(int n, double *C, const double *A, const double *B)
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i*n + j] += A[i*n + k] * B[k*n + j];
#pragma endscop
}

void stencil(int n, int m, double *a, double *b)
{
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      b[i*m + j] = a[(i - 1)*m + j] + a[i*m + j - 1] + a[m*i + j + 1] + a[(i + 1)*m + j];
  for (int j = 0; j < m; j++)
    a[j] = b[m + j];
#pragma endscop
}

void cube(int n, float *u, float *v)
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 1; k < n; k++)
        u[i*n*n + j*n + k] = v[n*n*i + n*j + k - 1] * 2;
#pragma endscop
}

void lower(int n, double *L)
{
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      L[i*n + j] = L[j*n + j] + L[i*n + i - 1 - j];
#pragma endscop
}

/* a leading dimension: in extent only when n <= lda, which the
   optimized code assumes and checks at run time */
void axpy_rows(int m, int n, int lda, double *A, const double *x)
{
#pragma scop
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      A[i*lda + j] += 2.0 * x[j];
#pragma endscop
}
