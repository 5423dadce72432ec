// inner
for (int c0 = 0; c0 <= 1; c0 += 1)
  B(c0);
for (int c0 = 0; c0 <= 1; c0 += 1)
  A(c0);
