/* A ~300-line PolyBench-style file written for tessera's parser benchmark:
   several linear-algebra and stencil kernels, each in #pragma scop. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#ifndef DATA_TYPE
# define DATA_TYPE double
# define DATA_PRINTF_MODIFIER "%0.2lf "
# define SCALAR_VAL(x) x
# define SQRT_FUN(x) sqrt(x)
#endif

#define NI 200
#define NJ 220
#define NK 240
#define NL 260
#define NM 280
#define TSTEPS 100
#define _PB_NI NI
#define _PB_NJ NJ
#define _PB_NK NK
#define _PB_NL NL
#define _PB_NM NM
#define _PB_TSTEPS TSTEPS

static void init_array(int ni, int nj, DATA_TYPE POLYBENCH_2D(A, NI, NJ, ni, nj))
{
  int i, j;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      A[i][j] = (DATA_TYPE) ((i * j + 1) % ni) / ni;
}

static void print_array(int ni, int nj, DATA_TYPE POLYBENCH_2D(A, NI, NJ, ni, nj))
{
  int i, j;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      if ((i * ni + j) % 20 == 0) fprintf(stderr, "\n");
      fprintf(stderr, DATA_PRINTF_MODIFIER, A[i][j]);
    }
}

static void kernel_2mm(int ni, int nj, int nk, int nl, DATA_TYPE alpha, DATA_TYPE beta,
                       DATA_TYPE POLYBENCH_2D(tmp, NI, NJ, ni, nj),
                       DATA_TYPE POLYBENCH_2D(A, NI, NK, ni, nk),
                       DATA_TYPE POLYBENCH_2D(B, NK, NJ, nk, nj),
                       DATA_TYPE POLYBENCH_2D(C, NJ, NL, nj, nl),
                       DATA_TYPE POLYBENCH_2D(D, NI, NL, ni, nl))
{
  int i, j, k;
#pragma scop
  /* D := alpha*A*B*C + beta*D */
  for (i = 0; i < _PB_NI; i++)
    for (j = 0; j < _PB_NJ; j++) {
      tmp[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < _PB_NK; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (i = 0; i < _PB_NI; i++)
    for (j = 0; j < _PB_NL; j++) {
      D[i][j] *= beta;
      for (k = 0; k < _PB_NJ; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
#pragma endscop
}

static void kernel_3mm(int ni, int nj, int nk, int nl, int nm,
                       DATA_TYPE POLYBENCH_2D(E, NI, NJ, ni, nj),
                       DATA_TYPE POLYBENCH_2D(A, NI, NK, ni, nk),
                       DATA_TYPE POLYBENCH_2D(B, NK, NJ, nk, nj),
                       DATA_TYPE POLYBENCH_2D(F, NJ, NL, nj, nl),
                       DATA_TYPE POLYBENCH_2D(C, NJ, NM, nj, nm),
                       DATA_TYPE POLYBENCH_2D(D, NM, NL, nm, nl),
                       DATA_TYPE POLYBENCH_2D(G, NI, NL, ni, nl))
{
  int i, j, k;
#pragma scop
  for (i = 0; i < _PB_NI; i++)
    for (j = 0; j < _PB_NJ; j++) {
      E[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < _PB_NK; ++k)
        E[i][j] += A[i][k] * B[k][j];
    }
  for (i = 0; i < _PB_NJ; i++)
    for (j = 0; j < _PB_NL; j++) {
      F[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < _PB_NM; ++k)
        F[i][j] += C[i][k] * D[k][j];
    }
  for (i = 0; i < _PB_NI; i++)
    for (j = 0; j < _PB_NL; j++) {
      G[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < _PB_NJ; ++k)
        G[i][j] += E[i][k] * F[k][j];
    }
#pragma endscop
}

static void kernel_atax(int m, int n, DATA_TYPE POLYBENCH_2D(A, NM, NK, m, n),
                        DATA_TYPE POLYBENCH_1D(x, NK, n), DATA_TYPE POLYBENCH_1D(y, NK, n),
                        DATA_TYPE POLYBENCH_1D(tmp, NM, m))
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++)
    y[i] = 0;
  for (i = 0; i < m; i++) {
    tmp[i] = SCALAR_VAL(0.0);
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
#pragma endscop
}

static void kernel_bicg(int m, int n, DATA_TYPE POLYBENCH_2D(A, NK, NM, n, m),
                        DATA_TYPE POLYBENCH_1D(s, NM, m), DATA_TYPE POLYBENCH_1D(q, NK, n),
                        DATA_TYPE POLYBENCH_1D(p, NM, m), DATA_TYPE POLYBENCH_1D(r, NK, n))
{
  int i, j;
#pragma scop
  for (i = 0; i < _PB_NM; i++)
    s[i] = 0;
  for (i = 0; i < _PB_NK; i++) {
    q[i] = SCALAR_VAL(0.0);
    for (j = 0; j < _PB_NM; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
#pragma endscop
}

static void kernel_gesummv(int n, DATA_TYPE alpha, DATA_TYPE beta,
                           DATA_TYPE POLYBENCH_2D(A, NK, NK, n, n), DATA_TYPE POLYBENCH_2D(B, NK, NK, n, n),
                           DATA_TYPE POLYBENCH_1D(tmp, NK, n), DATA_TYPE POLYBENCH_1D(x, NK, n),
                           DATA_TYPE POLYBENCH_1D(y, NK, n))
{
  int i, j;
#pragma scop
  for (i = 0; i < n; i++) {
    tmp[i] = SCALAR_VAL(0.0);
    y[i] = SCALAR_VAL(0.0);
    for (j = 0; j < n; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
#pragma endscop
}

static void kernel_syr2k(int n, int m, DATA_TYPE alpha, DATA_TYPE beta,
                         DATA_TYPE POLYBENCH_2D(C, NK, NK, n, n),
                         DATA_TYPE POLYBENCH_2D(A, NK, NM, n, m),
                         DATA_TYPE POLYBENCH_2D(B, NK, NM, n, m))
{
  int i, j, k;
#pragma scop
  for (i = 0; i < _PB_NK; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < _PB_NM; k++)
      for (j = 0; j <= i; j++) {
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
      }
  }
#pragma endscop
}

static void kernel_trmm(int m, int n, DATA_TYPE alpha,
                        DATA_TYPE POLYBENCH_2D(A, NM, NM, m, m), DATA_TYPE POLYBENCH_2D(B, NM, NK, m, n))
{
  int i, j, k;
#pragma scop
  for (i = 0; i < _PB_NM; i++)
    for (j = 0; j < _PB_NK; j++) {
      for (k = i + 1; k < _PB_NM; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
#pragma endscop
}

static void kernel_jacobi_1d(int tsteps, int n, DATA_TYPE POLYBENCH_1D(A, NK, n), DATA_TYPE POLYBENCH_1D(B, NK, n))
{
  int t, i;
#pragma scop
  for (t = 0; t < _PB_TSTEPS; t++) {
    for (i = 1; i < _PB_NK - 1; i++)
      B[i] = 0.33333 * (A[i-1] + A[i] + A[i + 1]);
    for (i = 1; i < _PB_NK - 1; i++)
      A[i] = 0.33333 * (B[i-1] + B[i] + B[i + 1]);
  }
#pragma endscop
}

static void kernel_heat_3d(int tsteps, int n, DATA_TYPE POLYBENCH_3D(A, NI, NI, NI, n, n, n),
                           DATA_TYPE POLYBENCH_3D(B, NI, NI, NI, n, n, n))
{
  int t, i, j, k;
#pragma scop
  for (t = 1; t <= TSTEPS; t++) {
    for (i = 1; i < _PB_NI - 1; i++) {
      for (j = 1; j < _PB_NI - 1; j++) {
        for (k = 1; k < _PB_NI - 1; k++) {
          B[i][j][k] = SCALAR_VAL(0.125) * (A[i+1][j][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i-1][j][k])
                     + SCALAR_VAL(0.125) * (A[i][j+1][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j-1][k])
                     + SCALAR_VAL(0.125) * (A[i][j][k+1] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j][k-1])
                     + A[i][j][k];
        }
      }
    }
    for (i = 1; i < _PB_NI - 1; i++) {
      for (j = 1; j < _PB_NI - 1; j++) {
        for (k = 1; k < _PB_NI - 1; k++) {
          A[i][j][k] = SCALAR_VAL(0.125) * (B[i+1][j][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i-1][j][k])
                     + SCALAR_VAL(0.125) * (B[i][j+1][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j-1][k])
                     + SCALAR_VAL(0.125) * (B[i][j][k+1] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j][k-1])
                     + B[i][j][k];
        }
      }
    }
  }
#pragma endscop
}

static void kernel_fdtd_2d(int tmax, int nx, int ny,
                           DATA_TYPE POLYBENCH_2D(ex, NI, NJ, nx, ny),
                           DATA_TYPE POLYBENCH_2D(ey, NI, NJ, nx, ny),
                           DATA_TYPE POLYBENCH_2D(hz, NI, NJ, nx, ny),
                           DATA_TYPE POLYBENCH_1D(_fict_, TSTEPS, tmax))
{
  int t, i, j;
#pragma scop
  for (t = 0; t < _PB_TSTEPS; t++) {
    for (j = 0; j < _PB_NJ; j++)
      ey[0][j] = _fict_[t];
    for (i = 1; i < _PB_NI; i++)
      for (j = 0; j < _PB_NJ; j++)
        ey[i][j] = ey[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i-1][j]);
    for (i = 0; i < _PB_NI; i++)
      for (j = 1; j < _PB_NJ; j++)
        ex[i][j] = ex[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i][j-1]);
    for (i = 0; i < _PB_NI - 1; i++)
      for (j = 0; j < _PB_NJ - 1; j++)
        hz[i][j] = hz[i][j] - SCALAR_VAL(0.7) * (ex[i][j+1] - ex[i][j] + ey[i+1][j] - ey[i][j]);
  }
#pragma endscop
}

static void kernel_correlation(int m, int n, DATA_TYPE float_n,
                               DATA_TYPE POLYBENCH_2D(data, NK, NM, n, m),
                               DATA_TYPE POLYBENCH_2D(corr, NM, NM, m, m),
                               DATA_TYPE POLYBENCH_1D(mean, NM, m),
                               DATA_TYPE POLYBENCH_1D(stddev, NM, m))
{
  int i, j, k;
  DATA_TYPE eps = SCALAR_VAL(0.1);
#pragma scop
  for (j = 0; j < _PB_NM; j++) {
    mean[j] = SCALAR_VAL(0.0);
    for (i = 0; i < _PB_NK; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (j = 0; j < _PB_NM; j++) {
    stddev[j] = SCALAR_VAL(0.0);
    for (i = 0; i < _PB_NK; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = SQRT_FUN(stddev[j]);
    stddev[j] = stddev[j] <= eps ? SCALAR_VAL(1.0) : stddev[j];
  }
  for (i = 0; i < _PB_NK; i++)
    for (j = 0; j < _PB_NM; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= SQRT_FUN(float_n) * stddev[j];
    }
  for (i = 0; i < _PB_NM - 1; i++) {
    corr[i][i] = SCALAR_VAL(1.0);
    for (j = i + 1; j < _PB_NM; j++) {
      corr[i][j] = SCALAR_VAL(0.0);
      for (k = 0; k < _PB_NK; k++)
        corr[i][j] += (data[k][i] * data[k][j]);
      corr[j][i] = corr[i][j];
    }
  }
  corr[_PB_NM - 1][_PB_NM - 1] = SCALAR_VAL(1.0);
#pragma endscop
}

int main(int argc, char **argv)
{
  int ni = NI, nj = NJ;
  POLYBENCH_2D_ARRAY_DECL(A, DATA_TYPE, NI, NJ, ni, nj);
  init_array(ni, nj, POLYBENCH_ARRAY(A));
  print_array(ni, nj, POLYBENCH_ARRAY(A));
  POLYBENCH_FREE_ARRAY(A);
  return 0;
}
