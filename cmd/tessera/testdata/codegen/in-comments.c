for (int c0 = 0; c0 < n; c0 += 1) {
  S1(c0);
  S2(c0);
}
