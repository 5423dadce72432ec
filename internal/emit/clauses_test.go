package emit

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

// TestClausesList: every field prints its clause, in the fields' order,
// the if condition with the helper names given; the zero value prints
// nothing and names no variable.
func TestClausesList(t *testing.T) {
	c := Clauses{
		Private:     []string{"a", "b"},
		LastPrivate: []string{"x"},
		Collapse:    2,
		Schedule:    "static,1",
		Reductions:  []Reduction{{Op: "+", Var: "s"}, {Op: "*", Var: "p", Index: []string{"c0", "c1 + 1"}}},
		If:          ast.Ge(ast.Min(ast.NewIdent("n"), ast.NewIdent("m")), ast.NewInt(4096)),
	}
	got := strings.Join(c.List(HelpersFor("tessera_")), " ")
	want := "private(a, b) lastprivate(x) collapse(2) schedule(static,1) reduction(+:s) reduction(*:p[c0:1][c1 + 1:1]) if(tessera_min(n, m) >= 4096)"
	if got != want {
		t.Errorf("List:\n got %s\nwant %s", got, want)
	}
	if !c.NamesVariables() {
		t.Error("NamesVariables is false with private, lastprivate and reduction clauses")
	}
	var zero Clauses
	if l := zero.List(HelpersFor("")); len(l) != 0 || zero.NamesVariables() {
		t.Errorf("zero Clauses: List %q, NamesVariables %v", l, zero.NamesVariables())
	}
	if (Clauses{Collapse: 1}).List(HelpersFor("")) != nil {
		t.Error("collapse(1) printed")
	}
	for _, c := range []Clauses{{Private: []string{"a"}}, {LastPrivate: []string{"a"}}, {Reductions: []Reduction{{Op: "+", Var: "a"}}}} {
		if !c.NamesVariables() {
			t.Errorf("%q: NamesVariables false", c.List(HelpersFor("")))
		}
	}
	if (Clauses{Collapse: 3, Schedule: "static,1", If: ast.NewInt(0)}).NamesVariables() {
		t.Error("collapse, schedule and if name variables")
	}
}

// TestTextsBody: the calls of Texts print their texts, the others go to
// the wrapped printer; empty Texts give the printer back unchanged.
func TestTextsBody(t *testing.T) {
	a, b := &ast.User{Name: "A"}, &ast.User{Name: "B"}
	body := func(u *ast.User) (string, error) { return u.Name + "();", nil }
	wrapped := Texts{a: "acc = 0;"}.Body(body)
	if got, _ := wrapped(a); got != "acc = 0;" {
		t.Errorf("text of a rewritten call: %q", got)
	}
	if got, _ := wrapped(b); got != "B();" {
		t.Errorf("text of another call: %q", got)
	}
	if got, _ := Texts(nil).Body(body)(a); got != "A();" {
		t.Errorf("nil Texts: %q", got)
	}
}
