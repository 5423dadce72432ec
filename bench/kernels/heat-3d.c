/* heat-3d: TSTEPS double steps of the explicit 7-point heat equation on an
 * N x N x N grid (A -> B, then B -> A), diffusion coefficient 1/8. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define TSTEPS 20
#define N 10
#elif defined(SMALL_DATASET)
#define TSTEPS 40
#define N 20
#elif defined(MEDIUM_DATASET)
#define TSTEPS 100
#define N 40
#elif defined(LARGE_DATASET)
#define TSTEPS 500
#define N 120
#elif defined(EXTRALARGE_DATASET)
#define TSTEPS 1000
#define N 200
#endif

static DATA_TYPE A[N][N][N];
static DATA_TYPE B[N][N][N];

static void init(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++) {
        A[i][j][k] = (DATA_TYPE)((i * 7 + j * 3 + (N - k) * 11) % 17) * 10 / 17;
        B[i][j][k] = A[i][j][k];
      }
}

static TB_NOINLINE void kernel_heat_3d(DATA_TYPE A[N][N][N], DATA_TYPE B[N][N][N])
{
#pragma scop
  for (int t = 1; t <= TSTEPS; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        for (int k = 1; k < N - 1; k++)
          B[i][j][k] = A[i][j][k] + 0.125 * (A[i + 1][j][k] - 2 * A[i][j][k] + A[i - 1][j][k])
                                  + 0.125 * (A[i][j + 1][k] - 2 * A[i][j][k] + A[i][j - 1][k])
                                  + 0.125 * (A[i][j][k + 1] - 2 * A[i][j][k] + A[i][j][k - 1]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        for (int k = 1; k < N - 1; k++)
          A[i][j][k] = B[i][j][k] + 0.125 * (B[i + 1][j][k] - 2 * B[i][j][k] + B[i - 1][j][k])
                                  + 0.125 * (B[i][j + 1][k] - 2 * B[i][j][k] + B[i][j - 1][k])
                                  + 0.125 * (B[i][j][k + 1] - 2 * B[i][j][k] + B[i][j][k - 1]);
  }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_heat_3d(A, B);
  tb_timer_stop();
  TB_DUMP(A);
  return tb_finish();
}
