for (int c0 = 0; c0 < n; c0 += 1)
  S(c0);
