package astgen

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

func TestHooks(t *testing.T) {
	tr := mustTree(t, `domain: "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }"
child:
  schedule: "[{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]"
  coincident: [ 1, 0 ]
`)
	var fors []ForInfo
	var doms []DomainInfo
	cfg := Config{
		AtEachFor: func(f *ast.For, info ForInfo) {
			fors = append(fors, info)
			f.Annotations = append(f.Annotations, "seen")
		},
		AtEachDomain: func(u *ast.User, info DomainInfo) ast.Node {
			doms = append(doms, info)
			u.Args = append(u.Args, ast.NewInt(7))
			return u
		},
	}
	node, err := Generate(tr, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(fors) != 2 || fors[0].Depth != 1 || fors[1].Depth != 0 || !fors[1].Coincident || fors[0].Coincident {
		t.Errorf("AtEachFor calls %+v", fors)
	}
	if len(doms) != 1 || doms[0].Statement != "S" || len(doms[0].Iterators) != 2 {
		t.Errorf("AtEachDomain calls %+v", doms)
	}
	f, ok := node.(*ast.For)
	if !ok || !f.Parallel || len(f.Annotations) != 1 {
		t.Fatalf("outer node %T %+v", node, node)
	}
	got, err := ast.Interpret(node, map[string]int64{"n": 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 || len(got[0].Args) != 3 || got[0].Args[2] != 7 {
		t.Errorf("instances %v", got)
	}
}

func TestBudget(t *testing.T) {
	tr := mustTree(t, treeCases[3].yaml)
	_, err := Generate(tr, Config{Budget: 10})
	if !errors.Is(err, ErrBudget) {
		t.Fatalf("Generate with a tiny budget: %v, want ErrBudget", err)
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"domain: \"{ S[i] : i <= 0 }\"\nchild:\n  schedule: \"[{ S[i] -> [(i)] }]\"\n", "unbounded"},
		{"domain: \"{ S[i] : 0 <= i < 4 }\"\nchild:\n  extension: \"{ [x] -> T[] }\"\n", "extension"},
	} {
		tr := mustTree(t, c.src)
		_, err := Generate(tr, Config{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Generate(%q) = %v, want an error mentioning %q", c.src, err, c.want)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "astgen: ") {
			t.Errorf("error %q lacks the package prefix", err)
		}
	}
}

func TestFromScheduleMapIsolate(t *testing.T) {
	sched := mustUnionMap(t, "[n] -> { S[i] -> [4*floor(i/4), i] : 0 <= i < n }")
	iso := mustSet(t, "[n] -> { [t, i] : 0 <= t and t + 3 < n }")
	opts := Options{Isolate: &iso, IsolateDims: []schedule.ASTOption{schedule.OptionDefault, schedule.OptionUnroll}}
	node, err := FromScheduleMap(sched, presburger.Set{}, opts, Config{})
	if err != nil {
		t.Fatal(err)
	}
	code := ast.PrintC(node)
	if !strings.Contains(code, "S(c0 + 3);") {
		t.Errorf("isolated part not unrolled:\n%s", code)
	}
	for _, pv := range paramValues([]string{"n"}, 0, 10) {
		if err := checkOrder(t, node, expectedOrder(t, sched, pv), pv); err != nil {
			t.Fatalf("params %v: %v\n%s", pv, err, code)
		}
	}
}

func TestExtension(t *testing.T) {
	tr := mustTree(t, `domain: "{ S[i] : 0 <= i < 4 }"
child:
  schedule: "[{ S[i] -> [(i)] }]"
  child:
    extension: "{ [i] -> T[i] : i mod 2 = 0 }"
    child:
      sequence:
      - filter: "{ S[i] }"
      - filter: "{ T[i] }"
`)
	node, err := Generate(tr, Config{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := ast.Interpret(node, nil)
	if err != nil {
		t.Fatal(err)
	}
	var s []string
	for _, in := range got {
		s = append(s, in.String())
	}
	if want := "S(0) T(0) S(1) S(2) T(2) S(3)"; strings.Join(s, " ") != want {
		t.Fatalf("got %s, want %s\n%s", strings.Join(s, " "), want, ast.PrintC(node))
	}
}

func TestDomainExpr(t *testing.T) {
	tr := mustTree(t, `domain: "[n] -> { S[i] : 0 <= i < n }"
child:
  schedule: "[{ S[i] -> [(i)] }]"
  options: "[n] -> { isolate[[] -> [i]] : 1 <= i }"
`)
	acc, err := presburger.ParseMap("[n] -> { S[i] -> A[n - 1, 2i + 1] : i = 0; S[i] -> A[i - 1, 2i + 1] : i > 0 }")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	cfg := Config{AtEachDomain: func(u *ast.User, info DomainInfo) ast.Node {
		es, err := info.Expr(acc)
		if err != nil {
			t.Fatal(err)
		}
		var parts []string
		for _, e := range es {
			parts = append(parts, ast.ExprC(e))
		}
		got = append(got, strings.Join(parts, "; "))
		return u
	}}
	if _, err := Generate(tr, cfg); err != nil {
		t.Fatal(err)
	}
	want := []string{"n - 1; 1", "c0 - 1; 2 * c0 + 1"}
	if strings.Join(got, " | ") != strings.Join(want, " | ") {
		t.Fatalf("accesses %q, want %q", got, want)
	}
}

// A dim without an upper bound gives a loop with the condition 1 (as isl
// does); the finite part before it is generated as usual.
func TestUnboundedAbove(t *testing.T) {
	sched := mustUnionMap(t, "[n] -> { A[i] -> [i, 0] : 0 <= i < n; B[i] -> [i, 1] : i >= 2 }")
	node, err := FromScheduleMap(sched, mustSet(t, "[n] -> { : n >= 0 }"), Options{}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	code := ast.PrintC(node)
	if !strings.Contains(code, "; 1; c0 += 1)") {
		t.Fatalf("no unbounded loop in\n%s", code)
	}
	// The first instances, in order, until the budget stops the loop.
	got, _ := ast.Interpret(node, map[string]int64{"n": 3}, ast.WithBudget(200))
	want := []string{"A[0]", "A[1]", "A[2]", "B[2]", "B[3]", "B[4]"}
	if len(got) < len(want) {
		t.Fatalf("%d instances before the budget, want at least %d\n%s", len(got), len(want), code)
	}
	for i, w := range want {
		if g := fmt.Sprintf("%s%v", got[i].Name, got[i].Args); g != strings.ReplaceAll(w, ",", " ") {
			t.Fatalf("instance %d = %s, want %s\n%s", i, g, w, code)
		}
	}
}

// With the separate option, a parameter condition under which only an
// inner loop is empty does not split the outer loop (isl's explicit
// separation bounds): one outer loop, each statement written once.
func TestSeparateExplicitBounds(t *testing.T) {
	sched := mustUnionMap(t, "[m, n] -> { T[i] -> [i, 0, 0] : 0 <= i < n; U[i, j] -> [i, j, 1] : 0 <= i < n and 1 <= j <= m }")
	opts := Options{Dims: []schedule.ASTOption{schedule.OptionSeparate, schedule.OptionSeparate, schedule.OptionSeparate}}
	node, err := FromScheduleMap(sched, mustSet(t, "[m, n] -> { : }"), opts, Config{})
	if err != nil {
		t.Fatal(err)
	}
	code := ast.PrintC(node)
	if strings.Count(code, "T(") != 1 || strings.Count(code, "U(") != 1 || strings.HasPrefix(code, "if") {
		t.Fatalf("separate split the outer loop on a parameter:\n%s", code)
	}
}
