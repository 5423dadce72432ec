/* covariance: sample covariance matrix of N observations of M variables.
 * data (N x M) is centred in place; cov (M x M) is symmetric. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define M 28
#define N 32
#elif defined(SMALL_DATASET)
#define M 80
#define N 100
#elif defined(MEDIUM_DATASET)
#define M 240
#define N 260
#elif defined(LARGE_DATASET)
#define M 1400
#define N 1600
#elif defined(EXTRALARGE_DATASET)
#define M 2800
#define N 3200
#endif

static DATA_TYPE data[N][M];
static DATA_TYPE cov[M][M];
static DATA_TYPE mean[M];

static void init(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i][j] = (DATA_TYPE)((i * j + 3 * i + j) % 101) / 101;
}

static TB_NOINLINE void kernel_covariance(DATA_TYPE data[N][M],
                                          DATA_TYPE cov[M][M],
                                          DATA_TYPE mean[M])
{
#pragma scop
  for (int j = 0; j < M; j++) {
    mean[j] = 0;
    for (int i = 0; i < N; i++)
      mean[j] = mean[j] + data[i][j];
    mean[j] = mean[j] / N;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i][j] = data[i][j] - mean[j];
  for (int i = 0; i < M; i++)
    for (int j = i; j < M; j++) {
      cov[i][j] = 0;
      for (int k = 0; k < N; k++)
        cov[i][j] = cov[i][j] + data[k][i] * data[k][j];
      cov[i][j] = cov[i][j] / (N - 1);
      cov[j][i] = cov[i][j];
    }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_covariance(data, cov, mean);
  tb_timer_stop();
  TB_DUMP(cov);
  return tb_finish();
}
