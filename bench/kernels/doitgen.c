/* doitgen: multiresolution analysis kernel, a batch of NR * NQ
 * vector-matrix products A[r][q][:] := A[r][q][:] * C4, through a row buffer. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define NR 8
#define NQ 10
#define NP 12
#elif defined(SMALL_DATASET)
#define NR 20
#define NQ 25
#define NP 30
#elif defined(MEDIUM_DATASET)
#define NR 40
#define NQ 50
#define NP 60
#elif defined(LARGE_DATASET)
#define NR 250
#define NQ 256
#define NP 256
#elif defined(EXTRALARGE_DATASET)
#define NR 500
#define NQ 512
#define NP 400
#endif

static DATA_TYPE A[NR][NQ][NP];
static DATA_TYPE C4[NP][NP];
static DATA_TYPE sum[NP];

static void init(void)
{
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++)
      for (int p = 0; p < NP; p++)
        A[r][q][p] = (DATA_TYPE)((r * q + p) % NP) / NP;
  for (int s = 0; s < NP; s++)
    for (int p = 0; p < NP; p++)
      C4[s][p] = (DATA_TYPE)((s * p) % NP) / (NP * NP);
}

static TB_NOINLINE void kernel_doitgen(DATA_TYPE A[NR][NQ][NP],
                                       DATA_TYPE C4[NP][NP], DATA_TYPE sum[NP])
{
#pragma scop
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++) {
      for (int p = 0; p < NP; p++) {
        sum[p] = 0;
        for (int s = 0; s < NP; s++)
          sum[p] = sum[p] + A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < NP; p++)
        A[r][q][p] = sum[p];
    }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_doitgen(A, C4, sum);
  tb_timer_stop();
  TB_DUMP(A);
  return tb_finish();
}
