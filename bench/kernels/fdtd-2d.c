/* fdtd-2d: TMAX steps of the 2-D finite-difference time-domain (Yee)
 * scheme for the electric fields ex, ey and the magnetic field hz on an
 * NX x NY grid, driven by a source fict[t] on the first row of ey. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define TMAX 20
#define NX 20
#define NY 30
#elif defined(SMALL_DATASET)
#define TMAX 40
#define NX 60
#define NY 80
#elif defined(MEDIUM_DATASET)
#define TMAX 100
#define NX 200
#define NY 240
#elif defined(LARGE_DATASET)
#define TMAX 500
#define NX 1000
#define NY 1200
#elif defined(EXTRALARGE_DATASET)
#define TMAX 1000
#define NX 2000
#define NY 2600
#endif

static DATA_TYPE ex[NX][NY];
static DATA_TYPE ey[NX][NY];
static DATA_TYPE hz[NX][NY];
static DATA_TYPE fict[TMAX];

static void init(void)
{
  for (int t = 0; t < TMAX; t++)
    fict[t] = (DATA_TYPE)(t % 10) / 10;
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++) {
      ex[i][j] = (DATA_TYPE)((i * (j + 1)) % NX) / NX;
      ey[i][j] = (DATA_TYPE)((i * (j + 2)) % NY) / NY;
      hz[i][j] = (DATA_TYPE)((i * (j + 3)) % NX) / NX;
    }
}

static TB_NOINLINE void kernel_fdtd_2d(DATA_TYPE ex[NX][NY], DATA_TYPE ey[NX][NY],
                                       DATA_TYPE hz[NX][NY], DATA_TYPE fict[TMAX])
{
#pragma scop
  for (int t = 0; t < TMAX; t++) {
    for (int j = 0; j < NY; j++)
      ey[0][j] = fict[t];
    for (int i = 1; i < NX; i++)
      for (int j = 0; j < NY; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (int i = 0; i < NX; i++)
      for (int j = 1; j < NY; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (int i = 0; i < NX - 1; i++)
      for (int j = 0; j < NY - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_fdtd_2d(ex, ey, hz, fict);
  tb_timer_stop();
  TB_DUMP(ex);
  TB_DUMP(ey);
  TB_DUMP(hz);
  return tb_finish();
}
