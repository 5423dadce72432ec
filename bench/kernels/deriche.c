/* deriche: Deriche's recursive Gaussian-like smoothing filter on a W x H
 * image: a causal (ya) and an anti-causal (yb) second-order recursive
 * filter along each row, summed into tmp, then the same along each column
 * of tmp, summed into imgOut.  The coefficients come from the filter width
 * parameter and are computed outside the kernel. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define W 32
#define H 24
#elif defined(SMALL_DATASET)
#define W 128
#define H 96
#elif defined(MEDIUM_DATASET)
#define W 720
#define H 480
#elif defined(LARGE_DATASET)
#define W 4096
#define H 4096
#elif defined(EXTRALARGE_DATASET)
#define W 7680
#define H 4320
#endif

static DATA_TYPE imgIn[W][H];
static DATA_TYPE imgOut[W][H];
static DATA_TYPE tmp[W][H];
static DATA_TYPE ya[W][H];
static DATA_TYPE yb[W][H];

static void init(void)
{
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      imgIn[i][j] = (DATA_TYPE)((313 * i + 991 * j) % 65536) / 65535;
}

static TB_NOINLINE void kernel_deriche(DATA_TYPE a1, DATA_TYPE a2, DATA_TYPE a3,
                                       DATA_TYPE a4, DATA_TYPE b1, DATA_TYPE b2,
                                       DATA_TYPE c1,
                                       DATA_TYPE imgIn[W][H], DATA_TYPE imgOut[W][H],
                                       DATA_TYPE tmp[W][H], DATA_TYPE ya[W][H],
                                       DATA_TYPE yb[W][H])
{
#pragma scop
  for (int i = 0; i < W; i++) {
    ya[i][0] = a1 * imgIn[i][0];
    ya[i][1] = a1 * imgIn[i][1] + a2 * imgIn[i][0] + b1 * ya[i][0];
    for (int j = 2; j < H; j++)
      ya[i][j] = a1 * imgIn[i][j] + a2 * imgIn[i][j - 1] + b1 * ya[i][j - 1] + b2 * ya[i][j - 2];
  }
  for (int i = 0; i < W; i++) {
    yb[i][H - 1] = 0;
    yb[i][H - 2] = a3 * imgIn[i][H - 1];
    for (int j = H - 3; j >= 0; j--)
      yb[i][j] = a3 * imgIn[i][j + 1] + a4 * imgIn[i][j + 2] + b1 * yb[i][j + 1] + b2 * yb[i][j + 2];
  }
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      tmp[i][j] = c1 * (ya[i][j] + yb[i][j]);
  for (int j = 0; j < H; j++) {
    ya[0][j] = a1 * tmp[0][j];
    ya[1][j] = a1 * tmp[1][j] + a2 * tmp[0][j] + b1 * ya[0][j];
    for (int i = 2; i < W; i++)
      ya[i][j] = a1 * tmp[i][j] + a2 * tmp[i - 1][j] + b1 * ya[i - 1][j] + b2 * ya[i - 2][j];
  }
  for (int j = 0; j < H; j++) {
    yb[W - 1][j] = 0;
    yb[W - 2][j] = a3 * tmp[W - 1][j];
    for (int i = W - 3; i >= 0; i--)
      yb[i][j] = a3 * tmp[i + 1][j] + a4 * tmp[i + 2][j] + b1 * yb[i + 1][j] + b2 * yb[i + 2][j];
  }
  for (int i = 0; i < W; i++)
    for (int j = 0; j < H; j++)
      imgOut[i][j] = c1 * (ya[i][j] + yb[i][j]);
#pragma endscop
}

int main(void)
{
  /* Deriche's smoothing coefficients for width parameter alpha. */
  DATA_TYPE alpha = 0.25;
  DATA_TYPE ea = EXP_FUN(-alpha), e2a = EXP_FUN(-2 * alpha);
  DATA_TYPE k = (1 - ea) * (1 - ea) / (1 + 2 * alpha * ea - e2a);
  init();
  tb_timer_start();
  kernel_deriche(k, k * ea * (alpha - 1), k * ea * (alpha + 1), -k * e2a,
                 2 * ea, -e2a, 1, imgIn, imgOut, tmp, ya, yb);
  tb_timer_stop();
  TB_DUMP(imgOut);
  return tb_finish();
}
