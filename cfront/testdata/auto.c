/* No pragmas: automatic detection of maximal loop nests. */
#include <stdio.h>
#define N 64
double A[N][N], x[N], y[N];

void mv(int n)
{
  int i, j;
  for (i = 0; i < n; i++) {
    y[i] = 0;
    for (j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  }
  i = 0;
  while (i < n) {
    for (j = 0; j < n; j++)
      x[j] = x[j] * 0.5;
    i++;
  }
  for (i = 0; i < n; i++) {
    if (x[i] > 100.0)
      break;
    for (j = 0; j < n; j++)
      A[i][j] = 0;
  }
}

void print(int n)
{
  for (int i = 0; i < n; i++)
    fprintf(stderr, "%0.2lf ", y[i]);
  for (int i = 0; i < n; i++)
    ;
}
