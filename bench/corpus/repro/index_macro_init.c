/* repro: an array-access macro used in a local declaration's initializer makes the nest unmodelled,
   with a reason that does not hold (the same access written out is modelled).
   command: tessera opt --explain index_macro_init.c -o out.c
   expected: both functions rewritten alike (the macro's body is a plain affine array access)
   happens: in blk(): note: loop nest left alone: call of macro AT, whose expansion may access memory the
            model does not see (its body reads the element m[...]); blk2() (macro written out) is rewritten.
            Seen in Rodinia's blocked LU (a pivot reciprocal read through an index macro). */
#include <stdio.h>
#define AT(r, c) m[(base + (r)) * ld + base + (c)]
void blk(double *m, int ld, int base)
{
    for (int r = 0; r < 12; r++) {
        double inv = 1.0 / AT(r, r);
        for (int q = r + 1; q < 12; q++)
            AT(q, r) = AT(q, r) * inv;
    }
}
void blk2(double *m, int ld, int base)
{
    for (int r = 0; r < 12; r++) {
        double inv = 1.0 / m[(base + r) * ld + base + r];
        for (int q = r + 1; q < 12; q++)
            m[(base + q) * ld + base + r] = m[(base + q) * ld + base + r] * inv;
    }
}
double u[40 * 40], w[40 * 40];
int main(void)
{
    for (int i = 0; i < 1600; i++) u[i] = w[i] = 1.0 + (i % 9) * 0.5;
    blk(u, 40, 8);
    blk2(w, 40, 8);
    printf("%g %g\n", u[20 * 40 + 10], w[20 * 40 + 10]);
    return 0;
}
