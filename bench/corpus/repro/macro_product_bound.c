/* repro: integer-literal macros treated as unknown parameters (TSVC common.c sum_flat_2d_array).
   command: tessera opt macro_product_bound.c -o out.c
   expected: LEN_2D is the integer constant 256, LEN_2D * LEN_2D = 65536 is affine: the loop is modelled
   happens: note: loop nest left alone: loop bound i < LEN_2D * LEN_2D is not affine
            (product LEN_2D * LEN_2D of two non-constant expressions) */
#include <stdio.h>
#define LEN_2D 256
float flat[LEN_2D * LEN_2D];
int main(void)
{
    for (int i = 0; i < LEN_2D * LEN_2D; i++)
        flat[i] = (float)(i % 17);
    for (int i = 0; i < LEN_2D * LEN_2D; i++)
        flat[i] = flat[i] * 2.0f + 1.0f;
    printf("%g %g\n", flat[5], flat[LEN_2D * LEN_2D - 1]);
    return 0;
}
