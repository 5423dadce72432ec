/* Triangular loops: LU and Cholesky-like, with math calls. */
#include <math.h>
typedef double real_t;
#define SQRT_FUN(x) sqrt(x)

void lu(int n, real_t A[restrict 100][100])
{
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j <i; j++) {
       for (k = 0; k < j; k++) {
          A[i][j] -= A[i][k] * A[k][j];
       }
        A[i][j] /= A[j][j];
    }
   for (j = i; j < n; j++) {
       for (k = 0; k < i; k++) {
          A[i][j] -= A[i][k] * A[k][j];
       }
    }
  }
#pragma endscop
}

void cholesky(int n, real_t A[100][100])
{
#pragma scop
  for (int i = 0; i < n; i++) {
     for (int j = 0; j < i; j++) {
        for (int k = 0; k < j; k++)
           A[i][j] -= A[i][k] * A[j][k];
        A[i][j] /= A[j][j];
     }
     for (int k = 0; k < i; k++)
        A[i][i] -= A[i][k] * A[i][k];
     A[i][i] = SQRT_FUN(A[i][i]);
     A[i][i] = fabs(pow(A[i][i], 1.0/3));
  }
#pragma endscop
}
