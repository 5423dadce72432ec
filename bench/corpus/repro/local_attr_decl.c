/* repro: a GNU attribute on a local array declaration makes the nest look like a syntax error
   (seen in Rodinia nw: block-local arrays declared with an alignment attribute).
   command: tessera opt --autoscop local_attr_decl.c -o out.c
   expected: the inner nests are modelled (attribute ignored or kept), or a note that names the
             unsupported construct (a local array / an attribute), not a parse error
   happens: note: loop nest left alone: expected ';' after declaration, found '__attribute__' */
#include <stdio.h>
float a[64 * 16], out[64 * 16];
int main(void)
{
    for (int i = 0; i < 64 * 16; i++) a[i] = (float)(i % 9);
    for (int b = 0; b < 64; b++) {
        float tmp[16] __attribute__((aligned(64)));
        for (int i = 0; i < 16; i++) tmp[i] = a[b * 16 + i];
        for (int i = 0; i < 16; i++) out[b * 16 + i] = tmp[i] * 2.0f;
    }
    printf("%g %g\n", out[3], out[64 * 16 - 1]);
    return 0;
}
