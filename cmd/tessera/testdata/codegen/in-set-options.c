for (int c0 = 0; c0 < n; c0 += 1) {
  if (c0 <= 2)
    for (int c1 = 0; c1 < n; c1 += 1)
      S(c0, c1);
  if (c0 >= 3)
    for (int c1 = 1; c1 < n; c1 += 1)
      S(c0, c1);
}
