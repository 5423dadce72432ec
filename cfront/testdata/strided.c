/* Strided and negative-step loops, mirrored conditions. */
int n;
float x[4096];
float y[4096];

void strided(void)
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i += 2)
    x[i] = y[i / 2];
  for (i = n - 1; i >= 0; i--)
    y[i] = x[n - 1 - i];
  for (i = 100; 0 < i; i -= 3)
    x[i] += 1;
  for (j = 0; n > j; j = j + 4)
    x[j + 1] = x[j] * 2;
  for (j = 7; j <= n; j = 2 + j)
    y[j] = -x[j];
  for (i = n; i > 0; --i)
    for (j = 0; j < i; ++j)
      x[i] -= y[j];
  for (i = 0; i < n; i += -(-3))
    x[i] = 0;
#pragma endscop
}
