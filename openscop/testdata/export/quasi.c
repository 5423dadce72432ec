/* A quasi-affine subscript (C division by a constant): the access is
   written as a relation with a local dim. A declaration in the region. */
void quasi(int n, double a[1000], double c[1000]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    double t = a[i / 2];
    c[i] = t * t;
  }
#pragma endscop
}
