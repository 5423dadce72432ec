if (n >= 1)
  for (int c0 = 0; c0 <= 1; c0 += 1) {
    S(c0, 0);
    if (n >= 2)
      S(c0, 1);
    if (n >= 3)
      S(c0, 2);
    for (int c1 = 3; c1 < n; c1 += 1)
      S(c0, c1);
  }
