/* 3mm: three matrix products, G := (A * B) * (C * D).
 * E = A * B (NI x NJ), F = C * D (NJ x NL), G = E * F (NI x NL). */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define NI 16
#define NJ 18
#define NK 20
#define NL 22
#define NM 24
#elif defined(SMALL_DATASET)
#define NI 40
#define NJ 50
#define NK 60
#define NL 70
#define NM 80
#elif defined(MEDIUM_DATASET)
#define NI 180
#define NJ 190
#define NK 200
#define NL 210
#define NM 220
#elif defined(LARGE_DATASET)
#define NI 1200
#define NJ 1300
#define NK 1400
#define NL 1500
#define NM 1600
#elif defined(EXTRALARGE_DATASET)
#define NI 2400
#define NJ 2600
#define NK 2800
#define NL 3000
#define NM 3200
#endif

static DATA_TYPE A[NI][NK];
static DATA_TYPE B[NK][NJ];
static DATA_TYPE C[NJ][NM];
static DATA_TYPE D[NM][NL];
static DATA_TYPE E[NI][NJ];
static DATA_TYPE F[NJ][NL];
static DATA_TYPE G[NI][NL];

static void init(void)
{
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++)
      A[i][k] = (DATA_TYPE)((i + 2 * k + 1) % 29) / (5 * 29);
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++)
      B[k][j] = (DATA_TYPE)((3 * k + j + 2) % 31) / (5 * 31);
  for (int j = 0; j < NJ; j++)
    for (int m = 0; m < NM; m++)
      C[j][m] = (DATA_TYPE)((j * m + 4) % 37) / (5 * 37);
  for (int m = 0; m < NM; m++)
    for (int l = 0; l < NL; l++)
      D[m][l] = (DATA_TYPE)((5 * m + 3 * l) % 41) / (5 * 41);
}

static TB_NOINLINE void kernel_3mm(DATA_TYPE E[NI][NJ], DATA_TYPE A[NI][NK],
                                   DATA_TYPE B[NK][NJ], DATA_TYPE F[NJ][NL],
                                   DATA_TYPE C[NJ][NM], DATA_TYPE D[NM][NL],
                                   DATA_TYPE G[NI][NL])
{
#pragma scop
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      E[i][j] = 0;
      for (int k = 0; k < NK; k++)
        E[i][j] = E[i][j] + A[i][k] * B[k][j];
    }
  for (int j = 0; j < NJ; j++)
    for (int l = 0; l < NL; l++) {
      F[j][l] = 0;
      for (int m = 0; m < NM; m++)
        F[j][l] = F[j][l] + C[j][m] * D[m][l];
    }
  for (int i = 0; i < NI; i++)
    for (int l = 0; l < NL; l++) {
      G[i][l] = 0;
      for (int j = 0; j < NJ; j++)
        G[i][l] = G[i][l] + E[i][j] * F[j][l];
    }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_3mm(E, A, B, F, C, D, G);
  tb_timer_stop();
  TB_DUMP(G);
  return tb_finish();
}
