/* repro: a local scalar holding an affine index makes the nest unmodelled (darknet mean_cpu,
   variance_cpu, normalize_cpu, l2normalize_cpu, shortcut_cpu, forward_maxpool_layer: `int index = ...;`).
   command: tessera opt --autoscop affine_index_temp.c -o out.c
   expected: idx is forward-substituted (it is an affine function of i and j, written before each use
             in the same iteration), and the nest is modelled
   happens: note: loop nest left alone: write to idx, which is used as a parameter at 16:24
            (non-affine subscript x[idx]; loop bounds, conditions and subscripts need values constant in the region) */
#include <stdio.h>
float x[64 * 64], y[64 * 64];
int main(void)
{
    for (int i = 0; i < 64 * 64; i++) x[i] = (float)(i % 13);
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++) {
            int idx = i * 64 + j;
            y[idx] = x[idx] * 2.0f + 1.0f;
        }
    printf("%g %g\n", y[5], y[64 * 64 - 1]);
    return 0;
}
