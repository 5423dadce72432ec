#include <math.h>
#include "typesel.h"

static void scale(int len, ELEM POLYBENCH_1D(v, LEN, len), ELEM s)
{
  int i;
#pragma scop
  for (i = 0; i < _LEN_P; i++)
    v[i] = (ELEM)i * s + LIT(0.5);
#pragma endscop
}
