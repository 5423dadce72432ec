/* floyd-warshall: all-pairs shortest path lengths on a dense directed
 * graph of N nodes with small integer weights (exact in DATA_TYPE). */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define N 60
#elif defined(SMALL_DATASET)
#define N 180
#elif defined(MEDIUM_DATASET)
#define N 500
#elif defined(LARGE_DATASET)
#define N 1200
#elif defined(EXTRALARGE_DATASET)
#define N 2400
#endif

static DATA_TYPE path[N][N];

static void init(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      path[i][j] = (DATA_TYPE)((i * j) % 7 + 1);
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0)
        path[i][j] = 999;
      if (i == j)
        path[i][j] = 0;
    }
}

static TB_NOINLINE void kernel_floyd_warshall(DATA_TYPE path[N][N])
{
#pragma scop
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_floyd_warshall(path);
  tb_timer_stop();
  TB_DUMP(path);
  return tb_finish();
}
