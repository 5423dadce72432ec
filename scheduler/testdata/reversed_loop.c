/* Regression: a loop running downwards (j--) after a cut; the linear independence constraint used to forbid its reversed hyperplane -j, so no schedule was found (deriche, adi, ludcmp, nussinov kept their original schedule). */
int W, H; double yb[100][100], imgIn[100][100], a3, a4, b1, b2;
void k(void) {
#pragma scop
  for (int i = 0; i < W; i++) {
    yb[i][H - 1] = 0;
    yb[i][H - 2] = a3 * imgIn[i][H - 1];
    for (int j = H - 3; j >= 0; j--)
      yb[i][j] = a3 * imgIn[i][j + 1] + a4 * imgIn[i][j + 2] + b1 * yb[i][j + 1] + b2 * yb[i][j + 2];
  }
#pragma endscop
}
