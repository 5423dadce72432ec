/* jacobi-1d: TSTEPS double sweeps of the 3-point Jacobi average on a line
 * of N points (A -> B, then B -> A); the end points are fixed. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define TSTEPS 20
#define N 30
#elif defined(SMALL_DATASET)
#define TSTEPS 40
#define N 120
#elif defined(MEDIUM_DATASET)
#define TSTEPS 100
#define N 400
#elif defined(LARGE_DATASET)
#define TSTEPS 40000
#define N 40000
#elif defined(EXTRALARGE_DATASET)
#define TSTEPS 80000
#define N 80000
#endif

static DATA_TYPE A[N];
static DATA_TYPE B[N];

static void init(void)
{
  for (int i = 0; i < N; i++) {
    A[i] = (DATA_TYPE)(i % 37 + 2) / 39;
    B[i] = (DATA_TYPE)(i % 41 + 3) / 44;
  }
}

static TB_NOINLINE void kernel_jacobi_1d(DATA_TYPE A[N], DATA_TYPE B[N])
{
#pragma scop
  for (int t = 0; t < TSTEPS; t++) {
    for (int i = 1; i < N - 1; i++)
      B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3;
    for (int i = 1; i < N - 1; i++)
      A[i] = (B[i - 1] + B[i] + B[i + 1]) / 3;
  }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_jacobi_1d(A, B);
  tb_timer_stop();
  TB_DUMP(A);
  return tb_finish();
}
