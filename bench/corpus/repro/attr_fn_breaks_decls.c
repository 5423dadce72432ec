/* repro: a function definition with an attribute before its name (embench's
   `static int __attribute__ ((noinline)) benchmark_body(...)`) breaks the file-level declarations
   that follow it: A, B, C below are no longer known as arrays.
   command: tessera opt --explain attr_fn_breaks_decls.c -o out.c
   expected: both nests rewritten, as they are when ` __attribute__ ((noinline))` is deleted
   happens: warning: region kept as it was: the rows of A, C, B are reached through pointers, so whether
            A and C, B and C may overlap cannot be checked at run time (--assume-noalias optimizes it anyway);
            --explain: "the element type of C is unknown". Misleading (A, B, C are global 2-d arrays), and
            in embench matmult_int.c (same attribute, plus a typedef'd array type `matrix`) the nests after
            it get no region and no diagnostic at all. */
#include <stdio.h>
static int __attribute__ ((noinline)) twice(int n)
{
    return 2 * n;
}
long A[64][64], B[64][64], C[64][64];
void kernel(void)
{
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++) {
            C[i][j] = 0;
            for (int k = 0; k < 64; k++)
                C[i][j] += A[i][k] * B[k][j];
        }
}
int main(void)
{
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++) { A[i][j] = i + j; B[i][j] = i - j; }
    kernel();
    printf("%ld %ld\n", C[1][2], C[63][63] + twice(1));
    return 0;
}
