/* durbin: Levinson-Durbin recursion, solves the Yule-Walker system
 * T y = -r for the symmetric Toeplitz matrix T with first row (1, r[0],
 * ..., r[N-2]).  The per-step scalars of the textbook recursion are kept in
 * arrays indexed by the step (alpha[k], beta[k], sum[k]). */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define N 40
#elif defined(SMALL_DATASET)
#define N 120
#elif defined(MEDIUM_DATASET)
#define N 400
#elif defined(LARGE_DATASET)
#define N 36000
#elif defined(EXTRALARGE_DATASET)
#define N 72000
#endif

static DATA_TYPE r[N];
static DATA_TYPE y[N];
static DATA_TYPE z[N];
static DATA_TYPE alpha[N];
static DATA_TYPE beta[N];
static DATA_TYPE sum[N];

static void init(void)
{
  /* Autocorrelation of a stable AR process: positive definite, |alpha| < 1. */
  for (int i = 0; i < N; i++)
    r[i] = 0.5 / ((DATA_TYPE)(i + 1) * (DATA_TYPE)(i + 1));
}

static TB_NOINLINE void kernel_durbin(DATA_TYPE r[N], DATA_TYPE y[N],
                                      DATA_TYPE z[N], DATA_TYPE alpha[N],
                                      DATA_TYPE beta[N], DATA_TYPE sum[N])
{
#pragma scop
  y[0] = -r[0];
  beta[0] = 1;
  alpha[0] = -r[0];
  for (int k = 1; k < N; k++) {
    beta[k] = (1 - alpha[k - 1] * alpha[k - 1]) * beta[k - 1];
    sum[k] = 0;
    for (int i = 0; i < k; i++)
      sum[k] = sum[k] + r[k - i - 1] * y[i];
    alpha[k] = -(r[k] + sum[k]) / beta[k];
    for (int i = 0; i < k; i++)
      z[i] = y[i] + alpha[k] * y[k - i - 1];
    for (int i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha[k];
  }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_durbin(r, y, z, alpha, beta, sum);
  tb_timer_stop();
  TB_DUMP(y);
  return tb_finish();
}
