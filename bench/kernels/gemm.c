/* gemm: general matrix product, C := alpha * A * B + beta * C.
 * A is NI x NK, B is NK x NJ, C is NI x NJ. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define NI 20
#define NJ 24
#define NK 28
#elif defined(SMALL_DATASET)
#define NI 60
#define NJ 70
#define NK 80
#elif defined(MEDIUM_DATASET)
#define NI 200
#define NJ 220
#define NK 240
#elif defined(LARGE_DATASET)
#define NI 1200
#define NJ 1300
#define NK 1400
#elif defined(EXTRALARGE_DATASET)
#define NI 2400
#define NJ 2600
#define NK 2800
#endif

static DATA_TYPE A[NI][NK];
static DATA_TYPE B[NK][NJ];
static DATA_TYPE C[NI][NJ];

static void init(DATA_TYPE *alpha, DATA_TYPE *beta)
{
  *alpha = 1.25;
  *beta = 0.75;
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (DATA_TYPE)((3 * i + 5 * k + 1) % 97) / 97;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = (DATA_TYPE)((7 * k + 2 * j + 3) % 89) / 89;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = (DATA_TYPE)((i + 11 * j) % 53) / 53;
}

static TB_NOINLINE void kernel_gemm(DATA_TYPE alpha, DATA_TYPE beta,
                                    DATA_TYPE C[NI][NJ], DATA_TYPE A[NI][NK],
                                    DATA_TYPE B[NK][NJ])
{
#pragma scop
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = beta * C[i][j];
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++)
        C[i][j] = C[i][j] + alpha * A[i][k] * B[k][j];
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  init(&alpha, &beta);
  tb_timer_start();
  kernel_gemm(alpha, beta, C, A, B);
  tb_timer_stop();
  TB_DUMP(C);
  return tb_finish();
}
