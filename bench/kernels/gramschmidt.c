/* gramschmidt: QR factorisation A = Q * R of an M x N matrix (M >= N) by
 * modified Gram-Schmidt; A is overwritten, Q is M x N, R is N x N upper
 * triangular.  The squared norm of column k is kept in nrm[k]. */
#include "tessera_bench.h"

#if defined(MINI_DATASET)
#define M 30
#define N 20
#elif defined(SMALL_DATASET)
#define M 80
#define N 60
#elif defined(MEDIUM_DATASET)
#define M 240
#define N 200
#elif defined(LARGE_DATASET)
#define M 1200
#define N 1000
#elif defined(EXTRALARGE_DATASET)
#define M 2400
#define N 2000
#endif

static DATA_TYPE A[M][N];
static DATA_TYPE R[N][N];
static DATA_TYPE Q[M][N];
static DATA_TYPE nrm[N];

static void init(void)
{
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (DATA_TYPE)((i * 3 + j * 5 + 1) % 29) / 29 / M;
      if (i == j)
        A[i][j] += 1;
      Q[i][j] = 0;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      R[i][j] = 0;
}

static TB_NOINLINE void kernel_gramschmidt(DATA_TYPE A[M][N], DATA_TYPE R[N][N],
                                           DATA_TYPE Q[M][N], DATA_TYPE nrm[N])
{
#pragma scop
  for (int k = 0; k < N; k++) {
    nrm[k] = 0;
    for (int i = 0; i < M; i++)
      nrm[k] = nrm[k] + A[i][k] * A[i][k];
    R[k][k] = SQRT_FUN(nrm[k]);
    for (int i = 0; i < M; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (int j = k + 1; j < N; j++) {
      R[k][j] = 0;
      for (int i = 0; i < M; i++)
        R[k][j] = R[k][j] + Q[i][k] * A[i][j];
      for (int i = 0; i < M; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
#pragma endscop
}

int main(void)
{
  init();
  tb_timer_start();
  kernel_gramschmidt(A, R, Q, nrm);
  tb_timer_stop();
  TB_DUMP(R);
  TB_DUMP(Q);
  return tb_finish();
}
