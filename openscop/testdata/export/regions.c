/* Two regions: one document each. The second has no parameter. */
void regions(int n, double a[100], double b[10][10]) {
#pragma scop
  for (int i = 0; i < n; i++)
    a[i] = 0;
#pragma endscop
#pragma scop
  for (int i = 0; i < 10; i++)
    for (int j = i; j < 10; j++)
      b[i][j] = b[j][i] + 1;
#pragma endscop
}
