/* Conditions with || and !, triangular and strided loops, integer and
   char arrays, float math functions, integer division and shifts in
   values, C division and remainder of non-negative values in a
   subscript. */
#include <stdio.h>
#include <math.h>
#define N 48
#define MAX(a, b) ((a) > (b) ? (a) : (b))

static double A[N][N], x[N];
static float F[N];
static int I[N][N];
static char S[N];
static long L[N];

static void kernel(int n)
{
#pragma scop
  for (int i = 0; i < n; i++)
    if (i < 3 || i > n - 4)
      x[i] = x[i] * 2.0 + 1.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      if (!(i == j))
        A[i][j] = MAX(A[i][j], A[j][i]) - fmax(x[j], 0.5) * (double)(i / 3 - j % 5);
  for (int i = 0; i < n; i += 3)
    F[i] = expf(F[i] * 0.25f) + powf(F[i], 2.0f) - (float)sqrt(x[i] * x[i] + 1.0);
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++) {
      I[i][j] = ((I[i-1][j] << 2) ^ (I[i][j-1] >> 1)) % 1000 + ~j + (S[j] > 'b');
      L[i] += (long)I[i][j] * 3 - i;
    }
  for (int i = 0; i < n; i++)
    S[i] = S[i] + (x[i] > 0.0 && F[i] < 3.0f) - (char)(i & 1);
  for (int i = 0; i < n; i++)
    L[i / 2 + i % 3] += i;
#pragma endscop
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    x[i] = (i % 9) - 3.25;
    F[i] = (float)(i % 5) / 3.0f;
    S[i] = 'a' + i % 4;
    L[i] = i;
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 7 + j * 3) % 17) / 4.0;
      I[i][j] = (i * j) % 31 - 7;
    }
  }
  kernel(N);
  for (int i = 0; i < N; i++) {
    printf("%.17g %.9g %d %ld", x[i], F[i], S[i], L[i]);
    for (int j = 0; j < N; j++)
      printf(" %.17g %d", A[i][j], I[i][j]);
    printf("\n");
  }
  return 0;
}
