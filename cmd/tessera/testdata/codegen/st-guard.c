for (int c0 = 0; c0 < n; c0 += 1)
  if (c0 >= 2)
    S(c0);
