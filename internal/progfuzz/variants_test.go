package progfuzz

import "testing"

func TestForceParallel(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"  if (N >= 2097152) {", "  if (N >= -2147483647) {"},
		{"    if (2 * min(max(N, 0), 2147483648) >= 2097152) {", "    if (2 * min(max(N, 0), 2147483648) >= -2147483647) {"},
		{"#pragma omp parallel for reduction(+:s) if(M >= 4096)", "#pragma omp parallel for reduction(+:s) if(M >= -2147483647)"},
		{"  if (N <= 262143)", "  if (N <= -2147483647)"},
		{"  if (N >= 100)", "  if (N >= 100)"},
		{"  A[i] = 40960 >= N;", "  A[i] = 40960 >= N;"}, // not a condition line
	} {
		in, want := "#pragma scop\n"+c.in+"\n#pragma endscop", "#pragma scop\n"+c.want+"\n#pragma endscop"
		if got := forceParallel(in); got != want {
			t.Errorf("forceParallel(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	outside := "if (count <= 4096)\n#pragma scop\n#pragma endscop\nif (N >= 4096)"
	if got := forceParallel(outside); got != outside {
		t.Errorf("forceParallel changed lines outside the region: %q", got)
	}
}

func TestReverseParallel(t *testing.T) {
	for _, c := range []struct {
		in, want string
		n        int
	}{
		{"  #pragma omp parallel for private(x)\n  for (int c0 = max(1, a); c0 <= inv1; c0 += 1) {\n",
			"  for (int c0 = (inv1); c0 >= (max(1, a)) && c0 <= (inv1); c0 -= 1) {\n", 1},
		{"#pragma omp parallel for collapse(2)\nfor (c1 = 0; c1 < N - 1; c1 += 1)\n",
			"for (c1 = ((N - 1) - 1); c1 >= (0) && c1 <= ((N - 1) - 1); c1 -= 1)\n", 1},
		{"#pragma omp parallel for lastprivate(s0)\nfor (int c0 = 0; c0 < N; c0 += 1)\n",
			"#pragma omp parallel for lastprivate(s0)\nfor (int c0 = 0; c0 < N; c0 += 1)\n", 0},
		{"#pragma omp parallel for\nfor (int c0 = 2; c0 < M; c0 += 2)\n",
			"for (int c0 = (2) + ((((M) - 1) - (2)) / 2) * 2; c0 >= (2) && c0 <= ((M) - 1); c0 -= 2)\n", 1},
	} {
		got, n := reverseParallel(c.in)
		if got != c.want || n != c.n {
			t.Errorf("reverseParallel(%q) = %q, %d, want %q, %d", c.in, got, n, c.want, c.n)
		}
	}
}

// TestReverseBounds checks the reversed loop's bounds by brute force: it
// visits the same values as the forward loop (Go's / truncates like C's).
func TestReverseBounds(t *testing.T) {
	for lb := int64(-6); lb <= 6; lb++ {
		for ub := int64(-6); ub <= 6; ub++ {
			for step := int64(1); step <= 3; step++ {
				var fwd, rev []int64
				for x := lb; x <= ub; x += step {
					fwd = append(fwd, x)
				}
				init := ub
				if step != 1 {
					init = lb + ((ub-lb)/step)*step
				}
				for x := init; x >= lb && x <= ub; x -= step {
					rev = append([]int64{x}, rev...)
				}
				if len(fwd) != len(rev) {
					t.Fatalf("lb %d ub %d step %d: forward %v, reversed %v", lb, ub, step, fwd, rev)
				}
				for i := range fwd {
					if fwd[i] != rev[i] {
						t.Fatalf("lb %d ub %d step %d: forward %v, reversed %v", lb, ub, step, fwd, rev)
					}
				}
			}
		}
	}
}
