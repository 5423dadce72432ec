for (int c0 = 0; c0 <= 1; c0 += 1)
  for (int c1 = 0; c1 < 2 * len - 1; c1 += 2) {
    if (c1 / 2 >= c1) {
      S_0(c0, c1 / 2);
      stmt_12(c0, 0, c1 / 2);
    }
    if (c1 >= 4 * floord(c1, 4) + 1)
      stmt_12(c0, 0, c1 / 2);
    if (c1 % 4 == 0 && c1 >= c1 / 2 + 1)
      stmt_12(c0, 0, c1 / 2);
    if (c1 % 4 == 0)
      for (int c2 = max(c1, (c1 + 2) / 2); c2 <= min(c1 + 3, len - 1); c2 += 1)
        S_0(c0, c2);
  }
