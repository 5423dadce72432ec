for (int c0 = 0; c0 <= 2; c0 += 1)
  for (int c1 = 0; c1 <= 1; c1 += 1)
    S_1(c1, c0);
