/* jacobi-2d: TSTEPS double sweeps of the 5-point Jacobi average on an
 * N x N grid (A -> B, then B -> A); the boundary is fixed. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define TSTEPS 20
#define N 30
#elif defined(SMALL_DATASET)
#define TSTEPS 40
#define N 90
#elif defined(MEDIUM_DATASET)
#define TSTEPS 100
#define N 250
#elif defined(LARGE_DATASET)
#define TSTEPS 500
#define N 1300
#elif defined(EXTRALARGE_DATASET)
#define TSTEPS 1000
#define N 2800
#endif

static DATA_TYPE A[N][N];
static DATA_TYPE B[N][N];

static void init(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (DATA_TYPE)((i * (j + 2) + 2) % N) / N;
      B[i][j] = (DATA_TYPE)((i * (j + 3) + 3) % N) / N;
    }
}

static TB_NOINLINE void kernel_jacobi_2d(DATA_TYPE A[N][N], DATA_TYPE B[N][N])
{
#pragma scop
  for (int t = 0; t < TSTEPS; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_jacobi_2d(A, B);
  tb_timer_stop();
  TB_DUMP(A);
  return tb_finish();
}
