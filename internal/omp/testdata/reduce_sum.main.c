#include <stdio.h>
void kernel(void);
extern double A[20000][9], nrm[8], s;
int main() {
  for (int i = 0; i < 20000; i++) for (int j = 0; j < 9; j++) A[i][j] = ((i * 7 + j * 3) % 11) / 7.0;
  s = 1;
  kernel();
  double t = 0;
  for (int i = 0; i < 20000; i++) for (int j = 0; j < 8; j++) t += A[i][j] * (j + 1);
  printf("%.9e %.9e %.9e\n", s, nrm[3], t);
}
