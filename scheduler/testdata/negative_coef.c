/* A dependence of distance (1, -j): row i reads the element 2j of row i-1,
   written at iteration (i-1, 2j). Every hyperplane h with h.(1,-j) >= 0 for
   all j has h_j <= 0, so with non-negative coefficients the only row is i
   (bands of one loop); with j reversed, (i, -j) is a permutable band. */
int N; double A[200][400];
void k(void) {
#pragma scop
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[i - 1][2 * j] * 0.5 + 1.0;
#pragma endscop
}
