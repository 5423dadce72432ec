package presburger

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// randText generates random isl text over the variables in scope.
type randText struct {
	rng   *rand.Rand
	scope []string
	nEx   int
}

func (g *randText) atom() string {
	v := g.scope[g.rng.IntN(len(g.scope))]
	switch g.rng.IntN(10) {
	case 0:
		return fmt.Sprintf("floor((%s)/%d)", g.affine(), g.rng.IntN(3)+2)
	case 1:
		return fmt.Sprintf("(%s) mod %d", g.affine(), g.rng.IntN(3)+2)
	case 2:
		return fmt.Sprintf("ceil((%s)/%d)", g.affine(), g.rng.IntN(3)+2)
	case 3:
		return fmt.Sprintf("min(%s, %s)", g.affine(), g.affine())
	case 4:
		return fmt.Sprintf("max(%s, %s)", g.affine(), g.affine())
	}
	return v
}

func (g *randText) affine() string {
	var terms []string
	for range g.rng.IntN(2) + 1 {
		c := g.rng.IntN(5) - 2
		if c == 0 {
			c = 1
		}
		v := g.scope[g.rng.IntN(len(g.scope))]
		if g.rng.IntN(4) == 0 {
			terms = append(terms, fmt.Sprintf("%d*(%s)", c, g.atomNoRec()))
		} else {
			terms = append(terms, fmt.Sprintf("%d%s", c, v))
		}
	}
	terms = append(terms, strconv.Itoa(g.rng.IntN(7)-3))
	return strings.Join(terms, " + ")
}

func (g *randText) atomNoRec() string {
	v := g.scope[g.rng.IntN(len(g.scope))]
	switch g.rng.IntN(3) {
	case 0:
		return fmt.Sprintf("floor(%s/%d)", v, g.rng.IntN(3)+2)
	case 1:
		return fmt.Sprintf("%s mod %d", v, g.rng.IntN(3)+2)
	}
	return v
}

func (g *randText) expr() string {
	if g.rng.IntN(3) == 0 {
		return g.atom()
	}
	return g.affine()
}

func (g *randText) formula(depth int) string {
	if depth == 0 || g.rng.IntN(3) == 0 {
		ops := []string{"<=", "<", ">=", ">", "=", "!="}
		return g.expr() + " " + ops[g.rng.IntN(len(ops))] + " " + g.expr()
	}
	switch g.rng.IntN(6) {
	case 0:
		return "(" + g.formula(depth-1) + ") or (" + g.formula(depth-1) + ")"
	case 1:
		return "not (" + g.formula(depth-1) + ")"
	case 2:
		if g.nEx < 2 {
			e := fmt.Sprintf("e%d", g.nEx)
			g.nEx++
			g.scope = append(g.scope, e)
			body := g.formula(depth - 1)
			g.scope = g.scope[:len(g.scope)-1]
			return fmt.Sprintf("exists (%s : -3 <= %s <= 3 and (%s))", e, e, body)
		}
	case 3:
		return "(" + g.formula(depth-1) + ") implies (" + g.formula(depth-1) + ")"
	}
	return g.formula(depth-1) + " and " + g.formula(depth-1)
}

// TestParseRandomFormulas parses random formulas and checks them against
// the syntax-tree oracle, before and after a print/parse round trip.
func TestParseRandomFormulas(t *testing.T) {
	n := 150
	if s := os.Getenv("TESSERA_LONG"); s != "" {
		if k, err := strconv.Atoi(s); err == nil {
			n = k
		}
	}
	for seed := range uint64(n) {
		g := &randText{rng: rand.New(rand.NewPCG(seed, 11)), scope: []string{"n", "i", "j"}}
		src := "[n] -> { [i, j] : " + g.formula(3) + " }"
		u, _, err := ParseUnion(src)
		if err != nil {
			if strings.Contains(err.Error(), "too large") {
				continue
			}
			t.Fatalf("seed %d: %s: %v", seed, src, err)
		}
		func() {
			defer func() {
				if x := recover(); x != nil {
					if asError(x) == nil {
						panic(x)
					}
				}
			}()
			checkAgainstOracle(t, src, u)
			text := u.String()
			v, _, err := ParseUnion(text)
			if err != nil {
				t.Fatalf("seed %d: %s printed as %q: %v", seed, src, text, err)
			}
			for _, m := range u.Maps() {
				o, _ := v.MapOf(m.Space())
				o = o.AlignParams(m.Space().Params())
				testBox(m.Space().NParam(), 2, 3, func(pv, pt []int64) {
					full := append(append([]int64{}, pv...), pt...)
					if m.Contains(full) != o.Contains(full) {
						t.Fatalf("seed %d: %s printed as %q: point %v differs", seed, src, text, full)
					}
				})
			}
		}()
	}
}
