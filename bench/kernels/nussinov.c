/* nussinov: maximum number of base pairs of an RNA sequence of length N
 * (Nussinov dynamic programming).  table[i][j] is the best score of the
 * subsequence i..j; bases 0..3 pair when they add up to 3. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define N 60
#elif defined(SMALL_DATASET)
#define N 180
#elif defined(MEDIUM_DATASET)
#define N 500
#elif defined(LARGE_DATASET)
#define N 2000
#elif defined(EXTRALARGE_DATASET)
#define N 4000
#endif

static DATA_TYPE seq[N];
static DATA_TYPE table[N][N];

static void init(void)
{
  for (int i = 0; i < N; i++) {
    seq[i] = (DATA_TYPE)((i * 7 + i / 3) % 4);
    for (int j = 0; j < N; j++)
      table[i][j] = 0;
  }
}

static TB_NOINLINE void kernel_nussinov(DATA_TYPE seq[N], DATA_TYPE table[N][N])
{
#pragma scop
  for (int i = N - 1; i >= 0; i--)
    for (int j = i + 1; j < N; j++) {
      table[i][j] = table[i][j] >= table[i][j - 1] ? table[i][j] : table[i][j - 1];
      table[i][j] = table[i][j] >= table[i + 1][j] ? table[i][j] : table[i + 1][j];
      if (j >= i + 2)
        table[i][j] = table[i][j] >= table[i + 1][j - 1] + (seq[i] + seq[j] == 3 ? 1 : 0) ? table[i][j] : table[i + 1][j - 1] + (seq[i] + seq[j] == 3 ? 1 : 0);
      else
        table[i][j] = table[i][j] >= table[i + 1][j - 1] ? table[i][j] : table[i + 1][j - 1];
      for (int k = i + 1; k < j; k++)
        table[i][j] = table[i][j] >= table[i][k] + table[k + 1][j] ? table[i][j] : table[i][k] + table[k + 1][j];
    }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_nussinov(seq, table);
  tb_timer_stop();
  TB_DUMP(table);
  return tb_finish();
}
