/* Six perfectly nested loops around one scalar update: every instance
   depends on the one before, the original order is the only legal one. */
int x;
void f(int n) {
  int i0, i1, i2, i3, i4, i5;
#pragma scop
  for (i0 = 0; i0 < n; i0++)
    for (i1 = 0; i1 < n; i1++)
      for (i2 = 0; i2 < n; i2++)
        for (i3 = 0; i3 < n; i3++)
          for (i4 = 0; i4 < n; i4++)
            for (i5 = 0; i5 < n; i5++)
              x++;
#pragma endscop
}
