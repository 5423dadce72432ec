/* batched-matmul: NB independent matrix products,
 * C[b] := A[b] * B[b] with A[b] NI x NK and B[b] NK x NJ. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define NB 2
#define NI 10
#define NJ 12
#define NK 14
#elif defined(SMALL_DATASET)
#define NB 4
#define NI 32
#define NJ 36
#define NK 40
#elif defined(MEDIUM_DATASET)
#define NB 8
#define NI 100
#define NJ 110
#define NK 120
#elif defined(LARGE_DATASET)
#define NB 32
#define NI 512
#define NJ 512
#define NK 512
#elif defined(EXTRALARGE_DATASET)
#define NB 64
#define NI 768
#define NJ 768
#define NK 768
#endif

static DATA_TYPE A[NB][NI][NK];
static DATA_TYPE B[NB][NK][NJ];
static DATA_TYPE C[NB][NI][NJ];

static void init(void)
{
  for (int b = 0; b < NB; b++) {
    for (int i = 0; i < NI; i++)
      for (int k = 0; k < NK; k++)
        A[b][i][k] = (DATA_TYPE)((b + 3 * i + 7 * k) % 23) / 23 - 0.5;
    for (int k = 0; k < NK; k++)
      for (int j = 0; j < NJ; j++)
        B[b][k][j] = (DATA_TYPE)((2 * b + 5 * k + j) % 29) / 29 - 0.5;
  }
}

static TB_NOINLINE void kernel_batched_matmul(DATA_TYPE A[NB][NI][NK],
                                              DATA_TYPE B[NB][NK][NJ],
                                              DATA_TYPE C[NB][NI][NJ])
{
#pragma scop
  for (int b = 0; b < NB; b++)
    for (int i = 0; i < NI; i++)
      for (int j = 0; j < NJ; j++) {
        C[b][i][j] = 0;
        for (int k = 0; k < NK; k++)
          C[b][i][j] = C[b][i][j] + A[b][i][k] * B[b][k][j];
      }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_batched_matmul(A, B, C);
  tb_timer_stop();
  TB_DUMP(C);
  return tb_finish();
}
