/* lu: in-place LU factorisation A = L * U without pivoting (Doolittle, row
 * by row) of a diagonally dominant N x N matrix; L has a unit diagonal and
 * is stored below it, U on and above it. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define N 40
#elif defined(SMALL_DATASET)
#define N 120
#elif defined(MEDIUM_DATASET)
#define N 400
#elif defined(LARGE_DATASET)
#define N 1600
#elif defined(EXTRALARGE_DATASET)
#define N 3200
#endif

static DATA_TYPE A[N][N];

static void init(void)
{
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE)((i * 5 + j * 11 + 1) % 17) / (17 * N);
    A[i][i] = 2 + (DATA_TYPE)(i % 3) / 3;
  }
}

static TB_NOINLINE void kernel_lu(DATA_TYPE A[N][N])
{
#pragma scop
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
      A[i][j] = A[i][j] / A[j][j];
    }
    for (int j = i; j < N; j++)
      for (int k = 0; k < i; k++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
  }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_lu(A);
  tb_timer_stop();
  TB_DUMP(A);
  return tb_finish();
}
