/* atax: y := A^T * (A * x), with A M x N; tmp = A * x. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define M 38
#define N 42
#elif defined(SMALL_DATASET)
#define M 116
#define N 124
#elif defined(MEDIUM_DATASET)
#define M 390
#define N 410
#elif defined(LARGE_DATASET)
#define M 6000
#define N 6400
#elif defined(EXTRALARGE_DATASET)
#define M 12000
#define N 12800
#endif

static DATA_TYPE A[M][N];
static DATA_TYPE x[N];
static DATA_TYPE y[N];
static DATA_TYPE tmp[M];

static void init(void)
{
  for (int j = 0; j < N; j++)
    x[j] = 1 + (DATA_TYPE)j / N;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE)((i + j) % N) / (5 * M);
}

static TB_NOINLINE void kernel_atax(DATA_TYPE A[M][N], DATA_TYPE x[N],
                                    DATA_TYPE y[N], DATA_TYPE tmp[M])
{
#pragma scop
  for (int j = 0; j < N; j++)
    y[j] = 0;
  for (int i = 0; i < M; i++) {
    tmp[i] = 0;
    for (int j = 0; j < N; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (int j = 0; j < N; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_atax(A, x, y, tmp);
  tb_timer_stop();
  TB_DUMP(y);
  return tb_finish();
}
