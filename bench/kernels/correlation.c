/* correlation: Pearson correlation matrix of N observations of M variables.
 * Columns are centred and scaled to unit variance in place; corr is M x M
 * with a unit diagonal.  The data guarantees no constant column. */
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
static DATA_TYPE corr[M][M];
static DATA_TYPE mean[M];
static DATA_TYPE stddev[M];

static void init(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i][j] = (DATA_TYPE)((i * (j + 1) + 5 * i + 2 * j) % 103) / 103 + (DATA_TYPE)i / N;
}

static TB_NOINLINE void kernel_correlation(DATA_TYPE data[N][M],
                                           DATA_TYPE corr[M][M],
                                           DATA_TYPE mean[M],
                                           DATA_TYPE stddev[M])
{
#pragma scop
  for (int j = 0; j < M; j++) {
    mean[j] = 0;
    for (int i = 0; i < N; i++)
      mean[j] = mean[j] + data[i][j];
    mean[j] = mean[j] / N;
  }
  for (int j = 0; j < M; j++) {
    stddev[j] = 0;
    for (int i = 0; i < N; i++)
      stddev[j] = stddev[j] + (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] = SQRT_FUN(stddev[j] / N);
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i][j] = (data[i][j] - mean[j]) / (SQRT_FUN(N) * stddev[j]);
  for (int i = 0; i < M; i++) {
    corr[i][i] = 1;
    for (int j = i + 1; j < M; j++) {
      corr[i][j] = 0;
      for (int k = 0; k < N; k++)
        corr[i][j] = corr[i][j] + data[k][i] * data[k][j];
      corr[j][i] = corr[i][j];
    }
  }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_correlation(data, corr, mean, stddev);
  tb_timer_stop();
  TB_DUMP(corr);
  return tb_finish();
}
