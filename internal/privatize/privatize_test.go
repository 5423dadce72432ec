package privatize

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

const kernel = `#define R 40
#define P 48
double A[R][P], B[R][P], C[P][P], t[P];
void k(void) {
#pragma scop
  for (int r = 0; r < R; r++) {
    for (int p = 0; p < P; p++) {
      t[p] = INIT;
      for (int s = 0; s < P; s++)
        t[p] = t[p] + A[r][s] * C[s][p];
    }
    for (int p = 0; p < P; p++)
      B[r][p] = t[p] * 2.0;
  }
#pragma endscop
}
`

// outer runs Outer on the AST of src's original schedule.
func outer(t *testing.T, src string) (ast.Node, *Result) {
	t.Helper()
	return outerEdited(t, src, func(n ast.Node) ast.Node { return n })
}

// TestOuter checks that the r loop runs in parallel with a private t when
// every iteration writes the elements of t it reads, and the typed
// declaration node; and that it does not when an iteration reads a value
// of t from before the loop.
func TestOuter(t *testing.T) {
	n, res := outer(t, strings.Replace(kernel, "INIT", "0.0", 1))
	if len(res.Texts) != 1 || !strings.Contains(strings.Join(res.Notes, "\n"), "private copy of t") {
		t.Fatalf("not privatized: %q", res.Notes)
	}
	decls := 0
	ast.Walk(n, func(x ast.Node) bool {
		if u, ok := x.(*ast.User); ok && IsDecl(u) {
			decls++
			text, _ := res.Body(nil)(u)
			if text != "double t[P];" {
				t.Errorf("declaration %q", text)
			}
		}
		return true
	})
	if decls != 1 {
		t.Errorf("%d declarations in the AST", decls)
	}
	c := ast.PrintC(n)
	if !strings.Contains(c, "sizeof(double) * (P) <= 65536") {
		t.Errorf("no size test:\n%s", c)
	}
	_, res = outer(t, strings.Replace(kernel, "INIT", "t[p] * 0.5", 1))
	if len(res.Texts) != 0 || !strings.Contains(strings.Join(res.Notes, "\n"), "a value of t flows into the loop") {
		t.Errorf("privatized though t flows into the loop: %q", res.Notes)
	}
}
