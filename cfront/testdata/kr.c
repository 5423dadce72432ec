/* Functions whose return type is unknown (from a system header) or
   omitted, and loops found automatically inside them. */
#include <complex.h>

main()
{
  int i;
  for (i = 0; i < 10; i++)
    buf[i] = i;
}

cplx_t *scale(cplx_t *v, int n, double s)
{
  for (int i = 0; i < n; i++)
    v[i] *= s;
  return v;
}

static int sum(int n, const int a[static 8])
{
  int s = 0;
#pragma scop
  for (int i = 0; i < n; i++) s += a[i];
#pragma endscop
  return s;
}
