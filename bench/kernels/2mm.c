/* 2mm: two chained matrix products, D := alpha * A * B * C + beta * D.
 * tmp = alpha * A * B (NI x NJ), then D = beta * D + tmp * C (NI x NL). */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define NI 16
#define NJ 18
#define NK 20
#define NL 22
#elif defined(SMALL_DATASET)
#define NI 40
#define NJ 50
#define NK 60
#define NL 70
#elif defined(MEDIUM_DATASET)
#define NI 180
#define NJ 190
#define NK 200
#define NL 210
#elif defined(LARGE_DATASET)
#define NI 1200
#define NJ 1300
#define NK 1400
#define NL 1500
#elif defined(EXTRALARGE_DATASET)
#define NI 2400
#define NJ 2600
#define NK 2800
#define NL 3000
#endif

static DATA_TYPE tmp[NI][NJ];
static DATA_TYPE A[NI][NK];
static DATA_TYPE B[NK][NJ];
static DATA_TYPE C[NJ][NL];
static DATA_TYPE D[NI][NL];

static void init(DATA_TYPE *alpha, DATA_TYPE *beta)
{
  *alpha = 0.5;
  *beta = 1.5;
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (DATA_TYPE)((i * k + 3) % 31) / 31;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = (DATA_TYPE)((2 * k + 5 * j) % 37) / 37;
  for (int j = 0; j < NJ; j++)
    for (int l = 0; l < NL; l++)
      C[j][l] = (DATA_TYPE)((j + 7 * l + 1) % 41) / 41;
  for (int i = 0; i < NI; i++)
    for (int l = 0; l < NL; l++)
      D[i][l] = (DATA_TYPE)((3 * i + l) % 43) / 43;
}

static TB_NOINLINE void kernel_2mm(DATA_TYPE alpha, DATA_TYPE beta,
                                   DATA_TYPE tmp[NI][NJ], DATA_TYPE A[NI][NK],
                                   DATA_TYPE B[NK][NJ], DATA_TYPE C[NJ][NL],
                                   DATA_TYPE D[NI][NL])
{
#pragma scop
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      tmp[i][j] = 0;
      for (int k = 0; k < NK; k++)
        tmp[i][j] = tmp[i][j] + alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < NI; i++)
    for (int l = 0; l < NL; l++) {
      D[i][l] = beta * D[i][l];
      for (int j = 0; j < NJ; j++)
        D[i][l] = D[i][l] + tmp[i][j] * C[j][l];
    }
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  init(&alpha, &beta);
  tb_timer_start();
  kernel_2mm(alpha, beta, tmp, A, B, C, D);
  tb_timer_stop();
  TB_DUMP(D);
  return tb_finish();
}
