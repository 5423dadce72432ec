package ast

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

func id(s string) *Ident { return NewIdent(s) }
func ci(v int64) *Int    { return NewInt(v) }

// loop is for (it = lo; it <= hi; it += step) body.
func loop(it string, lo, hi Expr, step int64, body Node) *For {
	return &For{Iter: it, Init: lo, Cond: Le(id(it), hi), Inc: ci(step), Body: body}
}

func user(name string, args ...Expr) *User { return &User{Name: name, Args: args} }

func instString(ins []Instance) string {
	var s []string
	for _, in := range ins {
		s = append(s, in.String())
	}
	return strings.Join(s, " ")
}

func TestInterpretTriangle(t *testing.T) {
	// for (c0 = 0; c0 <= n - 1; c0++) for (c1 = 0; c1 <= c0; c1++) S1(c0, c1)
	tree := loop("c0", ci(0), Sub(id("n"), ci(1)), 1,
		loop("c1", ci(0), id("c0"), 1, user("S1", id("c0"), id("c1"))))
	for _, n := range []int64{-3, 0, 1, 4} {
		got, err := Interpret(tree, map[string]int64{"n": n})
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for i := int64(0); i < n; i++ {
			for j := int64(0); j <= i; j++ {
				want = append(want, fmt.Sprintf("S1(%d, %d)", i, j))
			}
		}
		if g, w := instString(got), strings.Join(want, " "); g != w {
			t.Errorf("n=%d: got %s want %s", n, g, w)
		}
	}
}

func TestInterpretTable(t *testing.T) {
	tests := []struct {
		name   string
		tree   Node
		params map[string]int64
		want   string
	}{
		{"minmax-bounds",
			loop("c0", Max(ci(0), Sub(id("m"), ci(3))), Min(Sub(id("n"), ci(1)), id("m")), 1, user("S", id("c0"))),
			map[string]int64{"n": 6, "m": 4}, "S(1) S(2) S(3) S(4)"},
		{"stride",
			loop("c0", ci(1), ci(10), 3, user("S", id("c0"))), nil, "S(1) S(4) S(7) S(10)"},
		{"negative-stride",
			&For{Iter: "c0", Init: ci(3), Cond: Ge(id("c0"), ci(0)), Inc: ci(-2), Body: user("S", id("c0"))},
			nil, "S(3) S(1)"},
		{"floord-negative",
			loop("c0", ci(-4), ci(4), 2, user("S", id("c0"), FloorDiv(id("c0"), ci(3)), CeilDiv(id("c0"), ci(3)),
				Rem(id("c0"), ci(3)), FloorDiv(id("c0"), ci(-3)))),
			nil, "S(-4, -2, -1, -1, 1) S(-2, -1, 0, -2, 0) S(0, 0, 0, 0, 0) S(2, 0, 1, 2, -1) S(4, 1, 2, 1, -2)"},
		{"if-else",
			loop("c0", ci(0), ci(3), 1, &If{Cond: Eq(Rem(id("c0"), ci(2)), ci(0)),
				Then: user("A", id("c0")), Else: user("B", id("c0"))}),
			nil, "A(0) B(1) A(2) B(3)"},
		{"decl-scope",
			NewBlock(&Decl{Name: "x", Value: Mul(id("n"), ci(2))},
				loop("c0", ci(0), ci(1), 1, &Block{Stmts: []Node{
					&Decl{Name: "y", Value: Add(id("x"), id("c0"))},
					user("S", id("y")),
				}})),
			map[string]int64{"n": 5}, "S(10) S(11)"},
		{"mark-transparent",
			&Mark{Name: "parallel", Body: loop("c0", ci(0), ci(1), 1, user("S", id("c0")))},
			nil, "S(0) S(1)"},
		{"short-circuit",
			&If{Cond: Or(Eq(id("n"), ci(0)), Ge(FloorDiv(ci(1), id("n")), ci(0))), Then: user("S")},
			map[string]int64{"n": 0}, "S()"},
		{"select",
			user("S", Select(Gt(id("n"), ci(2)), ci(7), ci(8))), map[string]int64{"n": 3}, "S(7)"},
		{"eager-ops",
			user("S", NewOp(OpAndEager, ci(2), ci(3)), NewOp(OpOrEager, ci(0), ci(0)), Not(ci(5))), nil, "S(1, 0, 0)"},
		{"exact-and-pdivq",
			user("S", ExactDiv(id("n"), ci(-3)), PDivQ(id("m"), ci(4))), map[string]int64{"n": 12, "m": 7}, "S(-4, 1)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := Verify(tt.tree, keys(tt.params)...); err != nil {
				t.Fatalf("verify: %v", err)
			}
			got, err := Interpret(tt.tree, tt.params)
			if err != nil {
				t.Fatal(err)
			}
			if g := instString(got); g != tt.want {
				t.Errorf("got  %s\nwant %s\n%s", g, tt.want, PrintC(tt.tree))
			}
		})
	}
}

