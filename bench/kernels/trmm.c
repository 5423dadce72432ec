/* trmm: triangular matrix product, B := alpha * U * B, where U is the unit
 * upper triangular matrix whose strict upper part is that of A (M x M).
 * B is M x N and is overwritten row by row (row i reads rows k > i). */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define M 20
#define N 30
#elif defined(SMALL_DATASET)
#define M 60
#define N 80
#elif defined(MEDIUM_DATASET)
#define M 200
#define N 240
#elif defined(LARGE_DATASET)
#define M 1600
#define N 1800
#elif defined(EXTRALARGE_DATASET)
#define M 3200
#define N 3600
#endif

static DATA_TYPE A[M][M];
static DATA_TYPE B[M][N];

static void init(DATA_TYPE *alpha)
{
  *alpha = 1.5;
  for (int i = 0; i < M; i++) {
    for (int k = 0; k < M; k++)
      A[i][k] = k > i ? (DATA_TYPE)((i + 3 * k) % M) / (4 * M) : 77; /* lower: unused */
    for (int j = 0; j < N; j++)
      B[i][j] = (DATA_TYPE)((N + (i - j)) % N) / N;
  }
}

static TB_NOINLINE void kernel_trmm(DATA_TYPE alpha, DATA_TYPE A[M][M],
                                    DATA_TYPE B[M][N])
{
#pragma scop
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      for (int k = i + 1; k < M; k++)
        B[i][j] = B[i][j] + A[i][k] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha;
  init(&alpha);
  tb_timer_start();
  kernel_trmm(alpha, A, B);
  tb_timer_stop();
  TB_DUMP(B);
  return tb_finish();
}
