// Package islref supports the differential tests of presburger and
// presburger/calc against isl: it builds the C reference driver
// presburger/testdata/islref/islref.c with gcc (tests skip when gcc or the
// isl headers are missing), runs cases through it, and generates random
// cases (operations on random sets and maps in isl notation). It is used
// by tests only; the product never calls isl.
package islref

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	islrefOnce sync.Once
	islrefPath string
	islrefErr  error
)

// Binary builds the driver from the C file src once per test process,
// or skips the test.
func Binary(t testing.TB, src string) string {
	t.Helper()
	islrefOnce.Do(func() {
		if _, err := exec.LookPath("gcc"); err != nil {
			islrefErr = fmt.Errorf("gcc not found")
			return
		}
		if _, err := os.Stat("/usr/include/isl/ctx.h"); err != nil {
			islrefErr = fmt.Errorf("isl headers not found")
			return
		}
		dir, err := os.MkdirTemp("", "islref")
		if err != nil {
			islrefErr = err
			return
		}
		islrefPath = filepath.Join(dir, "islref")
		out, err := exec.Command("gcc", "-O1", "-o", islrefPath, src, "-lisl").CombinedOutput()
		if err != nil {
			islrefErr = fmt.Errorf("building islref: %v\n%s", err, out)
		}
	})
	if islrefErr != nil {
		t.Skipf("isl reference driver unavailable: %v", islrefErr)
	}
	return islrefPath
}

// Case is one operation applied to arguments in isl notation; args
// start with "S:" (union set) or "M:" (union map).
type Case struct {
	Op   string
	Args []string
}

// Line is the case as the driver reads it.
func (c Case) Line() string { return c.Op + "\t" + strings.Join(c.Args, "\t") }

// Run runs all cases through the driver and returns one answer per case.
func Run(t testing.TB, bin string, cases []Case) []string {
	t.Helper()
	var in strings.Builder
	for _, c := range cases {
		in.WriteString(c.Line())
		in.WriteByte('\n')
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("islref: %v", err)
	}
	var res []string
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		res = append(res, sc.Text())
	}
	if len(res) != len(cases) {
		t.Fatalf("islref answered %d lines for %d cases", len(res), len(cases))
	}
	return res
}

// ---- random objects in isl notation ----

type islGen struct {
	rng    *rand.Rand
	params []string
	depth  int // floor nesting of the expression being generated
}

var islTupleNames = []string{"A", "B", ""}

// tuple is a space of a generated object: a name and its dim names.
type genTuple struct {
	name string
	dims []string
}

func (g *islGen) tuple(prefix string) genTuple {
	n := 1 + g.rng.IntN(3)
	if g.rng.IntN(12) == 0 {
		n = 0
	}
	tp := genTuple{name: islTupleNames[g.rng.IntN(len(islTupleNames))]}
	for i := 0; i < n; i++ {
		tp.dims = append(tp.dims, fmt.Sprintf("%s%d", prefix, i))
	}
	return tp
}

func (tp genTuple) String() string { return tp.name + "[" + strings.Join(tp.dims, ", ") + "]" }

// aff returns a random affine expression over vars (and the parameters).
func (g *islGen) aff(vars []string, cmax int) string {
	all := append(append([]string{}, g.params...), vars...)
	var terms []string
	for _, v := range all {
		if g.rng.IntN(3) == 0 {
			continue
		}
		c := g.rng.IntN(2*cmax+1) - cmax
		switch c {
		case 0:
		case 1:
			terms = append(terms, v)
		case -1:
			terms = append(terms, "-"+v)
		default:
			terms = append(terms, fmt.Sprintf("%d%s", c, v))
		}
	}
	if g.rng.IntN(6) == 0 && len(vars) > 0 && g.depth < 2 {
		// a floor division inside the expression
		g.depth++
		inner := g.aff(vars, 2)
		g.depth--
		terms = append(terms, fmt.Sprintf("floor((%s)/%d)", inner, 2+g.rng.IntN(3)))
	}
	c := g.rng.IntN(13) - 6
	if c != 0 || len(terms) == 0 {
		terms = append(terms, strconv.Itoa(c))
	}
	return strings.ReplaceAll(strings.Join(terms, " + "), "+ -", "- ")
}

