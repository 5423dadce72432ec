for (int c0 = 0; c0 <= n + 2; c0 += 1) {
  if (n >= c0)
    S(c0);
  if (c0 >= 2)
    T(c0);
}
