/* conv2d: direct 2-D convolution in NCHW layout (stride 1, no padding):
 * out[n][k][h][w] = sum over c, r, s of in[n][c][h + r][w + s] * wt[k][c][r][s],
 * NB images of C input channels, K output channels, KH x KW filters,
 * OH x OW outputs. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define NB 1
#define C 3
#define K 4
#define OH 6
#define OW 7
#define KH 3
#define KW 3
#elif defined(SMALL_DATASET)
#define NB 2
#define C 8
#define K 8
#define OH 14
#define OW 14
#define KH 3
#define KW 3
#elif defined(MEDIUM_DATASET)
#define NB 4
#define C 32
#define K 32
#define OH 28
#define OW 28
#define KH 3
#define KW 3
#elif defined(LARGE_DATASET)
#define NB 8
#define C 128
#define K 128
#define OH 56
#define OW 56
#define KH 3
#define KW 3
#elif defined(EXTRALARGE_DATASET)
#define NB 16
#define C 256
#define K 256
#define OH 56
#define OW 56
#define KH 3
#define KW 3
#endif

static DATA_TYPE in[NB][C][OH + KH - 1][OW + KW - 1];
static DATA_TYPE wt[K][C][KH][KW];
static DATA_TYPE out[NB][K][OH][OW];

static void init(void)
{
  for (int n = 0; n < NB; n++)
    for (int c = 0; c < C; c++)
      for (int h = 0; h < OH + KH - 1; h++)
        for (int w = 0; w < OW + KW - 1; w++)
          in[n][c][h][w] = (DATA_TYPE)((n * 7 + c * 5 + h * 3 + w) % 17) / 17 - 0.5;
  for (int k = 0; k < K; k++)
    for (int c = 0; c < C; c++)
      for (int r = 0; r < KH; r++)
        for (int s = 0; s < KW; s++)
          wt[k][c][r][s] = (DATA_TYPE)((k * 3 + c * 11 + r * 5 + s * 2) % 13) / (13 * C);
}

static TB_NOINLINE void kernel_conv2d(DATA_TYPE in[NB][C][OH + KH - 1][OW + KW - 1],
                                      DATA_TYPE wt[K][C][KH][KW],
                                      DATA_TYPE out[NB][K][OH][OW])
{
#pragma scop
  for (int n = 0; n < NB; n++)
    for (int k = 0; k < K; k++)
      for (int h = 0; h < OH; h++)
        for (int w = 0; w < OW; w++) {
          out[n][k][h][w] = 0;
          for (int c = 0; c < C; c++)
            for (int r = 0; r < KH; r++)
              for (int s = 0; s < KW; s++)
                out[n][k][h][w] = out[n][k][h][w] + in[n][c][h + r][w + s] * wt[k][c][r][s];
        }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_conv2d(in, wt, out);
  tb_timer_stop();
  TB_DUMP(out);
  return tb_finish();
}
