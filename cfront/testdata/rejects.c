/* Regions that cannot be SCoPs sit next to good ones: each bad region is
   reported with its position and reason, the good ones are still parsed. */
#define N 100
double A[N], B[N];

void f(int n)
{
  int i;
#pragma scop
  for (i = 0; i < n; i++)
    A[i] = B[i];
#pragma endscop

#pragma scop
  for (i = 0; i < n; i++) {
    if (A[i] < 0)
      break;
    A[i] = -A[i];
  }
#pragma endscop

#pragma scop
  for (i = 1; i < n; i *= 2)
    A[i] = 0;
#pragma endscop

#pragma scop
  i = 0;
  while (i < n)
    A[i++] = 1;
#pragma endscop

#pragma scop
  for (i = 0; i < n; i++)
    B[i] = A[i] * 2;
#pragma endscop
}

void g(int n)
{
#pragma scop
  for (int j = 0; j < n; j++)
    A[j] = 0;
}
