package scalarize

import (
	"strings"
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

// TestRewrite checks which loops get an accumulator, the texts of the
// rewritten statement and of the added load and store, and that Parts
// names the statement of each added call (typed, not in its name).
func TestRewrite(t *testing.T) {
	for _, tc := range []struct {
		name, nest string
		want       bool
	}{
		{"invariant element", "for (int i = 0; i < n; i++) for (int k = 0; k < n; k++) C[i][0] = C[i][0] + A[i][k];", true},
		{"compound", "for (int i = 0; i < n; i++) for (int k = 0; k < n; k++) C[i][0] += A[i][k] * A[k][i];", true},
		{"parenthesized", "for (int i = 0; i < n; i++) for (int k = 0; k < n; k++) C[i][0] = (C[i][0] - A[i][k]);", true},
		{"right", "for (int i = 0; i < n; i++) for (int k = 0; k < n; k++) C[i][0] = A[i][k] + C[i][0];", false},
		{"chain", "for (int i = 0; i < n; i++) for (int k = 0; k < n; k++) C[i][0] = C[i][0] + A[i][k] + A[k][i];", false},
		{"moving element", "for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) C[i][j] = C[i][j] + A[i][j];", false},
		{"array read elsewhere", "for (int i = 0; i < n; i++) for (int k = 0; k < n; k++) C[i][0] = C[i][0] + C[k][1];", false},
	} {
		src := "double C[40][40], A[40][40];\nvoid k(int n) {\n#pragma scop\n" + tc.nest + "\n#pragma endscop\n}\n"
		s, n := model(t, src)
		st := s.Statements[0]
		print := func(u *ast.User) (string, error) {
			return strings.TrimRight(cfront.FormatStmt(st.Syntax, "", "  ", nil), "\n"), nil
		}
		n, res := Rewrite(n, s, print)
		parts := 0
		ast.Walk(n, func(x ast.Node) bool {
			if u, ok := x.(*ast.User); ok && u.Payload != nil {
				parts++
			}
			return true
		})
		if got := parts == 2; got != tc.want {
			t.Fatalf("%s: accumulator %v, want %v (%d parts)", tc.name, got, tc.want, parts)
		}
		if !tc.want {
			if len(res.Texts) != 0 {
				t.Errorf("%s: texts %v", tc.name, res.Texts)
			}
			continue
		}
		body := res.Body(print)
		var texts []string
		ast.Walk(n, func(x ast.Node) bool {
			if u, ok := x.(*ast.User); ok {
				text, _ := body(u)
				texts = append(texts, text)
				if p := StmtOf(u, map[string]*scop.Statement{st.Name: st}); p != st {
					t.Errorf("%s: %s belongs to %v, want %s", tc.name, u.Name, p, st.Name)
				}
			}
			return true
		})
		want := []string{"__typeof__(C[i][0]) tessera_acc0 = C[i][0];", "tessera_acc0", "C[i][0] = tessera_acc0;"}
		if len(texts) != 3 || texts[0] != want[0] || !strings.HasPrefix(texts[1], want[1]) || texts[2] != want[2] {
			t.Errorf("%s: texts %q", tc.name, texts)
		}
	}
}
