for (int c0 = 0; c0 < 2 * n - 1; c0 += 2)
  S(c0 / 2);
