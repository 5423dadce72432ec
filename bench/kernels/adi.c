/* adi: TSTEPS steps of the Peaceman-Rachford alternating direction implicit
 * method for the 2-D heat equation on an N x N grid with boundary value 1.
 * Each step solves one tridiagonal system per column (implicit along the
 * first index, explicit along the second) into v, then one per row into u,
 * by the Thomas algorithm (forward elimination into p, q; back substitution).
 * The coefficients a, b, c (implicit) and d, e, f (explicit) come from
 * mu = dt / (2 dx^2), fixed at 0.5. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define TSTEPS 20
#define N 20
#elif defined(SMALL_DATASET)
#define TSTEPS 40
#define N 60
#elif defined(MEDIUM_DATASET)
#define TSTEPS 100
#define N 200
#elif defined(LARGE_DATASET)
#define TSTEPS 100
#define N 1000
#elif defined(EXTRALARGE_DATASET)
#define TSTEPS 500
#define N 2000
#endif

static DATA_TYPE u[N][N];
static DATA_TYPE v[N][N];
static DATA_TYPE p[N][N];
static DATA_TYPE q[N][N];

static void init(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      u[i][j] = (DATA_TYPE)((i * (j + 3) + 7) % 101) / 101;
}

static TB_NOINLINE void kernel_adi(DATA_TYPE a, DATA_TYPE b, DATA_TYPE c,
                                   DATA_TYPE d, DATA_TYPE e, DATA_TYPE f,
                                   DATA_TYPE u[N][N], DATA_TYPE v[N][N],
                                   DATA_TYPE p[N][N], DATA_TYPE q[N][N])
{
#pragma scop
  for (int t = 0; t < TSTEPS; t++) {
    for (int i = 1; i < N - 1; i++) {
      v[0][i] = 1;
      p[i][0] = 0;
      q[i][0] = v[0][i];
      for (int j = 1; j < N - 1; j++) {
        p[i][j] = -c / (a * p[i][j - 1] + b);
        q[i][j] = (d * u[j][i - 1] + e * u[j][i] + f * u[j][i + 1] - a * q[i][j - 1]) / (a * p[i][j - 1] + b);
      }
      v[N - 1][i] = 1;
      for (int j = N - 2; j >= 1; j--)
        v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
    }
    for (int i = 1; i < N - 1; i++) {
      u[i][0] = 1;
      p[i][0] = 0;
      q[i][0] = u[i][0];
      for (int j = 1; j < N - 1; j++) {
        p[i][j] = -c / (a * p[i][j - 1] + b);
        q[i][j] = (d * v[i - 1][j] + e * v[i][j] + f * v[i + 1][j] - a * q[i][j - 1]) / (a * p[i][j - 1] + b);
      }
      u[i][N - 1] = 1;
      for (int j = N - 2; j >= 1; j--)
        u[i][j] = p[i][j] * u[i][j + 1] + q[i][j];
    }
  }
#pragma endscop
}

int main(void)
{
  /* mu = dt / (2 dx^2); 0.5 keeps a few hundred steps from smoothing the
   * field to the boundary value, so the output still tells orders apart. */
  DATA_TYPE mu = 0.5;
  init();
  tb_timer_start();
  kernel_adi(-mu, 1 + 2 * mu, -mu, mu, 1 - 2 * mu, mu, u, v, p, q);
  tb_timer_stop();
  TB_DUMP(u);
  return tb_finish();
}
