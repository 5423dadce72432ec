void f(int R, int Q, int P, double A[R][Q][P], double C4[P][P], double sum[P])
{
#pragma scop
  for (int r = 0; r < R; r++)
    for (int q = 0; q < Q; q++) {
      for (int p = 0; p < P; p++)
        sum[p] = 0;
      for (int p = 0; p < P; p++)
        for (int s = 0; s < P; s++)
          sum[p] = sum[p] + A[r][q][s] * C4[s][p];
      for (int p = 0; p < P; p++)
        A[r][q][p] = sum[p];
    }
#pragma endscop
}
