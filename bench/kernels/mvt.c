/* mvt: two matrix-vector products, x1 := x1 + A * z1 and x2 := x2 + A^T * z2. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define N 40
#elif defined(SMALL_DATASET)
#define N 120
#elif defined(MEDIUM_DATASET)
#define N 400
#elif defined(LARGE_DATASET)
#define N 6000
#elif defined(EXTRALARGE_DATASET)
#define N 12000
#endif

static DATA_TYPE A[N][N];
static DATA_TYPE x1[N], x2[N], z1[N], z2[N];

static void init(void)
{
  for (int i = 0; i < N; i++) {
    x1[i] = (DATA_TYPE)(i % N) / N;
    x2[i] = (DATA_TYPE)((i + 1) % N) / N;
    z1[i] = (DATA_TYPE)((i + 3) % N) / N;
    z2[i] = (DATA_TYPE)((i + 4) % N) / N;
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE)((i * j) % N) / N;
  }
}

static TB_NOINLINE void kernel_mvt(DATA_TYPE x1[N], DATA_TYPE x2[N],
                                   DATA_TYPE z1[N], DATA_TYPE z2[N],
                                   DATA_TYPE A[N][N])
{
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x1[i] = x1[i] + A[i][j] * z1[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x2[i] = x2[i] + A[j][i] * z2[j];
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_mvt(x1, x2, z1, z2, A);
  tb_timer_stop();
  TB_DUMP(x1);
  TB_DUMP(x2);
  return tb_finish();
}
