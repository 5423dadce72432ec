for (int c0 = 0; c0 <= 3; c0 += 1) {
  S(c0);
  if (c0 >= 2)
    T(c0);
}
