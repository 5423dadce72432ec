/* repro: loops over size_t are refused with an error and exit status 1 (ubiquitous idiom in C libraries).
   command: tessera opt sizet_loop.c -o out.c; echo $?
   expected: both loops optimized (unsigned iterators with a lower bound 0 and i < n cannot wrap), or at
             least a note (not an error: nothing is wrong with the input), exit 0
   happens: exit 1;
     sizet_loop.c:13:5: error: emit: i has type size_t; the generated iterators would need an unsigned or non-integer type (not supported); the region is kept as it was
     sizet_loop.c:18:5: error: emit: n has type size_t; ... (an int iterator compared with a size_t bound) */
#include <stdio.h>
#include <stddef.h>
float x[1000], y[1000];
void saxpy(size_t n, float a, float *xx, float *yy)
{
    for (size_t i = 0; i < n; i++)
        yy[i] = a * xx[i] + yy[i];
}
void saxpy2(size_t n, float a)
{
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}
int main(void)
{
    for (int i = 0; i < 1000; i++) { x[i] = i; y[i] = 1; }
    saxpy(1000, 2.0f, x, y);
    saxpy2(1000, 0.5f);
    printf("%g %g\n", y[0], y[999]);
    return 0;
}
