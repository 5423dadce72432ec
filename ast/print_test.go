package ast

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// printCases are hand-built trees printed by PrintC and Dump into
// testdata/print/<name>.golden.
func printCases() map[string]Node {
	n := id("n")
	return map[string]Node{
		"simple-loop": loop("c0", ci(0), Sub(n, ci(1)), 1, user("S1", id("c0"))),
		"nest-block": loop("c0", ci(0), Sub(n, ci(1)), 1, NewBlock(
			user("S1", id("c0")),
			loop("c1", Max(ci(0), Sub(id("c0"), ci(3))), Min(Sub(n, ci(1)), Add(id("c0"), ci(3))), 1,
				user("S2", id("c0"), id("c1"))))),
		"if-else-chain": &If{Cond: Ge(n, ci(10)), Then: user("A"),
			Else: &If{Cond: Ge(n, ci(5)), Then: user("B"), Else: NewBlock(user("C"), user("D"))}},
		"if-then-nested-if": &If{Cond: Ge(n, ci(0)),
			Then: &If{Cond: Ge(n, ci(5)), Then: user("A")}, Else: user("B")},
		"tile": loop("c0", ci(0), FloorDiv(Sub(n, ci(1)), ci(32)), 1,
			loop("c1", Mul(ci(32), id("c0")), Min(Sub(n, ci(1)), Add(Mul(ci(32), id("c0")), ci(31))), 1,
				user("S1", id("c1"), Rem(id("c1"), ci(4))))),
		"decl-and-mark": NewBlock(
			&Decl{Name: "t0", Value: FloorDiv(n, ci(2))},
			&Mark{Name: "parallel", Body: loop("c0", ci(0), id("t0"), 2,
				&Mark{Name: "simd", Body: user("S1", id("c0"), ExactDiv(id("c0"), ci(2)))}),
			},
			&If{Cond: And(Ge(n, ci(1)), Or(Eq(Rem(n, ci(2)), ci(0)), Lt(n, ci(3)))), Then: NewBlock(
				&Block{Stmts: []Node{&Decl{Name: "t1", Value: Select(Gt(n, ci(3)), n, ci(3))}, user("S2", id("t1"))}},
				user("S3"))}),
		"dangling-else": &If{Cond: Ge(n, ci(0)), Then: &Mark{Name: "m",
			Body: &If{Cond: Ge(n, ci(5)), Then: user("A"), Else: user("B")}}},
		"empty-body":     &For{Iter: "c0", Init: ci(0), Cond: Le(id("c0"), n), Inc: ci(1), Body: NewBlock()},
		"negative-step":  &For{Iter: "c0", Init: n, Cond: Ge(id("c0"), ci(0)), Inc: ci(-1), Body: user("S", id("c0"))},
		"for-body-decls": loop("c0", ci(0), n, 1, &Block{Stmts: []Node{&Decl{Name: "x", Value: Mul(ci(2), id("c0"))}, user("S", id("x"))}}),
	}
}

func TestPrintGolden(t *testing.T) {
	for name, tree := range printCases() {
		t.Run(name, func(t *testing.T) {
			params := []string{"n"}
			if err := Verify(tree, params...); err != nil {
				t.Fatalf("verify: %v", err)
			}
			got := "-- C --\n" + PrintC(tree) + "-- dump --\n" + Dump(tree)
			path := filepath.Join("testdata", "print", name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs:\n--- got\n%s--- want\n%s", path, got, want)
			}
			// Copy gives an equal, independent tree.
			c := Copy(tree)
			if !EqualNode(c, tree) || PrintC(c) != PrintC(tree) {
				t.Errorf("copy differs")
			}
		})
	}
}

func TestPrinterHooks(t *testing.T) {
	tree := loop("c0", ci(0), id("n"), 1, &Mark{Name: "simd", Body: user("S", id("c0"))})
	p := &Printer{Base: 1, IterType: "long", Indent: "\t",
		User: func(u *User) (string, error) { return "A[" + ExprC(u.Args[0]) + "] = 0;", nil },
		Mark: func(m *Mark) ([]string, error) { return []string{"#pragma omp " + m.Name}, nil },
	}
	got, err := p.Print(tree)
	if err != nil {
		t.Fatal(err)
	}
	want := "\tfor (long c0 = 0; c0 <= n; c0 += 1) {\n\t\t#pragma omp simd\n\t\tA[c0] = 0;\n\t}\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestVerify(t *testing.T) {
	good := loop("c0", ci(0), id("n"), 1, user("S", id("c0")))
	tests := []struct {
		name string
		tree Node
		ok   bool
	}{
		{"good", good, true},
		{"unbound", loop("c0", ci(0), id("m"), 1, user("S")), false},
		{"reassigned-iterator", loop("c0", ci(0), id("n"), 1, loop("c0", ci(0), id("n"), 1, user("S"))), false},
		{"iterator-in-init", loop("c0", id("c0"), id("n"), 1, user("S")), false},
		{"shadow-param", loop("n", ci(0), ci(1), 1, user("S")), false},
		{"nil-body", &For{Iter: "c0", Init: ci(0), Cond: ci(0), Inc: ci(1)}, false},
		{"nil-cond", &If{Then: user("S")}, false},
		{"nil-stmt", &Block{Stmts: []Node{nil}}, false},
		{"bad-name", loop("0c", ci(0), id("n"), 1, user("S")), false},
		{"keyword-name", NewBlock(&Decl{Name: "int", Value: ci(1)}), false},
		{"decl-dup", NewBlock(&Decl{Name: "x", Value: ci(1)}, &Decl{Name: "x", Value: ci(2)}), false},
		{"decl-sibling-scopes", NewBlock(
			&Block{Stmts: []Node{&Decl{Name: "x", Value: ci(1)}, user("S", id("x"))}},
			&Block{Stmts: []Node{&Decl{Name: "x", Value: ci(2)}, user("S", id("x"))}}), true},
		{"decl-used-before", NewBlock(user("S", id("x")), &Decl{Name: "x", Value: ci(1)}), false},
		{"bad-arity", user("S", &Op{Kind: OpAdd, Args: []Expr{ci(1)}}), false},
		{"empty-user", user(""), false},
		{"user-hidden", loop("S", ci(0), id("n"), 1, user("S", id("S"))), false},
		{"call-hidden", loop("f", ci(0), id("n"), 1, user("S", NewCall("f", id("f")))), false},
		{"call-free", loop("c0", ci(0), id("n"), 1, user("S", NewCall("f", id("c0")))), true},
	}
	for _, tt := range tests {
		err := Verify(tt.tree, "n")
		if (err == nil) != tt.ok {
			t.Errorf("%s: got %v, want ok=%v", tt.name, err, tt.ok)
		}
	}
}

func TestWalk(t *testing.T) {
	var users int
	Walk(printCases()["decl-and-mark"], func(n Node) bool {
		if _, ok := n.(*User); ok {
			users++
		}
		return true
	})
	if users != 3 {
		t.Errorf("got %d users, want 3", users)
	}
}
