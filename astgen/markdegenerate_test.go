package astgen

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/schedule"
)

// TestMarkOnDegenerateMember: a mark above a band whose first member is
// constant on the domain (no loop is generated for it) is dropped: passes
// that read the mark take the loop its body starts with, which would be
// the next member's (a parallel mark landed on a loop carrying a
// dependence; found by progfuzz).
func TestMarkOnDegenerateMember(t *testing.T) {
	for _, tc := range []struct {
		yaml string
		mark bool
	}{
		{`domain: "[n] -> { S[i, j] : 0 <= i < n and j = 5 }"
child:
  mark: "parallel"
  child:
    schedule: "[{ S[i, j] -> [(j)] }]"
    child:
      schedule: "[{ S[i, j] -> [(i)] }]"
`, false},
		{`domain: "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }"
child:
  mark: "parallel"
  child:
    schedule: "[{ S[i, j] -> [(j)] }]"
    child:
      schedule: "[{ S[i, j] -> [(i)] }]"
`, true},
	} {
		tr, err := schedule.ParseYAML(tc.yaml)
		if err != nil {
			t.Fatal(err)
		}
		n, err := Generate(tr, Config{})
		if err != nil {
			t.Fatal(err)
		}
		code := ast.PrintC(n)
		found := false
		ast.Walk(n, func(x ast.Node) bool {
			if m, ok := x.(*ast.Mark); ok && m.Name == "parallel" {
				found = true
			}
			return true
		})
		if found != tc.mark {
			t.Errorf("mark kept %v, want %v:\n%s", found, tc.mark, code)
		}
		if !strings.Contains(code, "S(") {
			t.Errorf("no statement:\n%s", code)
		}
	}
}
