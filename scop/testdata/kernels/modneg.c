/* negations and conjunctions of modulo tests, on negative iterators too */
void modneg(int n, double A[100], double B[100])
{
#pragma scop
  for (int i = -n; i < n; i++) {
    if (!((i % 2 == 1 || i % 2 == 0)) && i > 0)
      A[i + 50] = 1.0;
    if (i % 3 != 1 && i % 3 != 0)
      A[i + 50] = 2.0;
    if (!(i % 3 == 1) && !(i % 3 == -1))
      B[i + 50] = 3.0;
    if ((i % 4 == 1 || i % 4 == -3) && !(i % 2 == 0))
      B[i + 50] = 4.0;
    if (!(i % 2 == 1 || i % 3 != 0 || i < 0))
      A[i + 50] = 5.0;
  }
#pragma endscop
}
