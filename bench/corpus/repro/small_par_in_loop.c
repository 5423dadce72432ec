/* repro: --parallel puts an unguarded `#pragma omp parallel for` on a small non-unit-step loop (6400 trips
   of 5 unrolled updates) that an outer loop, not a SCoP (it calls a function), runs 16000 times.
   command: tessera opt --parallel --explain small_par_in_loop.c -o out.c && gcc -O2 -fopenmp out.c && OMP_NUM_THREADS=2 ./a.out
   expected: no parallel loop, or the run-time work guard tessera gives unit-step loops ("parallel loops
             only when ... >= 2097152"); run time close to the original
   happens: --explain: "parallel: work not estimated (a loop is not a unit-step canonical loop), taken as worth
            it (outermost)"; 16000 fork/joins: original 0.41 s wall / 0.10 s user, output 31.8 s wall / 7.6 s
            user on the shared 2-core machine (load ~20); a TSVC bundle (loop s351) went over 60 s this way */
#include <stdio.h>
#define N 32000
float y[N], x[N];
__attribute__((noinline)) int sink(float *v) { return v[0] > 1e30f; }
int main(void)
{
    for (int k = 0; k < N; k++) { y[k] = 1.0f / (k + 1); x[k] = (float)(k % 7); }
    float s = 0.001f;
    for (int rep = 0; rep < 16000; rep++) {
        for (int k = 0; k < N; k += 5) {
            y[k] += s * x[k];
            y[k + 1] += s * x[k + 1];
            y[k + 2] += s * x[k + 2];
            y[k + 3] += s * x[k + 3];
            y[k + 4] += s * x[k + 4];
        }
        sink(y);
    }
    double t = 0;
    for (int k = 0; k < N; k++) t += y[k];
    printf("%.6e\n", t);
    return 0;
}
