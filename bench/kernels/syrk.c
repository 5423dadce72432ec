/* syrk: symmetric rank-k update of the lower triangle,
 * C := alpha * A * A^T + beta * C, with C N x N and A N x M. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define M 20
#define N 30
#elif defined(SMALL_DATASET)
#define M 60
#define N 80
#elif defined(MEDIUM_DATASET)
#define M 200
#define N 240
#elif defined(LARGE_DATASET)
#define M 2000
#define N 2400
#elif defined(EXTRALARGE_DATASET)
#define M 4000
#define N 4800
#endif

static DATA_TYPE A[N][M];
static DATA_TYPE C[N][N];

static void init(DATA_TYPE *alpha, DATA_TYPE *beta)
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < M; k++)
      A[i][k] = (DATA_TYPE)((i * k + 1) % N) / N;
    for (int j = 0; j < N; j++)
      C[i][j] = (DATA_TYPE)((i * j + 2) % M) / M;
  }
}

static TB_NOINLINE void kernel_syrk(DATA_TYPE alpha, DATA_TYPE beta,
                                    DATA_TYPE C[N][N], DATA_TYPE A[N][M])
{
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      C[i][j] = beta * C[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      for (int k = 0; k < M; k++)
        C[i][j] = C[i][j] + alpha * A[i][k] * A[j][k];
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  init(&alpha, &beta);
  tb_timer_start();
  kernel_syrk(alpha, beta, C, A);
  tb_timer_stop();
  TB_DUMP(C);
  return tb_finish();
}
