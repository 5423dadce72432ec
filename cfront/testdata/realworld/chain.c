/* Chained assignments in a SCoP (PolyBench's deriche sets its filter
   coefficients this way); written for tessera's tests. */
#include <math.h>
#define LEN 64

static void smooth(int n, float x[LEN], float y[LEN])
{
  float k, c0, c1, c2, c3;
  int i;
#pragma scop
  k = expf(-0.5f);
  c0 = c1 = k;
  c2 = (c3 = 1);
  for (i = 1; i < n; i++)
    y[i] = x[i] = c0 * x[i] + c1 * x[i - 1] + c2 + c3;
  for (i = 0; i < n; i++) {
    y[i] += x[i] = x[i] * k;
  }
#pragma endscop
}
