for (int c0 = 0; c0 <= 2; c0 += 1)
  if (12 * floord(s + 8 * c0, 12) + 3 >= s + 8 * c0)
    S(c0, (s + 8 * c0) % 12, floord(s + 8 * c0, 12) - c0);
