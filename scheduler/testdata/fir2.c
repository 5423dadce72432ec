/* Two-tap FIR filter (corpus/repro/fir2_slow.c): the inner loop consumes
   two taps per trip and carries two partial sums and two samples in
   scalars. */
void filt(const short in[], const short coef[], long out[])
{
    long t, k, acc_a, acc_b;
    short v0, v1, c0, c1;
#pragma scop
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
#pragma endscop
}
