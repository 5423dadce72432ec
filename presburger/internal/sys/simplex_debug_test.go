package sys

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"
)

// checkTableau verifies the tableau invariants against the constraints
// added so far (cons: each row with its kind), by recomputing the sample.
func checkTableau(t *testing.T, tb *tableau, cons [][]int64, eq []bool) {
	t.Helper()
	n := tb.n
	x := make([]*big.Rat, n)
	for i := 0; i < n; i++ {
		num, den := tb.value(i)
		x[i] = big.NewRat(num, den)
	}
	for i, r := range tb.rows {
		if r[0] <= 0 {
			t.Fatalf("row %d den %d", i, r[0])
		}
		u := tb.rowUnk[i]
		if tb.unk[u].pos != i || !tb.unk[u].row {
			t.Fatalf("row %d unknown %d inconsistent", i, u)
		}
		if tb.unk[u].restricted && r[1] < 0 && !tb.empty {
			t.Fatalf("restricted row %d negative", i)
		}
	}
	for c, u := range tb.colUnk {
		if tb.unk[u].pos != c || tb.unk[u].row {
			t.Fatalf("col %d unknown %d inconsistent", c, u)
		}
	}
	if tb.empty {
		return
	}
	for k, r := range cons {
		v := new(big.Rat).SetInt64(r[n])
		for i := 0; i < n; i++ {
			v.Add(v, new(big.Rat).Mul(x[i], big.NewRat(r[i], 1)))
		}
		un, ud := tb.value(n + k)
		if v.Cmp(big.NewRat(un, ud)) != 0 {
			t.Fatalf("constraint %d value %v, unknown says %d/%d", k, v, un, ud)
		}
		if v.Sign() < 0 || (eq[k] && v.Sign() != 0) {
			t.Fatalf("constraint %d violated: %v", k, v)
		}
	}
}

func TestTableauInvariants(t *testing.T) {
	const seed = 21
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < rounds(2000); it++ {
		n := 1 + rng.Intn(4)
		tb := newTableau(n, newBudget("test"))
		var cons [][]int64
		var eqs []bool
		var marks []int
		for step := 0; step < 30; step++ {
			switch op := rng.Intn(6); {
			case op < 3 || len(marks) == 0:
				marks = append(marks, tb.snapshot())
				r := randRow(rng, n, 3, 6)
				isEq := rng.Intn(5) == 0
				if isEq {
					tb.addEq(r)
				} else {
					tb.addIneq(r)
				}
				cons = append(cons, r)
				eqs = append(eqs, isEq)
			case op == 3:
				obj := randRow(rng, n, 3, 3)
				if !tb.empty {
					tb.optimum(obj, int64(2*rng.Intn(2)-1))
				}
			default:
				m := marks[len(marks)-1]
				marks = marks[:len(marks)-1]
				tb.rollback(m)
				cons, eqs = cons[:len(cons)-1], eqs[:len(eqs)-1]
			}
			if len(tb.unk) != n+len(cons) {
				t.Fatalf("it %d step %d: %d unknowns for %d constraints", it, step, len(tb.unk), len(cons))
			}
			checkTableau(t, tb, cons, eqs)
			if msg := tb.check(); msg != "" {
				t.Fatalf("seed %d it %d step %d: %s", seed, it, step, msg)
			}
			// Emptiness agrees with Fourier-Motzkin.
			s := New(n)
			for k, r := range cons {
				if eqs[k] {
					s.AddEq(r)
				} else {
					s.AddIneq(r)
				}
			}
			if want := newRatProb(s.Clone()).eliminate(0, newBudget("t")); want != tb.empty {
				t.Fatalf("seed %d it %d step %d: empty %v, FM %v for %v", seed, it, step, tb.empty, want, s)
			}
		}
	}
}

// check verifies the tableau against the original rows of its unknowns.
func (t *tableau) check() string {
	n := t.n
	x := make([]*big.Rat, n)
	for i := 0; i < n; i++ {
		num, den := t.value(i)
		x[i] = big.NewRat(num, den)
	}
	for u := n; u < len(t.unk); u++ {
		r := t.unk[u].orig
		v := new(big.Rat).SetInt64(r[n])
		for i := 0; i < n; i++ {
			v.Add(v, new(big.Rat).Mul(x[i], big.NewRat(r[i], 1)))
		}
		un, ud := t.value(u)
		if v.Cmp(big.NewRat(un, ud)) != 0 {
			return fmt.Sprintf("unknown %d value %v, tableau says %d/%d", u, v, un, ud)
		}
		if !t.empty && t.unk[u].restricted && v.Sign() < 0 && u != len(t.unk)-1 {
			return fmt.Sprintf("unknown %d negative %v", u, v)
		}
	}
	return ""
}

// TestTableauPivotInvariants runs the branch and bound searches with a
// check of the whole tableau after every pivot.
func TestTableauPivotInvariants(t *testing.T) {
	pivotHook = func(tb *tableau, where string) {
		if msg := tb.check(); msg != "" {
			panic(msg)
		}
	}
	defer func() { pivotHook = nil }()
	const seed = 22
	rng := rand.New(rand.NewSource(seed))
	for it := 0; it < rounds(80); it++ {
		s, _ := randTestSystem(rng, rng.Intn(3) > 0)
		if r := catch(func() {
			simplexLexMin(s, newBudget("test"))
			simplexMin(s, randRow(rng, s.NVars, 3, 3), newBudget("test"))
			Enumerate(s, s.NVars, func([]int64) bool { return true })
		}); r != nil {
			t.Fatalf("seed %d it %d: %v on %v", seed, it, r, s)
		}
	}
}
