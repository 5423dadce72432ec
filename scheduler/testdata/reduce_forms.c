/* Updates written in the forms of scop's recognizer other than x += e
   and x = x + e: each loop is parallel as a reduction. t = e - t is no
   update. */
#define N 40
#define M 30
double A[M][N], s1, s2, s3, s4, s5, p1, t;
void kernel(void) {
#pragma scop
  for (int i = 0; i < M; i++)
    s1 = A[i][0] + s1;
  for (int i = 0; i < M; i++)
    s2 -= A[i][1];
  for (int i = 0; i < M; i++)
    s3 = s3 - A[i][2];
  for (int i = 0; i < M; i++)
    s4 = s4 + A[i][3] + A[i][4];
  for (int i = 0; i < M; i++)
    s5 = (s5) + (A[i][5] * A[i][6]);
  for (int i = 0; i < M; i++)
    p1 = A[i][7] * p1;
  for (int i = 0; i < M; i++)
    t = A[i][8] - t;
#pragma endscop
}
