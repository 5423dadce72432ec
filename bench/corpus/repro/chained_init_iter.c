/* repro: misleading decline message for a chained initialization (Benchmarks Game spectral-norm pattern).
   command: tessera opt --autoscop chained_init_iter.c -o out.c
   expected: the j loop is modelled (iterator j, init j = 0, sum = 0 a separate assignment) or,
             if refused, a message about the chained assignment in the init
   happens: note: loop nest left alone: for loop increment must step the iterator sum by an
            integer constant (sum++, ...) -- the iterator is j, and j++ is a constant step */
#include <stdio.h>
double v[100], out[100];
int main(void)
{
    int i, j, n = 100;
    double sum;
    for (i = 0; i < n; i++) v[i] = i * 0.5;
    for (i = 0; i < n; i++) {
        for (sum = j = 0; j < n; j++)
            sum += v[j] * (i + 1);
        out[i] = sum;
    }
    printf("%.6e %.6e\n", out[0], out[n - 1]);
    return 0;
}
