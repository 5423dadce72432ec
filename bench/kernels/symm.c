/* symm: symmetric matrix product, C := alpha * A * B + beta * C, where A is
 * M x M symmetric and only its lower triangle (k <= i) is read.
 * B and C are M x N. */
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
#define M 1600
#define N 1800
#elif defined(EXTRALARGE_DATASET)
#define M 3200
#define N 3600
#endif

static DATA_TYPE A[M][M];
static DATA_TYPE B[M][N];
static DATA_TYPE C[M][N];

static void init(DATA_TYPE *alpha, DATA_TYPE *beta)
{
  *alpha = 1.5;
  *beta = 1.2;
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < N; j++) {
      B[i][j] = (DATA_TYPE)((i + 2 * j) % 100) / M;
      C[i][j] = (DATA_TYPE)((3 * i + j) % 100) / M;
    }
    for (int k = 0; k < M; k++)
      A[i][k] = k <= i ? (DATA_TYPE)((i + k) % 100) / M : -999; /* upper: unused */
  }
}

static TB_NOINLINE void kernel_symm(DATA_TYPE alpha, DATA_TYPE beta,
                                    DATA_TYPE C[M][N], DATA_TYPE A[M][M],
                                    DATA_TYPE B[M][N])
{
#pragma scop
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = beta * C[i][j];
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k <= i; k++)
        C[i][j] = C[i][j] + alpha * A[i][k] * B[k][j];
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = i + 1; k < M; k++)
        C[i][j] = C[i][j] + alpha * A[k][i] * B[k][j];
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  init(&alpha, &beta);
  tb_timer_start();
  kernel_symm(alpha, beta, C, A, B);
  tb_timer_stop();
  TB_DUMP(C);
  return tb_finish();
}
