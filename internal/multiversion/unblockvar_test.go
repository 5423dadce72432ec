package multiversion

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/scop"
)

// TestUnblockVar checks the hand-blocked nests whose block size is a
// variable: which Unblock joins (the pairs and the run-time condition,
// the sizes first) and which it refuses, and why.
func TestUnblockVar(t *testing.T) {
	for _, tc := range []struct {
		name, decls, body string
		blocks, cond      string // the joined pairs and Cond when joined
		err               string // a part of the error otherwise
	}{
		{"matrix product, min bounds", "int n, int bs, double *a, double *b, double *c",
			"for (int ii = 0; ii < n; ii += bs) for (int kk = 0; kk < n; kk += bs) for (int jj = 0; jj < n; jj += bs) for (int i = ii; i < min(ii + bs, n); i++) for (int k = kk; k < min(kk + bs, n); k++) for (int j = jj; j < min(jj + bs, n); j++) c[i * n + j] += a[i * n + k] * b[k * n + j];",
			"ii/i, kk/k, jj/j", "bs >= 1", ""},
		{"two sizes, conjunctions, ii = ii + bs", "int n, int m, int bi, int bj, double *a, double *b",
			"for (int ii = 0; ii < n; ii = ii + bi) for (int jj = 0; jj < m; jj += bj) for (int i = ii; i < ii + bi && i < n; i++) for (int j = jj; j < m && j < bj + jj; j++) b[j * n + i] = a[i * m + j];",
			"ii/i, jj/j", "bi >= 1 && bj >= 1", ""},
		{"block end only", "int n, int bs, double *a",
			"for (int ii = 0; ii < n; ii += bs) for (int i = ii; i < ii + bs; i++) a[i] = a[i] + 1;",
			"ii/i", "bs >= 1 && (n - 0) % bs == 0", ""},
		{"constant and variable", "int n, int bs, double *a, double *b",
			"for (int ii = 0; ii < n; ii += 8) for (int jj = 0; jj < n; jj += bs) for (int i = ii; i < min(ii + 8, n); i++) for (int j = jj; j < min(jj + bs, n); j++) b[j * n + i] = a[i * n + j];",
			"ii/i, jj/j", "bs >= 1", ""},
		{"size written in the region", "int n, int bs, double *a",
			"for (int ii = 0; ii < n; ii += bs) for (int i = ii; i < min(ii + bs, n); i++) { a[i] = a[i] + 1; bs = 4; }",
			"", "", "written"},
		{"size of a floating type", "int n, double bs, double *a",
			"for (int ii = 0; ii < n; ii += bs) for (int i = ii; i < min(ii + bs, n); i++) a[i] = a[i] + 1;",
			"", "", "not a variable of a signed integer type"},
		{"size of an unsigned type", "int n, unsigned bs, double *a",
			"for (int ii = 0; ii < n; ii += bs) for (int i = ii; i < min(ii + bs, n); i++) a[i] = a[i] + 1;",
			"", "", "not a variable of a signed integer type"},
		{"a dependence backward along a blocked loop", "int n, int bs, double S[40][40]",
			"for (int ii = 0; ii < n; ii += bs) for (int j = 0; j < n - 1; j++) for (int i = ii; i < min(ii + bs, n); i++) S[i + 1][j] = S[i][j + 1] * 0.5;",
			"", "", "goes backward along i"},
		{"a wavefront", "int n, int bs, double S[40][40]",
			"for (int ii = 1; ii < n; ii += bs) for (int jj = 1; jj < n; jj += bs) for (int i = ii; i < min(ii + bs, n); i++) for (int j = jj; j < min(jj + bs, n); j++) S[i][j] = S[i - 1][j] + S[i][j - 1];",
			"ii/i, jj/j", "bs >= 1", ""},
		{"an anti-diagonal dependence", "int n, int bs, double S[40][40]",
			"for (int ii = 1; ii < n - 1; ii += bs) for (int jj = 1; jj < n - 1; jj += bs) for (int i = ii; i < min(ii + bs, n - 1); i++) for (int j = jj; j < min(jj + bs, n - 1); j++) S[i][j] = S[i - 1][j + 1] + 1;",
			"", "", "goes backward along j"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "#define min(a, b) ((a) < (b) ? (a) : (b))\nvoid f(" + tc.decls + ") {\n" +
				strings.ReplaceAll(strings.ReplaceAll(tc.body, "{", "{\n"), ";", ";\n") + "\n}\n"
			src = strings.Replace(src, "{\n", "{\n#pragma scop\n", 1)
			src = src[:strings.LastIndex(src, "}")] + "#pragma endscop\n}\n"
			f, r := region(t, src)
			u, err := Unblock(f, r, scop.Config{})
			switch {
			case tc.err != "":
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got %v; want an error with %q", err, tc.err)
				}
			case err != nil:
				t.Fatalf("not joined: %v\n%s", err, src)
			default:
				if got := strings.Join(u.Blocks, ", "); got != tc.blocks {
					t.Errorf("joined %s, want %s", got, tc.blocks)
				}
				if u.Cond != tc.cond {
					t.Errorf("condition %q, want %q", u.Cond, tc.cond)
				}
			}
		})
	}
}
