if (n <= 6)
  for (int c0 = 0; c0 <= 3; c0 += 1)
    for (int c1 = 0; c1 < n; c1 += 1)
      S(c0, c1);
