/* repro: a loop testing an optional pointer argument is refused with a reason about array ranks.
   command: tessera opt --explain null_test_ptr.c -o out.c
   expected: a note naming the real obstacle (pointer w used as a value in `w ? w[k] : 1`), or the loop
             modelled under the run-time condition w != 0
   happens: note: loop nest left alone: w is accessed with 1 subscripts here and 0 elsewhere (inconsistent array rank)
            (seen in darknet's blas kernels, which take optional arrays) */
#include <stdio.h>
void blend(int n, const float *p, const float *w, float *r)
{
    for (int k = 0; k < n; k++)
        r[k] = p[k] * (w ? w[k] : 1.0f);
}
int main(void)
{
    float p[30], w[30], r[30];
    for (int k = 0; k < 30; k++) { p[k] = k; w[k] = 0.5f; }
    blend(30, p, w, r);
    float s = r[29];
    blend(30, p, 0, r);
    printf("%g %g\n", s, r[29]);
    return 0;
}
