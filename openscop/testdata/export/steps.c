/* A step of 3 (a local dim in the domain), a negative step (-i in the
   scattering), a scalar (an access with the array identifier only). */
void steps(int n, double a[1000], double b[1000], double s) {
#pragma scop
  for (int i = 1; i < n; i += 3)
    a[i] = a[i - 1] * s;
  for (int i = n - 1; i >= 0; i--) {
    s = s + b[i];
    b[i] = s;
  }
#pragma endscop
}