var islCmps = []string{"<=", "<", ">=", ">", "=", "<="}

// conj returns a random conjunction over vars.
func (g *islGen) conj(vars []string, bounded bool) string {
	var cs []string
	if bounded {
		for _, v := range vars {
			lo, hi := -g.rng.IntN(5), g.rng.IntN(6)
			if len(g.params) > 0 && g.rng.IntN(3) == 0 {
				cs = append(cs, fmt.Sprintf("%d <= %s <= %s", lo, v, g.params[g.rng.IntN(len(g.params))]))
				cs = append(cs, fmt.Sprintf("%s <= %d", v, hi+3))
			} else {
				cs = append(cs, fmt.Sprintf("%d <= %s <= %d", lo, v, hi))
			}
		}
	}
	n := 1 + g.rng.IntN(3)
	for i := 0; i < n; i++ {
		switch g.rng.IntN(9) {
		case 0:
			if len(vars) > 0 {
				v := vars[g.rng.IntN(len(vars))]
				k := 2 + g.rng.IntN(3)
				cs = append(cs, fmt.Sprintf("(%s) mod %d = %d", g.aff([]string{v}, 2), k, g.rng.IntN(k)))
				continue
			}
		case 1:
			// an existential
			e := fmt.Sprintf("e%d", i)
			k := 2 + g.rng.IntN(3)
			body := fmt.Sprintf("%s = %d%s", g.aff(vars, 2), k, e)
			if g.rng.IntN(2) == 0 {
				body = fmt.Sprintf("%d%s <= %s <= %d%s + %d", k, e, g.aff(vars, 2), k, e, g.rng.IntN(k))
			}
			cs = append(cs, fmt.Sprintf("exists (%s : %s)", e, body))
			continue
		case 2:
			cs = append(cs, fmt.Sprintf("%s <= %s <= %s", g.aff(vars, 1), g.aff(vars, 2), g.aff(vars, 1)))
			continue
		}
		cs = append(cs, fmt.Sprintf("%s %s %s", g.aff(vars, 2), islCmps[g.rng.IntN(len(islCmps))], g.aff(nil, 1)))
	}
	if g.rng.IntN(8) == 0 {
		cs = append(cs, "("+g.aff(vars, 1)+" >= 0 or "+g.aff(vars, 1)+" <= -2)")
	}
	return strings.Join(cs, " and ")
}

func (g *islGen) prefix() string {
	if len(g.params) == 0 {
		return ""
	}
	return "[" + strings.Join(g.params, ", ") + "] -> "
}

// set returns a union set over the given tuples (each gets 1..2 disjuncts).
func (g *islGen) set(tuples []genTuple, bounded bool) string {
	var parts []string
	for _, tp := range tuples {
		for k := 1 + g.rng.IntN(2); k > 0; k-- {
			parts = append(parts, tp.String()+" : "+g.conj(tp.dims, bounded))
		}
	}
	return g.prefix() + "{ " + strings.Join(parts, "; ") + " }"
}

type genPair struct{ in, out genTuple }

// mapStr returns a union map over the given pairs.
func (g *islGen) mapStr(pairs []genPair, bounded bool) string {
	var parts []string
	for _, pr := range pairs {
		for k := 1 + g.rng.IntN(2); k > 0; k-- {
			vars := append(append([]string{}, pr.in.dims...), pr.out.dims...)
			out := pr.out.String()
			body := g.conj(vars, bounded)
			if g.rng.IntN(4) == 0 && len(pr.out.dims) > 0 {
				// a functional output: out dims given by expressions
				var es []string
				for range pr.out.dims {
					es = append(es, g.aff(pr.in.dims, 2))
				}
				out = pr.out.name + "[" + strings.Join(es, ", ") + "]"
				body = g.conj(pr.in.dims, bounded)
			}
			parts = append(parts, pr.in.String()+" -> "+out+" : "+body)
		}
	}
	return g.prefix() + "{ " + strings.Join(parts, "; ") + " }"
}

