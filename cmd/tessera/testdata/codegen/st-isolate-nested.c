if (n >= 1)
  for (int c0 = 0; c0 <= 2; c0 += 1) {
    for (int c1 = 0; c1 < n - 3; c1 += 4) {
      S(c0, c1);
      S(c0, c1 + 1);
      S(c0, c1 + 2);
      S(c0, c1 + 3);
    }
    for (int c1 = max(4 * floord(n, 4), 0); c1 < n; c1 += 4)
      for (int c2 = c1; c2 < n; c2 += 1)
        S(c0, c2);
  }
