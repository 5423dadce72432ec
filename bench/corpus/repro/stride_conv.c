/* repro: convolution and pooling layers whose subscripts multiply the iterators by a stride parameter
   (in[(c*H + p*u + r)*W + q*u + t]) were refused as non-affine (issue 26).
   command: tessera opt --explain=short stride_conv.c -o out.c   (also --parallel; --versions=none: the old behaviour)
   expected: both layers rewritten, "specialized on u"; the output runs versions for u == 1 and u == 2 and the
             original code for u == 3, and prints what the original prints for u = 1, 2, 3
   was: "non-affine subscript in[...] (not delinearized: the parameter products W, u, H*W, W*u of its
        subscripts are not one chain n, n*m, ...)", both regions kept
   (written for this reproducer, not collected code; the corpus copy is /work/corpus/synth/conv_stride.c) */
#include <stdio.h>
#include <stdlib.h>

static void conv(int C, int K, int H, int W, int R, int u, int OH, int OW,
                 float *in, float *wt, float *out)
{
    for (int k = 0; k < K; k++)
        for (int p = 0; p < OH; p++)
            for (int q = 0; q < OW; q++) {
                float s = 0;
                for (int c = 0; c < C; c++)
                    for (int r = 0; r < R; r++)
                        for (int t = 0; t < R; t++)
                            s += in[(c * H + p * u + r) * W + q * u + t] * wt[((k * C + c) * R + r) * R + t];
                out[(k * OH + p) * OW + q] = s;
            }
}

static void pool(int C, int H, int W, int u, int OH, int OW, float *in, float *out)
{
    for (int c = 0; c < C; c++)
        for (int p = 0; p < OH; p++)
            for (int q = 0; q < OW; q++) {
                float m = in[(c * H + p * u) * W + q * u];
                for (int r = 0; r < 2; r++)
                    for (int t = 0; t < 2; t++) {
                        float v = in[(c * H + p * u + r) * W + q * u + t];
                        m = v > m ? v : m;
                    }
                out[(c * OH + p) * OW + q] = m;
            }
}

int main(void)
{
    int C = 32, K = 64, H = 72, W = 72, R = 3;
    float *in = malloc(sizeof(float) * C * H * W), *wt = malloc(sizeof(float) * K * C * R * R);
    float *out = malloc(sizeof(float) * K * H * W), *po = malloc(sizeof(float) * C * H * W);
    for (int i = 0; i < C * H * W; i++) in[i] = (float)((i * 7) % 13) / 13.0f - 0.5f;
    for (int i = 0; i < K * C * R * R; i++) wt[i] = (float)((i * 5) % 11) / 11.0f - 0.5f;
    for (int u = 1; u <= 3; u++) {
        int OH = (H - R) / u + 1, OW = (W - R) / u + 1;
        for (int rep = 0; rep < 6; rep++)
            conv(C, K, H, W, R, u, OH, OW, in, wt, out);
        int PH = (H - 2) / u + 1, PW = (W - 2) / u + 1;
        for (int rep = 0; rep < 6; rep++)
            pool(C, H, W, u, PH, PW, in, po);
        double s = 0, t = 0;
        for (int i = 0; i < K * OH * OW; i++) s += out[i] * (double)(i % 7 + 1);
        for (int i = 0; i < C * PH * PW; i++) t += po[i] * (double)(i % 5 + 1);
        printf("u=%d %.6e %.6e\n", u, s, t);
    }
    return 0;
}
