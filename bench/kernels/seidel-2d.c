/* seidel-2d: TSTEPS in-place Gauss-Seidel sweeps of the 9-point average on
 * an N x N grid (each point reads the already updated north and west
 * neighbours); the boundary is fixed. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define TSTEPS 20
#define N 40
#elif defined(SMALL_DATASET)
#define TSTEPS 40
#define N 120
#elif defined(MEDIUM_DATASET)
#define TSTEPS 100
#define N 400
#elif defined(LARGE_DATASET)
#define TSTEPS 100
#define N 2000
#elif defined(EXTRALARGE_DATASET)
#define TSTEPS 500
#define N 4000
#endif

static DATA_TYPE A[N][N];

static void init(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE)((i * (j + 2) + 2) % N) / N;
}

static TB_NOINLINE void kernel_seidel_2d(DATA_TYPE A[N][N])
{
#pragma scop
  for (int t = 0; t <= TSTEPS - 1; t++)
    for (int i = 1; i <= N - 2; i++)
      for (int j = 1; j <= N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9;
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_seidel_2d(A);
  tb_timer_stop();
  TB_DUMP(A);
  return tb_finish();
}