func newIslGen(seed uint64) *islGen {
	rng := rand.New(rand.NewPCG(seed, 77))
	g := &islGen{rng: rng}
	switch rng.IntN(4) {
	case 1:
		g.params = []string{"n"}
	case 2:
		g.params = []string{"n", "m"}
	}
	return g
}

// distinctTuples returns 1..2 tuples with distinct names.
func (g *islGen) tuples(prefix string) []genTuple {
	a := g.tuple(prefix)
	if g.rng.IntN(3) > 0 {
		return []genTuple{a}
	}
	b := g.tuple(prefix)
	if b.name == a.name {
		return []genTuple{a}
	}
	return []genTuple{a, b}
}

// SetOps and MapOps are the operations GenCase draws for sets and maps.
var SetOps = []string{"intersect", "union", "subtract", "complement", "is_empty", "is_subset", "is_equal",
	"lexmin", "lexmax", "coalesce", "params", "sample", "affine_hull", "gist", "identity", "detect_equalities", "card", "apply", "unwrap"}
var MapOps = []string{"intersect", "union", "subtract", "apply", "reverse", "domain", "range", "deltas",
	"lexmin", "lexmax", "coalesce", "wrap", "is_subset", "is_equal", "is_empty", "params", "sample", "gist", "affine_hull",
	"is_single_valued", "is_injective", "complement", "apply_domain"}

// GenCase returns the random case of seed.
func GenCase(seed uint64) Case {
	g := newIslGen(seed)
	bounded := g.rng.IntN(3) > 0
	if g.rng.IntN(2) == 0 {
		op := SetOps[g.rng.IntN(len(SetOps))]
		tps := g.tuples("i")
		switch op {
		case "card":
			bounded = true
			g.params = nil
		case "lexmin", "lexmax":
			bounded = bounded || g.rng.IntN(3) > 0
		case "unwrap":
			pr := genPair{g.tuple("i"), g.tuple("o")}
			vars := append(append([]string{}, pr.in.dims...), pr.out.dims...)
			w := g.prefix() + "{ [" + pr.in.String() + " -> " + pr.out.String() + "] : " + g.conj(vars, bounded) + " }"
			return Case{Op: op, Args: []string{"S:" + w}}
		}
		a := "S:" + g.set(tps, bounded)
		switch op {
		case "intersect", "union", "subtract", "is_subset", "is_equal", "gist":
			return Case{Op: op, Args: []string{a, "S:" + g.set(tps, bounded)}}
		case "apply":
			pr := genPair{tps[0], g.tuple("o")}
			return Case{Op: op, Args: []string{a, "M:" + g.mapStr([]genPair{pr}, bounded)}}
		}
		return Case{Op: op, Args: []string{a}}
	}
	op := MapOps[g.rng.IntN(len(MapOps))]
	pr := genPair{g.tuple("i"), g.tuple("o")}
	pairs := []genPair{pr}
	if g.rng.IntN(4) == 0 {
		q := genPair{g.tuple("i"), g.tuple("o")}
		if q.in.name != pr.in.name || q.out.name != pr.out.name {
			pairs = append(pairs, q)
		}
	}
	if op == "lexmin" || op == "lexmax" {
		bounded = bounded || g.rng.IntN(3) > 0
	}
	a := "M:" + g.mapStr(pairs, bounded)
	switch op {
	case "intersect", "union", "subtract", "is_subset", "is_equal", "gist":
		return Case{Op: op, Args: []string{a, "M:" + g.mapStr(pairs, bounded)}}
	case "apply":
		return Case{Op: op, Args: []string{a, "M:" + g.mapStr([]genPair{{pr.out, g.tuple("p")}}, bounded)}}
	case "apply_domain":
		return Case{Op: op, Args: []string{a, "M:" + g.mapStr([]genPair{{pr.in, g.tuple("p")}}, bounded)}}
	}
	return Case{Op: op, Args: []string{a}}
}
