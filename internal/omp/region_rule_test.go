package omp

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/internal/emit"
)

// somePayload is a node of another pass (its text may declare storage).
type somePayload struct{}

func (somePayload) String() string { return "other pass" }
func (somePayload) Part() bool     { return false }

// TestRegionRule checks hoistRegions' rule on hand-built trees: which
// sequential loops get a parallel region, where the single constructs
// go, and how an if clause becomes two versions.
func TestRegionRule(t *testing.T) {
	id := func(s string) ast.Expr { return &ast.Ident{Name: s} }
	s := func(name string, args ...string) *ast.User {
		u := &ast.User{Name: name}
		for _, a := range args {
			u.Args = append(u.Args, id(a))
		}
		return u
	}
	pm := func(f *ast.For) *ast.Mark { return &ast.Mark{Name: "parallel", Body: f} }
	constLoop := func(iter string, trip int64, body ast.Node) *ast.For {
		return &ast.For{Iter: iter, Init: ast.NewInt(0), Cond: ast.Lt(id(iter), ast.NewInt(trip)), Inc: ast.NewInt(1), Body: body}
	}
	ifLoops := map[string]ast.Expr{}
	tests := []struct {
		name string
		in   func() ast.Node
		want []string // substrings of the printed result, in order
		none bool     // no region
	}{
		{"time loop", func() ast.Node {
			return loop("t", &ast.Block{Stmts: []ast.Node{pm(loop("i", s("S0", "t", "i"))), pm(loop("i", s("S1", "t", "i")))}})
		}, []string{"// parallel region\nfor (int t", "// parallel\n  for (int i", "// parallel\n  for (int i"}, false},
		{"statements between", func() ast.Node {
			return loop("t", &ast.Block{Stmts: []ast.Node{
				pm(loop("i", s("S0", "t", "i"))),
				&ast.Decl{Name: "inv0", Value: ast.Add(id("t"), ast.NewInt(1))},
				s("S1", "t"), s("S2", "inv0"),
				pm(loop("i", s("S3", "t", "i")))}})
		}, []string{"// parallel region", "// parallel\n  for", "const int inv0 = t + 1;\n  // single\n  {\n    S1(t);\n    S2(inv0);\n  }", "// parallel\n  for"}, false},
		{"more singles than loops", func() ast.Node {
			return loop("t", &ast.Block{Stmts: []ast.Node{s("S0", "t"), pm(loop("i", s("S1", "t", "i"))), s("S2", "t")}})
		}, nil, true},
		{"statements in an inner sequential loop: the region goes there", func() ast.Node {
			return loop("t", &ast.Block{Stmts: []ast.Node{pm(loop("i", s("S0", "t", "i"))),
				loop("k", &ast.Block{Stmts: []ast.Node{s("S1", "k"), pm(loop("i", s("S2", "k", "i")))}}),
				pm(loop("i", s("S3", "t", "i")))}})
		}, []string{"for (int t", "// parallel\n  for (int i", "// parallel region\n  for (int k", "// single\n    S1(k);"}, false},
		{"a node of another pass", func() ast.Node {
			return loop("t", &ast.Block{Stmts: []ast.Node{&ast.User{Name: "decl", Payload: somePayload{}}, pm(loop("i", s("S0", "t", "i"))), pm(loop("i", s("S1", "t", "i")))}})
		}, nil, true},
		{"few fork-joins", func() ast.Node {
			return constLoop("t", 3, &ast.Block{Stmts: []ast.Node{pm(loop("i", s("S0", "t", "i"))), pm(loop("i", s("S1", "t", "i")))}})
		}, nil, true},
		{"enough fork-joins", func() ast.Node {
			return constLoop("t", 4, &ast.Block{Stmts: []ast.Node{pm(loop("i", s("S0", "t", "i"))), pm(loop("i", s("S1", "t", "i")))}})
		}, []string{"// parallel region"}, false},
		{"not canonical", func() ast.Node {
			f := loop("i", s("S0", "t", "i"))
			f.Cond = ast.Lt(ast.Mul(id("i"), id("i")), id("N"))
			return loop("t", pm(f))
		}, nil, true},
		{"the outermost loop", func() ast.Node {
			return loop("a", loop("t", pm(loop("i", s("S0", "t", "i")))))
		}, []string{"// parallel region\nfor (int a", "for (int t", "// parallel\n    for (int i"}, false},
		{"inner loop when the outer one cannot", func() ast.Node {
			return loop("a", &ast.Block{Stmts: []ast.Node{&ast.User{Name: "x", Payload: somePayload{}}, loop("t", pm(loop("i", s("S0", "t", "i"))))}})
		}, []string{"for (int a", "// parallel region\n  for (int t"}, false},
		{"if clause: two versions", func() ast.Node {
			ifLoops["i1"] = ast.Ge(ast.Sub(id("N"), id("t")), ast.NewInt(4096))
			return loop("t", pm(loop("i1", s("S0", "t", "i1"))))
		}, []string{"// parallel region\nfor (int t", "if (N - t >= 4096) {\n    // parallel\n    for (int i1", "} else\n    // single\n    for (int i1"}, false},
		{"invariant if clause: the region under it", func() ast.Node {
			ifLoops["i3"] = ast.Ge(id("N"), ast.NewInt(4096))
			return loop("t", pm(loop("i3", s("S0", "t", "i3"))))
		}, []string{"if (N >= 4096) {\n  // parallel region\n  for (int t", "} else\n  for (int t = 0; t < N; t += 1)\n    for (int i3"}, false},
		{"if clause 0: one thread", func() ast.Node {
			f := loop("i2", s("S0", "t", "i2"))
			ifLoops["i2"] = ast.NewInt(0)
			return loop("t", &ast.Block{Stmts: []ast.Node{pm(f), pm(loop("i", s("S1", "t", "i")))}})
		}, []string{"// parallel region", "// single\n  for (int i2", "// parallel\n  for (int i"}, false},
		{"versions on an invariant condition", func() ast.Node {
			c := ast.Ge(ast.Mul(id("N"), id("N")), ast.NewInt(MinParallelWork))
			v := func(name string) ast.Node {
				return &ast.If{Cond: c, Then: pm(loop("i", s(name, "t", "i"))), Else: loop("i", s(name, "t", "i"))}
			}
			return loop("t", &ast.Block{Stmts: []ast.Node{v("S0"), s("S1", "t"), v("S2")}})
		}, []string{"if (N * N >= 262144) {\n  // parallel region\n  for (int t", "} else\n  for (int t"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := tc.in()
			got, notes := hoistRegions(n, func(f *ast.For) ast.Expr { return ifLoops[f.Iter] }, func(f *ast.For) { delete(ifLoops, f.Iter) })
			text := ast.PrintC(got)
			regions := strings.Count(text, "// "+emit.RegionMark)
			if tc.none {
				if regions != 0 || len(notes) != 0 {
					t.Fatalf("want no region, got %v\n%s", notes, text)
				}
				return
			}
			if regions != 1 || len(notes) != 1 {
				t.Fatalf("want one region, got %d (notes %v)\n%s", regions, notes, text)
			}
			rest := text
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("no %q (in order) in\n%s", w, text)
				}
				rest = rest[i+len(w):]
			}
			if err := ast.Verify(got, "N"); err != nil {
				t.Errorf("verify: %v\n%s", err, text)
			}
		})
	}
}
