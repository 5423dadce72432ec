/* a tensor operator: 2-d convolution with channels (NCHW) */
#define C_IN 3
#define C_OUT 8
#define H 32
#define W 32
#define K 3
float in[C_IN][H + K - 1][W + K - 1], wt[C_OUT][C_IN][K][K], out[C_OUT][H][W];
void conv(void)
{
#pragma scop
  for (int co = 0; co < C_OUT; co++)
    for (int h = 0; h < H; h++)
      for (int w = 0; w < W; w++) {
        out[co][h][w] = 0;
        for (int ci = 0; ci < C_IN; ci++)
          for (int kh = 0; kh < K; kh++)
            for (int kw = 0; kw < K; kw++)
              out[co][h][w] += in[ci][h + kh][w + kw] * wt[co][ci][kh][kw];
      }
#pragma endscop
}
