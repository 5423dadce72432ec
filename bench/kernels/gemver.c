/* gemver: rank-2 update then two matrix-vector products.
 *   A := A + u1 * v1^T + u2 * v2^T
 *   x := beta * A^T * y + z
 *   w := alpha * A * x */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define N 40
#elif defined(SMALL_DATASET)
#define N 120
#elif defined(MEDIUM_DATASET)
#define N 400
#elif defined(LARGE_DATASET)
#define N 6000
#elif defined(EXTRALARGE_DATASET)
#define N 12000
#endif

static DATA_TYPE A[N][N];
static DATA_TYPE u1[N], v1[N], u2[N], v2[N];
static DATA_TYPE w[N], x[N], y[N], z[N];

static void init(DATA_TYPE *alpha, DATA_TYPE *beta)
{
  *alpha = 1.5;
  *beta = 1.25;
  for (int i = 0; i < N; i++) {
    u1[i] = (DATA_TYPE)(i % 17) / 17;
    u2[i] = (DATA_TYPE)((i + 3) % 19) / 38;
    v1[i] = (DATA_TYPE)((2 * i + 1) % 23) / 46;
    v2[i] = (DATA_TYPE)((3 * i + 2) % 29) / 58;
    y[i] = (DATA_TYPE)((5 * i + 1) % 31) / 62;
    z[i] = (DATA_TYPE)((7 * i + 4) % 37) / 74;
    x[i] = 0;
    w[i] = 0;
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE)((i * j + 1) % N) / N;
  }
}

static TB_NOINLINE void kernel_gemver(DATA_TYPE alpha, DATA_TYPE beta,
                                      DATA_TYPE A[N][N], DATA_TYPE u1[N],
                                      DATA_TYPE v1[N], DATA_TYPE u2[N],
                                      DATA_TYPE v2[N], DATA_TYPE w[N],
                                      DATA_TYPE x[N], DATA_TYPE y[N],
                                      DATA_TYPE z[N])
{
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];
  for (int i = 0; i < N; i++)
    x[i] = x[i] + z[i];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
#pragma endscop
}

int main(void)
{
  DATA_TYPE alpha, beta;
  init(&alpha, &beta);
  tb_timer_start();
  kernel_gemver(alpha, beta, A, u1, v1, u2, v2, w, x, y, z);
  tb_timer_stop();
  TB_DUMP(w);
  return tb_finish();
}
