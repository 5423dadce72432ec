/* repro: loop nests in old-style (K&R) function definitions are skipped silently
   (MiBench susan.c is written this way throughout: 46 loops, 0 regions, 0 diagnostics).
   command: tessera opt --explain kr_function_silent.c -o out.c
   expected: the loop in scale() is a region (as it is with a prototype-style definition), or a note says why not
   happens: only main's nest (line 13) is reported; scale()'s loop gets no region and no diagnostic */
#include <stdio.h>
void scale(a, n, f)
  float *a; int n; float f;
{
  int i;
  for (i = 0; i < n; i++)
    a[i] = a[i] * f;
}
float x[100][100];
int main(void)
{
  int i, j;
  for (i = 0; i < 100; i++)
    for (j = 0; j < 100; j++)
      x[i][j] = i + j;
  scale(&x[0][0], 100, 2.0f);
  printf("%g\n", x[0][5]);
  return 0;
}
