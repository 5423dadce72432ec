package astgen

import (
	"fmt"
	"math/rand"
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// Generated iterator names must never capture a parameter or a statement
// name: the tests below draw those names from the iterators' own
// namespace (c0, c1, c0_0, ...) and check the code by enumeration, and
// ast.Verify rejects an iterator that shadows a parameter or hides a
// statement.

// iterNamePool are names the generator would otherwise choose.
var iterNamePool = []string{"c0", "c1", "c2", "c3", "c0_0", "c1_0", "c2_0", "c1_1"}

var reWord = regexp.MustCompile(`[A-Za-z_][A-Za-z_0-9]*`)

// renameWords replaces the whole words of src that are keys of m.
func renameWords(src string, m map[string]string) string {
	return reWord.ReplaceAllStringFunc(src, func(w string) string {
		if r, ok := m[w]; ok {
			return r
		}
		return w
	})
}

// drawNames maps each of from to a distinct name of iterNamePool.
func drawNames(r *rand.Rand, from ...string) map[string]string {
	perm := r.Perm(len(iterNamePool))
	m := map[string]string{}
	for i, f := range from {
		m[f] = iterNamePool[perm[i]]
	}
	return m
}

func TestIterNamesAvoidParams(t *testing.T) {
	cases := []struct{ sched, ctx string }{
		{"[c1] -> { A[i, j] -> [i, j] : 0 <= i < 2 and c1 <= j < 3 }", "{ : }"},
		{"[c0, c1] -> { A[i, j] -> [i, j] : c1 <= i < c0 and c0 <= j < c1 + 3 }", "{ : }"},
		{"[c0_0, c0] -> { A[i] -> [i] : c0_0 <= i <= c0 }", "{ : }"},
		{"{ c0[i] -> [i] : 0 <= i < 3; c1[i] -> [i + 1] : 0 <= i < 2 }", "{ : }"},
	}
	for _, c := range cases {
		sched := mustUnionMap(t, c.sched)
		ctx := mustSet(t, c.ctx)
		node, err := FromScheduleMap(sched, ctx, Options{}, Config{})
		if err != nil {
			t.Fatalf("%s: %v", c.sched, err)
		}
		checkNamedCode(t, c.sched, node, sched, sched.Params(), -1, 4)
	}
}

func TestConfigReserved(t *testing.T) {
	sched := mustUnionMap(t, "[n] -> { S[i, j] -> [i, j] : 0 <= i, j < n }")
	node, err := FromScheduleMap(sched, presburger.Set{}, Options{}, Config{Reserved: []string{"c0", "c1", "c0_0"}})
	if err != nil {
		t.Fatal(err)
	}
	var iters []string
	ast.Walk(node, func(n ast.Node) bool {
		if f, ok := n.(*ast.For); ok {
			iters = append(iters, f.Iter)
		}
		return true
	})
	if fmt.Sprint(iters) != "[c0_1 c1_0]" {
		t.Fatalf("iterators %v, want [c0_1 c1_0]\n%s", iters, ast.PrintC(node))
	}
	checkNamedCode(t, "reserved", node, sched, []string{"n"}, -1, 4)
}

// TestRandomIterNameParams is TestRandomFlat and TestRandomTree with the
// parameters and statements renamed to names of the iterator namespace.
func TestRandomIterNameParams(t *testing.T) {
	seed := int64(7000)
	if s := os.Getenv("ASTGEN_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	for it := 0; it < 2*randomIters(); it++ {
		s := seed + int64(it)
		r := rand.New(rand.NewSource(s))
		t.Run(strconv.FormatInt(s, 10), func(t *testing.T) {
			names := drawNames(r, "n", "m", "S0", "S1", "S2", "A", "B")
			if it%2 == 0 {
				src, opts := randomFlat(r)
				src = renameWords(src, names)
				sched := mustUnionMap(t, src)
				ctx := mustSet(t, renameWords("[n, m] -> { : 0 <= n <= 4 and 0 <= m <= 4 }", names))
				node, err := FromScheduleMap(sched, ctx, Options{Dims: opts}, Config{})
				if err != nil {
					t.Fatalf("seed %d: %s opts %v: %v", s, src, opts, err)
				}
				checkNamedCode(t, fmt.Sprintf("seed %d: %s opts %v", s, src, opts), node, sched, []string{names["n"], names["m"]}, 0, 4)
				return
			}
			src := renameWords(randomTree(r), names)
			tr, err := schedule.ParseYAML(src)
			if err != nil {
				t.Fatalf("seed %d: %v\n%s", s, err, src)
			}
			checkTree(t, tr, 0, 5)
		})
	}
}

// checkNamedCode verifies node (no name captured) and compares it with
// the enumeration of sched for every assignment of params in [lo, hi].
func checkNamedCode(t *testing.T, what string, node ast.Node, sched presburger.UnionMap, params []string, lo, hi int64) {
	t.Helper()
	code := ast.PrintC(node)
	if err := ast.Verify(node, sched.Params()...); err != nil {
		t.Fatalf("%s: Verify: %v\n%s", what, err, code)
	}
	for _, pv := range paramValues(params, lo, hi) {
		want := expectedOrder(t, sched, pv)
		if err := checkOrder(t, node, want, pv); err != nil {
			t.Fatalf("%s: params %v: %v\n%s", what, pv, err, code)
		}
	}
}
