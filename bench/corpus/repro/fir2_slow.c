/* repro: the scheduler spends tens of seconds on a small two-deep filter loop whose inner loop
   consumes two taps per trip and carries two partial sums and two samples in scalars.
   command: tessera opt --explain fir2_slow.c -o out.c   (all flows; --noexpand does not help)
   expected: well under a second (2 loops, 10 statements, 6 scalars)
   happens: "scheduler 63.432s" in --explain (22 s CPU, 117 s wall on the loaded machine at 3967266);
            at 8a11daa it did not finish in 60 s; the region ends with its original order anyway */
void filt(const short in[], const short coef[], long out[])
{
    long t, k, acc_a, acc_b;
    short v0, v1, c0, c1;
    for (k = 0; k < 100; k += 2) {
        acc_a = 0;
        acc_b = 0;
        v0 = in[k];
        for (t = 0; t < 32; t += 2) {
            v1 = in[k + t + 1];
            c0 = coef[t];
            acc_a += v0 * c0;
            acc_b += v1 * c0;
            v0 = in[k + t + 2];
            c1 = coef[t + 1];
            acc_a += v1 * c1;
            acc_b += v0 * c1;
        }
        out[k] = acc_a >> 15;
        out[k + 1] = acc_b >> 15;
    }
}
#include <stdio.h>
int main(void)
{
    short in[200], coef[40];
    long out[100];
    for (int i = 0; i < 200; i++) in[i] = (short)(i * 7 % 13);
    for (int i = 0; i < 40; i++) coef[i] = (short)(i % 5);
    filt(in, coef, out);
    printf("%ld %ld\n", out[0], out[99]);
    return 0;
}
