/* depthwise-conv: depthwise 2-D convolution in NCHW layout (stride 1, no
 * padding), one KH x KW filter per channel:
 * out[n][c][h][w] = sum over r, s of in[n][c][h + r][w + s] * wt[c][r][s]. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define NB 1
#define C 4
#define OH 8
#define OW 9
#define KH 3
#define KW 3
#elif defined(SMALL_DATASET)
#define NB 2
#define C 16
#define OH 28
#define OW 28
#define KH 3
#define KW 3
#elif defined(MEDIUM_DATASET)
#define NB 4
#define C 64
#define OH 56
#define OW 56
#define KH 3
#define KW 3
#elif defined(LARGE_DATASET)
#define NB 16
#define C 256
#define OH 112
#define OW 112
#define KH 7
#define KW 7
#elif defined(EXTRALARGE_DATASET)
#define NB 16
#define C 512
#define OH 112
#define OW 112
#define KH 7
#define KW 7
#endif

static DATA_TYPE in[NB][C][OH + KH - 1][OW + KW - 1];
static DATA_TYPE wt[C][KH][KW];
static DATA_TYPE out[NB][C][OH][OW];

static void init(void)
{
  for (int n = 0; n < NB; n++)
    for (int c = 0; c < C; c++)
      for (int h = 0; h < OH + KH - 1; h++)
        for (int w = 0; w < OW + KW - 1; w++)
          in[n][c][h][w] = (DATA_TYPE)((n * 3 + c * 7 + h * 5 + w * 2) % 19) / 19 - 0.5;
  for (int c = 0; c < C; c++)
    for (int r = 0; r < KH; r++)
      for (int s = 0; s < KW; s++)
        wt[c][r][s] = (DATA_TYPE)((c * 5 + r * 3 + s) % 11) / 11;
}

static TB_NOINLINE void kernel_depthwise_conv(DATA_TYPE in[NB][C][OH + KH - 1][OW + KW - 1],
                                              DATA_TYPE wt[C][KH][KW],
                                              DATA_TYPE out[NB][C][OH][OW])
{
#pragma scop
  for (int n = 0; n < NB; n++)
    for (int c = 0; c < C; c++)
      for (int h = 0; h < OH; h++)
        for (int w = 0; w < OW; w++) {
          out[n][c][h][w] = 0;
          for (int r = 0; r < KH; r++)
            for (int s = 0; s < KW; s++)
              out[n][c][h][w] = out[n][c][h][w] + in[n][c][h + r][w + s] * wt[c][r][s];
        }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_depthwise_conv(in, wt, out);
  tb_timer_stop();
  TB_DUMP(out);
  return tb_finish();
}
