/* cholesky: in-place Cholesky factorisation A = L * L^T of a symmetric
 * positive definite (diagonally dominant) N x N matrix, column by column
 * (left-looking); L overwrites the lower triangle of A. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define N 40
#elif defined(SMALL_DATASET)
#define N 120
#elif defined(MEDIUM_DATASET)
#define N 400
#elif defined(LARGE_DATASET)
#define N 2000
#elif defined(EXTRALARGE_DATASET)
#define N 4000
#endif

static DATA_TYPE A[N][N];

static void init(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++) {
      DATA_TYPE v = (DATA_TYPE)((i * 7 + j * 3) % 13) / (13 * N);
      A[i][j] = v;
      A[j][i] = v;
    }
  for (int i = 0; i < N; i++)
    A[i][i] = 2 + (DATA_TYPE)(i % 5) / 5;
}

static TB_NOINLINE void kernel_cholesky(DATA_TYPE A[N][N])
{
#pragma scop
  for (int j = 0; j < N; j++) {
    for (int k = 0; k < j; k++)
      A[j][j] = A[j][j] - A[j][k] * A[j][k];
    A[j][j] = SQRT_FUN(A[j][j]);
    for (int i = j + 1; i < N; i++) {
      for (int k = 0; k < j; k++)
        A[i][j] = A[i][j] - A[i][k] * A[j][k];
      A[i][j] = A[i][j] / A[j][j];
    }
  }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_cholesky(A);
  tb_timer_stop();
  TB_DUMP(A);
  return tb_finish();
}
