/* maxpool: 2-D max pooling in NCHW layout with a P x P window and stride 2
 * (overlapping for P = 3): out[n][c][h][w] is the maximum of
 * in[n][c][2h + r][2w + s] over 0 <= r, s < P. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define NB 1
#define C 3
#define OH 6
#define OW 7
#define P 3
#elif defined(SMALL_DATASET)
#define NB 2
#define C 16
#define OH 28
#define OW 28
#define P 3
#elif defined(MEDIUM_DATASET)
#define NB 4
#define C 64
#define OH 56
#define OW 56
#define P 3
#elif defined(LARGE_DATASET)
#define NB 16
#define C 64
#define OH 112
#define OW 112
#define P 3
#elif defined(EXTRALARGE_DATASET)
#define NB 32
#define C 96
#define OH 112
#define OW 112
#define P 3
#endif

static DATA_TYPE in[NB][C][2 * OH + P - 2][2 * OW + P - 2];
static DATA_TYPE out[NB][C][OH][OW];

static void init(void)
{
  for (int n = 0; n < NB; n++)
    for (int c = 0; c < C; c++)
      for (int h = 0; h < 2 * OH + P - 2; h++)
        for (int w = 0; w < 2 * OW + P - 2; w++)
          in[n][c][h][w] = (DATA_TYPE)((n * 13 + c * 7 + h * 31 + w * 17) % 101) / 101 - 0.5;
}

static TB_NOINLINE void kernel_maxpool(DATA_TYPE in[NB][C][2 * OH + P - 2][2 * OW + P - 2],
                                       DATA_TYPE out[NB][C][OH][OW])
{
#pragma scop
  for (int n = 0; n < NB; n++)
    for (int c = 0; c < C; c++)
      for (int h = 0; h < OH; h++)
        for (int w = 0; w < OW; w++) {
          out[n][c][h][w] = in[n][c][2 * h][2 * w];
          for (int r = 0; r < P; r++)
            for (int s = 0; s < P; s++)
              out[n][c][h][w] = out[n][c][h][w] >= in[n][c][2 * h + r][2 * w + s] ? out[n][c][h][w] : in[n][c][2 * h + r][2 * w + s];
        }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_maxpool(in, out);
  tb_timer_stop();
  TB_DUMP(out);
  return tb_finish();
}
