/* Two regions in one function and one in another; a typedef'd element type. */
typedef float real_t;
#define N 100
real_t a[N], b[N], c[N][N];

void two(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < N; i++)
    a[i] = b[i];
#pragma endscop
  b[0] = 1;
    #pragma scop
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        c[i][j] = a[i] * b[j];
    #pragma endscop
}

void one(real_t s)
{
#pragma scop
  for (int i = 0; i < N; i++) { a[i] *= s; b[i] = a[i] + (real_t)1; }
#pragma endscop
}
