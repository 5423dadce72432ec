/* deriche-style causal filter over rows with the scalars ym1, ym2, xm1 carried inside one row: the row loop becomes parallel once they are privatized. */
#define W 20
#define H 30
double imgIn[W][H], yo[W][H], y2[W][H];
double a1, a2, a3, a4, b1, b2;
void kernel(void) {
  double ym1, ym2, xm1;
#pragma scop
  for (int i = 0; i < W; i++) {
    ym1 = 0;
    ym2 = 0;
    xm1 = 0;
    for (int j = 0; j < H; j++) {
      yo[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = imgIn[i][j];
      ym2 = ym1;
      ym1 = yo[i][j];
    }
  }
#pragma endscop
}
