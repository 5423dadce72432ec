package cfront

import (
	"strings"
	"testing"
)

// TestLoopHint checks which directive lines count as hints on the loop
// that follows (dropped from a SCoP) and which stay errors.
func TestLoopHint(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"#pragma ivdep", true},
		{"#  pragma GCC ivdep", true},
		{"#pragma GCC unroll 4", true},
		{"#pragma unroll(8)", true},
		{"#pragma nounroll", true},
		{"#pragma vector always", true},
		{"#pragma clang loop vectorize(enable)", true},
		{"#pragma omp simd", true},
		{"#pragma omp simd reduction(+:s)", true},
		{"#pragma omp parallel for", false}, // the user's threads: the region stays as written
		{"#pragma omp parallel for private (j,k) schedule(static)", false},
		{"#pragma omp for", false},      // needs a parallel region opened outside
		{"#pragma omp parallel", false}, // every thread would run the loop
		{"#pragma omp critical", false}, // not a loop hint
		{"#pragma omp simd \\", false},  // continued: not read
		{"#pragma ivdep /* x */", false},
		{"#pragma GCC optimize(\"O3\")", false},
		{"#pragma scop", false},
		{"#define X 1", false},
		{"#pragma", false},
	} {
		if got := loopHint(c.text); got != c.want {
			t.Errorf("loopHint(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestLoopHintRegion checks that a region whose loops carry hints parses
// to the same statements as the region without them, and that a hint
// not followed by a loop, or an unknown directive, is still refused.
func TestLoopHintRegion(t *testing.T) {
	body := `for (t = 0; t < T; t++) {
%s
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
%s
      for (k = 0; k < N; k++)
        A[(t + 1) %% 2][i][j][k] = A[t %% 2][i][j][k] * 0.5;
    }
}`
	wrap := func(s string) string {
		return "#define N 8\n#define T 3\ndouble A[2][N][N][N];\nvoid f(void) {\n  int t, i, j, k;\n#pragma scop\n" + s + "\n#pragma endscop\n}\n"
	}
	parse := func(src string) (*File, error) {
		return ParseFile("t.c", []byte(src), Config{})
	}
	plain, err := parse(wrap(strings.ReplaceAll(strings.ReplaceAll(body, "%s\n", ""), "%%", "%")))
	if err != nil || len(plain.Regions) != 1 {
		t.Fatalf("plain region: %v", err)
	}
	hinted := strings.Replace(body, "%s", "#pragma GCC unroll 2", 1)
	hinted = strings.Replace(hinted, "%s", "#pragma ivdep", 1)
	hinted = strings.ReplaceAll(hinted, "%%", "%")
	got, err := parse(wrap(hinted))
	if err != nil || len(got.Regions) != 1 {
		t.Fatalf("hinted region: %v", err)
	}
	format := func(f *File) string {
		var b strings.Builder
		for _, s := range f.Regions[0].Body {
			b.WriteString(FormatStmt(s, "", "  ", func(string) (string, bool) { return "", false }))
		}
		return b.String()
	}
	if a, b := format(plain), format(got); a != b {
		t.Errorf("hints change the statements:\n%s\nvs\n%s", a, b)
	}
	for _, bad := range []string{
		"#pragma ivdep\nA[0][0][0][0] = 1;",                           // not before a loop
		"#pragma omp for\nfor (i = 0; i < N; i++) A[0][0][0][i] = 1;", // shares a loop of an outer parallel region
		"#pragma omp parallel for\nfor (i = 0; i < N; i++) A[0][0][0][i] = 1;",
		"#pragma omp parallel\nfor (i = 0; i < N; i++) A[0][0][0][i] = 1;",
	} {
		_, err := parse(wrap(bad))
		if err == nil || !strings.Contains(err.Error(), "preprocessor directive inside a SCoP region") {
			t.Errorf("%q: got %v, want the directive error", bad, err)
		}
	}
}
