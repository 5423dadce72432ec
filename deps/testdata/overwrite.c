/* a temporary overwritten at every t: value-based flow stays inside one t */
void overwrite(int T, int N, double A[T][N], double B[T][N], double tmp[N])
{
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int i = 0; i < N; i++)
      tmp[i] = A[t][i];
    for (int i = 0; i < N; i++)
      B[t][i] = tmp[i] + tmp[N - 1 - i];
  }
#pragma endscop
}
