/* repro: register scalar expanded by --parallel; my own reduction of darknet's gemm_nn pattern.
   command: tessera opt --parallel register_expand.c -o out.c && gcc -O2 -fopenmp out.c -lm
   expected: compiles and prints what the original prints
   happens: gcc: error: expected expression before 'register' in
            (register float *)__builtin_malloc(sizeof(register float) * ...) */
#include <stdio.h>
float A[64][64], B[64][64], C[64][64];
void kernel(int n)
{
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            register float a = 2.0f * A[i][k];
            for (int j = 0; j < n; j++)
                C[i][j] += a * B[k][j];
        }
}
int main(void)
{
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++) { A[i][j] = (float)(i - j); B[i][j] = (float)(i + j) * 0.5f; }
    kernel(64);
    double s = 0;
    for (int i = 0; i < 64; i++) for (int j = 0; j < 64; j++) s += C[i][j] * (j + 1);
    printf("%.6e\n", s);
    return 0;
}