func keys(m map[string]int64) []string {
	var s []string
	for k := range m {
		s = append(s, k)
	}
	return s
}

func TestInterpretErrors(t *testing.T) {
	big := ci(math.MaxInt64)
	tests := []struct {
		name   string
		tree   Node
		params map[string]int64
		opts   []Option
		want   error
	}{
		{"iterator-overflow", loop("c0", ci(math.MaxInt64-1), big, 1, user("S")), nil, nil, ErrOverflow},
		{"mul-overflow", user("S", NewOp(OpMul, id("n"), id("n"))), map[string]int64{"n": 1 << 40}, nil, ErrOverflow},
		{"add-overflow", user("S", NewOp(OpAdd, id("n"), big)), map[string]int64{"n": 1}, nil, ErrOverflow},
		{"neg-overflow", user("S", Neg(id("n"))), map[string]int64{"n": math.MinInt64}, nil, ErrOverflow},
		{"floord-overflow", user("S", FloorDiv(id("n"), id("m"))), map[string]int64{"n": math.MinInt64, "m": -1}, nil, ErrOverflow},
		{"div-zero", user("S", FloorDiv(ci(1), id("n"))), map[string]int64{"n": 0}, nil, ErrDivZero},
		{"rem-zero", user("S", Rem(ci(1), id("n"))), map[string]int64{"n": 0}, nil, ErrDivZero},
		{"inexact", user("S", ExactDiv(ci(7), id("n"))), map[string]int64{"n": 2}, nil, ErrDomain},
		{"pdivq-negative", user("S", PDivQ(id("n"), ci(2))), map[string]int64{"n": -1}, nil, ErrDomain},
		{"zero-step", &For{Iter: "c", Init: ci(0), Cond: ci(1), Inc: ci(0), Body: user("S")}, nil, nil, ErrDomain},
		{"budget", loop("c0", ci(0), ci(1000), 1, user("S")), nil, []Option{WithBudget(100)}, ErrBudget},
		{"infinite", &For{Iter: "c", Init: ci(0), Cond: ci(1), Inc: ci(1), Body: NewBlock()}, nil, []Option{WithBudget(1000)}, ErrBudget},
		{"unbound", user("S", id("q")), nil, nil, ErrUnbound},
		{"decl-out-of-scope", NewBlock(&Block{Stmts: []Node{&Decl{Name: "x", Value: ci(1)}}}, user("S", id("x"))), nil, nil, ErrUnbound},
		{"eager-div-zero", user("S", NewOp(OpAndEager, ci(0), FloorDiv(ci(1), id("n")))), map[string]int64{"n": 0}, nil, ErrDivZero},
		{"call-without-hook", user("S", NewCall("f", ci(1))), nil, nil, ErrInvalid},
		{"nil-body", &For{Iter: "c", Init: ci(0), Cond: Le(id("c"), ci(1)), Inc: ci(1)}, nil, nil, ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Interpret(tt.tree, tt.params, tt.opts...)
			if !errors.Is(err, tt.want) {
				t.Fatalf("got error %v, want %v", err, tt.want)
			}
		})
	}
}

func TestInterpretCallHook(t *testing.T) {
	tree := user("S", NewCall("sq", Add(id("n"), ci(1))))
	got, err := Interpret(tree, map[string]int64{"n": 2}, WithCall(func(name string, a []int64) (int64, error) {
		if name != "sq" {
			return 0, fmt.Errorf("unknown %s", name)
		}
		return a[0] * a[0], nil
	}))
	if err != nil || instString(got) != "S(9)" {
		t.Fatalf("got %v, %v", instString(got), err)
	}
}

func TestInstancesHelpers(t *testing.T) {
	a := []Instance{{"S1", []int64{0, 3}}, {"S2", nil}}
	b := []Instance{{"S1", []int64{0, 3}}, {"S2", []int64{}}}
	if !EqualInstances(a, b) || EqualInstances(a, b[:1]) || EqualInstances(a, []Instance{{"S1", []int64{0, 4}}, {"S2", nil}}) {
		t.Error("EqualInstances")
	}
	if g := FormatInstances(a); g != "S1(0, 3)\nS2()\n" {
		t.Errorf("got %q", g)
	}
}
