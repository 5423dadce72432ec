/* gesummv: sum of two matrix-vector products, y := alpha * A * x + beta * B * x. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define N 30
#elif defined(SMALL_DATASET)
#define N 90
#elif defined(MEDIUM_DATASET)
#define N 300
#elif defined(LARGE_DATASET)
#define N 5000
#elif defined(EXTRALARGE_DATASET)
#define N 10000
#endif

static DATA_TYPE A[N][N];
static DATA_TYPE B[N][N];
static DATA_TYPE tmp[N];
static DATA_TYPE x[N];
static DATA_TYPE y[N];

static void init(DATA_TYPE *alpha, DATA_TYPE *beta)
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < N; i++) {
    x[i] = (DATA_TYPE)(i % N) / N;
    for (int j = 0; j < N; j++) {
      A[i][j] = (DATA_TYPE)((i * j + 1) % N) / N;
      B[i][j] = (DATA_TYPE)((i * j + 2) % N) / N;
    }
  }
}

static TB_NOINLINE void kernel_gesummv(DATA_TYPE alpha, DATA_TYPE beta,
                                       DATA_TYPE A[N][N], DATA_TYPE B[N][N],
                                       DATA_TYPE tmp[N], DATA_TYPE x[N],
                                       DATA_TYPE y[N])
{
#pragma scop
  for (int i = 0; i < N; i++) {
    tmp[i] = 0;
    y[i] = 0;
    for (int j = 0; j < N; j++) {
      tmp[i] = tmp[i] + A[i][j] * x[j];
      y[i] = y[i] + B[i][j] * x[j];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  init(&alpha, &beta);
  tb_timer_start();
  kernel_gesummv(alpha, beta, A, B, tmp, x, y);
  tb_timer_stop();
  TB_DUMP(y);
  return tb_finish();
}
