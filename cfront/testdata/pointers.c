/* Pointers used as arrays, scalars, compound assignments, ++/--, casts,
   literals of every kind. */
#include <math.h>

void misc(int n, float *p, double *restrict q, const int *idx, long m)
{
  double s;
  float alpha = 2.0f;
  unsigned int mask = 0x1FU;
#pragma scop
  s = 0.0;
  for (int i = 0; i < n; i++) {
    double t = q[i] * 1e-3;
    float u, v = 1.5e+2F;
    s += t;
    p[i] *= alpha;
    p[i] -= (float)t;
    p[i] /= 3;
    mask %= 7;
    q[i]++;
    --q[i];
    n++;
    m--;
    q[2*i] = (double)(long)p[i] + sizeof(double) + sizeof p[0] + 'a' + '\n' + 0x10 + 017 + 10UL + .5 + 1.L;
    p[i] = sqrtf(fabsf(p[i])) + expf(-p[i]) - cos(q[i]);
  }
  ;
  s = s > 1 ? s : -s;
#pragma endscop
}
