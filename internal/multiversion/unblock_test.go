package multiversion

import (
	"errors"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/scop"
)

// TestUnblock checks which hand-blocked nests Unblock joins (the joined
// loops and the condition it gives) and which it refuses, and why.
func TestUnblock(t *testing.T) {
	for _, tc := range []struct {
		name, decls, body string
		blocks, cond      string // the joined pairs and Cond when joined
		err               string // a part of the error otherwise ("none": ErrNoBlocks)
	}{
		{"min bounds", "int n, double *a, double *b",
			"for (int ii = 0; ii < n; ii += 8) for (int jj = 0; jj < n; jj += 8) for (int i = ii; i < min(ii + 8, n); i++) for (int j = jj; j < min(jj + 8, n); j++) b[j * n + i] = a[i * n + j];",
			"ii/i, jj/j", "", ""},
		{"block end only", "int n, double *a",
			"for (int ii = 0; ii < n; ii += 4) for (int i = ii; i < ii + 4; i++) a[i] = a[i] + 1;",
			"ii/i", "(n - 0) % 4 == 0", ""},
		{"ternary bound, start 2", "int n, double *a",
			"for (int ii = 2; ii < n; ii += 4) for (int i = ii; i < (ii + 4 < n ? ii + 4 : n); i++) a[i] = 2 * a[i];",
			"ii/i", "", ""},
		{"scalar between the blocks", "int n, double *a, double *b, double *c",
			"for (int ii = 0; ii < n; ii += 8) for (int kk = 0; kk < n; kk += 8) for (int i = ii; i < min(ii + 8, n); i++) for (int k = kk; k < min(kk + 8, n); k++) { double x = a[i * n + k]; for (int jj = 0; jj < n; jj++) c[i * n + jj] += x * b[k * n + jj]; }",
			"ii/i, kk/k", "", ""},
		{"no block loop", "int n, double *a",
			"for (int i = 0; i < n; i++) a[i] = 1;", "", "", "none"},
		{"block iterator in the body", "int n, double *a",
			"for (int ii = 0; ii < n; ii += 4) for (int i = ii; i < min(ii + 4, n); i++) a[i] = ii;", "", "", "none"},
		{"iterators declared before, bounds as conjunctions", "int n, double *a",
			"int jj, j; for (jj = 0; jj < n; jj += 4) for (j = jj; j < jj + 4 && j < n; j++) a[j] = 1;", "jj/j", "", ""},
		{"size differs from the step", "int n, double *a",
			"for (int ii = 0; ii < n; ii += 4) for (int i = ii; i < min(ii + 8, n); i++) a[i] = a[i] + 1;", "", "", "none"},
		{"other bound", "int n, int m, double *a",
			"for (int ii = 0; ii < n; ii += 4) for (int i = ii; i < min(ii + 4, m); i++) a[i] = a[i] + 1;", "", "", "none"},
		{"statement outside the element loop", "int n, double *a",
			"for (int ii = 0; ii < n; ii += 4) { a[ii] = 0; for (int i = ii; i < min(ii + 4, n); i++) a[i] = 1; }", "", "", "none"},
		{"blocking that changes the result", "int n, double S[40][40]",
			"for (int ii = 0; ii < n; ii += 8) for (int j = 0; j < n - 1; j++) for (int i = ii; i < min(ii + 8, n); i++) S[i + 1][j] = S[i][j + 1] * 0.5;",
			"", "", "the blocked order is not the joined one's"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "#define min(a, b) ((a) < (b) ? (a) : (b))\nvoid f(" + tc.decls + ") {\n" +
				strings.ReplaceAll(strings.ReplaceAll(tc.body, "{", "{\n"), ";", ";\n") + "\n}\n"
			src = strings.Replace(src, "{\n", "{\n#pragma scop\n", 1)
			src = src[:strings.LastIndex(src, "}")] + "#pragma endscop\n}\n"
			f, r := region(t, src)
			u, err := Unblock(f, r, scop.Config{})
			switch {
			case tc.err == "none":
				if !errors.Is(err, ErrNoBlocks) {
					t.Fatalf("got %v, %v; want no blocks", u, err)
				}
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
