/* bicg: the two products of the BiCG method, s := A^T * r and q := A * p,
 * with A N x M. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define M 38
#define N 42
#elif defined(SMALL_DATASET)
#define M 116
#define N 124
#elif defined(MEDIUM_DATASET)
#define M 390
#define N 410
#elif defined(LARGE_DATASET)
#define M 6000
#define N 6400
#elif defined(EXTRALARGE_DATASET)
#define M 12000
#define N 12800
#endif

static DATA_TYPE A[N][M];
static DATA_TYPE s[M];
static DATA_TYPE q[N];
static DATA_TYPE p[M];
static DATA_TYPE r[N];

static void init(void)
{
  for (int j = 0; j < M; j++)
    p[j] = (DATA_TYPE)(j % M) / M;
  for (int i = 0; i < N; i++) {
    r[i] = (DATA_TYPE)(i % N) / N;
    for (int j = 0; j < M; j++)
      A[i][j] = (DATA_TYPE)((i * (j + 1)) % N) / N;
  }
}

static TB_NOINLINE void kernel_bicg(DATA_TYPE A[N][M], DATA_TYPE s[M],
                                    DATA_TYPE q[N], DATA_TYPE p[M],
                                    DATA_TYPE r[N])
{
#pragma scop
  for (int j = 0; j < M; j++)
    s[j] = 0;
  for (int i = 0; i < N; i++) {
    q[i] = 0;
    for (int j = 0; j < M; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_bicg(A, s, q, p, r);
  tb_timer_stop();
  TB_DUMP(s);
  TB_DUMP(q);
  return tb_finish();
}
