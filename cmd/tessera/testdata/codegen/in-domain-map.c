for (int c0 = 0; c0 < n; c0 += 1)
  for (int c1 = c0; c1 < n; c1 += 1)
    S(c1, c0);
