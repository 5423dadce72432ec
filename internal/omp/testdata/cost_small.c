/* Constant sizes below the thresholds: no OpenMP region at all. */
double A[64][64], B[64][64], C[64][64];
void kernel(void) {
#pragma scop
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      for (int k = 0; k < 64; k++)
        C[i][j] = C[i][j] + A[i][k] * B[k][j];
#pragma endscop
}
