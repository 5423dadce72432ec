/* ludcmp: solve A x = b by LU factorisation without pivoting (as in lu.c),
 * then forward substitution L y = b and back substitution U x = y. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define N 40
#elif defined(SMALL_DATASET)
#define N 120
#elif defined(MEDIUM_DATASET)
#define N 400
#elif defined(LARGE_DATASET)
#define N 1600
#elif defined(EXTRALARGE_DATASET)
#define N 3200
#endif

static DATA_TYPE A[N][N];
static DATA_TYPE b[N];
static DATA_TYPE x[N];
static DATA_TYPE y[N];

static void init(void)
{
  for (int i = 0; i < N; i++) {
    b[i] = 1 + (DATA_TYPE)(i % 7) / 7;
    x[i] = 0;
    y[i] = 0;
    for (int j = 0; j < N; j++)
      A[i][j] = (DATA_TYPE)((i * 3 + j * 7 + 2) % 19) / (19 * N);
    A[i][i] = 3 + (DATA_TYPE)(i % 4) / 4;
  }
}

static TB_NOINLINE void kernel_ludcmp(DATA_TYPE A[N][N], DATA_TYPE b[N],
                                      DATA_TYPE x[N], DATA_TYPE y[N])
{
#pragma scop
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
      A[i][j] = A[i][j] / A[j][j];
    }
    for (int j = i; j < N; j++)
      for (int k = 0; k < i; k++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
  }
  for (int i = 0; i < N; i++) {
    y[i] = b[i];
    for (int j = 0; j < i; j++)
      y[i] = y[i] - A[i][j] * y[j];
  }
  for (int i = N - 1; i >= 0; i--) {
    x[i] = y[i];
    for (int j = i + 1; j < N; j++)
      x[i] = x[i] - A[i][j] * x[j];
    x[i] = x[i] / A[i][i];
  }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_ludcmp(A, b, x, y);
  tb_timer_stop();
  TB_DUMP(x);
  return tb_finish();
}
