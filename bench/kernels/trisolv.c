/* trisolv: forward substitution, solve L x = b for a lower triangular
 * N x N matrix L with a dominant diagonal. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define N 40
#elif defined(SMALL_DATASET)
#define N 120
#elif defined(MEDIUM_DATASET)
#define N 400
#elif defined(LARGE_DATASET)
#define N 8000
#elif defined(EXTRALARGE_DATASET)
#define N 16000
#endif

static DATA_TYPE L[N][N];
static DATA_TYPE x[N];
static DATA_TYPE b[N];

static void init(void)
{
  for (int i = 0; i < N; i++) {
    x[i] = 0;
    b[i] = (DATA_TYPE)(i % 11) / 11;
    for (int j = 0; j < N; j++)
      L[i][j] = j <= i ? (DATA_TYPE)((i + 2 * j + 1) % 23) / (23 * N) : 0;
    L[i][i] = 1 + (DATA_TYPE)(i % 3) / 3;
  }
}

static TB_NOINLINE void kernel_trisolv(DATA_TYPE L[N][N], DATA_TYPE x[N],
                                       DATA_TYPE b[N])
{
#pragma scop
  for (int i = 0; i < N; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] = x[i] - L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_trisolv(L, x, b);
  tb_timer_stop();
  TB_DUMP(x);
  return tb_finish();
}
