/* repro: matrix products strip-mined by hand over flattened arrays (ii += BS, i from ii to min(ii + BS, n)),
   with a scalar loaded or accumulated between the block loops (issue 26).
   command: tessera opt --explain hand_blocked.c -o out.c   (also --parallel)
   expected: both nests "hand-blocked loops joined (ii/i, kk/k, jj/j)", optimized as one matrix product (tiled,
             packed matrix-product kernel); the output prints what the original prints
   was: the model kept the block loops as dimensions of their own ("ii <= i < BS + ii and ii mod 32 = 0"), the
        scheduler could not move i without ii, and the region kept its original order (about 1.0x gcc)
   (written for this reproducer, not collected code) */
/* corpus-args: 600 */
#include <stdio.h>
#include <stdlib.h>
#define BS 32
#define MIN(a, b) ((a) < (b) ? (a) : (b))
static inline int imin(int a, int b) { return a < b ? a : b; }

static void mm_load(int n, const double *A, const double *B, double *C)
{
    for (int ii = 0; ii < n; ii += BS)
        for (int kk = 0; kk < n; kk += BS)
            for (int jj = 0; jj < n; jj += BS)
                for (int i = ii; i < imin(ii + BS, n); i++)
                    for (int k = kk; k < imin(kk + BS, n); k++) {
                        double a = A[i * n + k];
                        for (int j = jj; j < imin(jj + BS, n); j++)
                            C[i * n + j] += a * B[k * n + j];
                    }
}

static void mm_acc(int n, const double *A, const double *B, double *C)
{
    for (int ii = 0; ii < n; ii += BS)
        for (int jj = 0; jj < n; jj += BS)
            for (int kk = 0; kk < n; kk += BS)
                for (int i = ii; i < MIN(ii + BS, n); i++)
                    for (int j = jj; j < MIN(jj + BS, n); j++) {
                        double sum = C[i * n + j];
                        for (int k = kk; k < MIN(kk + BS, n); k++)
                            sum += A[i * n + k] * B[k * n + j];
                        C[i * n + j] = sum;
                    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 600;
    double *A = malloc(sizeof(double) * n * n), *B = malloc(sizeof(double) * n * n);
    double *C = calloc((size_t)n * n, sizeof(double)), *D = calloc((size_t)n * n, sizeof(double));
    for (int i = 0; i < n * n; i++) {
        A[i] = (i % 13) * 0.5 - 3;
        B[i] = (i % 7) * 0.25;
    }
    mm_load(n, A, B, C);
    mm_acc(n, B, A, D);
    double s = 0, t = 0;
    for (int i = 0; i < n * n; i++) {
        s += C[i] * (i % 5 + 1);
        t += D[i] * (i % 3 + 1);
    }
    printf("%.6f %.6f\n", s, t);
    return 0;
}
