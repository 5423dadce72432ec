package ccguard

import (
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/astgen"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/scop"
)

// model returns the model of the one region of src and the AST of its
// original schedule.
func model(t *testing.T, src string) (*scop.Scop, ast.Node) {
	t.Helper()
	f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
	if f == nil || err != nil || len(f.Regions) != 1 {
		t.Fatalf("parse: %v", err)
	}
	s, err := scop.FromRegion(f, f.Regions[0], scop.Config{File: "t.c"})
	if err != nil {
		t.Fatalf("scop: %v", err)
	}
	n, err := astgen.Generate(s.Schedule, astgen.Config{})
	if err != nil {
		t.Fatalf("astgen: %v", err)
	}
	return s, n
}

// TestInsert checks which loops get a guard, that the guards are known
// by node (Is) and printed by Body, and that other calls print their own
// text.
func TestInsert(t *testing.T) {
	for _, tc := range []struct {
		name, nest string
		guards     int
	}{
		{"sliding subscript", "for (int i = 2; i < n; i++) for (int j = 0; j <= m; j++) B[i + j] = D[i] + C[i + j];", 1},
		{"sliding bounds", "for (int i = 2; i < n; i++) for (int j = i - 1; j <= i + m; j++) B[j] = D[i] + C[j];", 1},
		{"rows apart", "for (int i = 2; i < n; i++) for (int j = 0; j < 8; j++) A[i][j] = D[i] + C[j];", 0},
		{"read-modify-write", "for (int i = 2; i < n; i++) for (int j = 0; j <= m; j++) B[i] = B[i] + C[j];", 0},
		{"one loop", "for (int i = 2; i < n; i++) B[i] = D[i];", 0},
	} {
		src := "double A[400][8], B[400], C[400], D[400];\nvoid k(int n, int m) {\n#pragma scop\n" + tc.nest + "\n#pragma endscop\n}\n"
		s, n := model(t, src)
		n, g := Insert(n, s)
		if g.Count() != tc.guards {
			t.Errorf("%s: %d guards, want %d:\n%s", tc.name, g.Count(), tc.guards, ast.PrintC(n))
		}
		body := g.Body(func(u *ast.User) (string, error) { return u.Name + "();", nil })
		found := 0
		ast.Walk(n, func(x ast.Node) bool {
			if u, ok := x.(*ast.User); ok {
				text, _ := body(u)
				if Is(u) {
					found++
					if text != outerVecGuardText {
						t.Errorf("%s: guard prints %q", tc.name, text)
					}
				} else if text != u.Name+"();" {
					t.Errorf("%s: statement %s prints %q", tc.name, u.Name, text)
				}
			}
			return true
		})
		if found != tc.guards {
			t.Errorf("%s: %d guard nodes in the AST, want %d", tc.name, found, tc.guards)
		}
	}
	var none *Guards
	if none.Count() != 0 || Is(&ast.User{Name: outerVecGuardName}) {
		t.Errorf("a nil Guards has guards, or a name makes a guard")
	}
}
