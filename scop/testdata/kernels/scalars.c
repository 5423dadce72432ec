/* scalars: a dot product and a region-local temporary */
#include <math.h>
void dot(int n, double x[n], double y[n], double *r)
{
  double s;
#pragma scop
  s = 0.0;
  for (int i = 0; i < n; i++) {
    double t = x[i] * y[i];
    s += t;
  }
  *r = sqrt(s);
#pragma endscop
}
