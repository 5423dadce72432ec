package astgen

import (
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

type treeCase struct {
	name   string
	yaml   string
	lo, hi int64
}

var treeCases = []treeCase{
	{name: "fig5", lo: -1, hi: 5, yaml: `domain: "[n] -> { S1[i] : 0 <= i < n; S2[i, j] : 0 <= j < i < n; S3[i] : 0 <= i < n }"
child:
  schedule: "[n] -> [{ S1[i] -> [(i)]; S2[i, j] -> [(i)]; S3[i] -> [(i)] }]"
  child:
    sequence:
    - filter: "{ S1[i] }"
    - filter: "{ S2[i, j] }"
      child:
        schedule: "[{ S2[i, j] -> [(j)] }]"
    - filter: "{ S3[i] }"
`},
	{name: "mark", lo: 0, hi: 4, yaml: `domain: "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }"
child:
  mark: "outer"
  child:
    schedule: "[{ S[i, j] -> [(i)] }]"
    child:
      mark: "inner"
      child:
        schedule: "[{ S[i, j] -> [(j)] }]"
`},
	{name: "ex5.14-isolate", lo: 0, hi: 9, yaml: `domain: "[m, n] -> { S[i] : m <= i < n }"
child:
  schedule: "[{ S[i] -> [(4*floor(i/4))] }]"
  options: "[m, n] -> { isolate[[] -> [t]] : m <= t and t + 3 < n }"
  child:
    schedule: "[{ S[i] -> [(i)] }]"
`},
	{name: "ex5.15-isolate-2d", lo: 2, hi: 6, yaml: `domain: "[n, m] -> { S[i, j] : 0 <= i < n and 0 <= j < m }"
child:
  context: "[n, m] -> { : n > 2 and m > 3 }"
  child:
    schedule: "[{ S[i, j] -> [(3*floor(i/3))] }, { S[i, j] -> [(4*floor(j/4))] }]"
    options: "[n, m] -> { isolate[[] -> [a, b]] : 0 <= a and a + 2 < n and 0 <= b and b + 3 < m }"
    child:
      schedule: "[{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]"
`},
	{name: "isolate-unroll", lo: 0, hi: 9, yaml: `domain: "[n] -> { S[i] : 0 <= i < n }"
child:
  schedule: "[{ S[i] -> [(4*floor(i/4))] }]"
  options: "[n] -> { isolate[[] -> [t]] : 0 <= t and t + 3 < n }"
  child:
    schedule: "[{ S[i] -> [(i)] }]"
    options: "{ isolate[[t] -> [i]] : exists a : t = 4a ; [isolate[] -> unroll[x]] }"
`},
	{name: "isolate-unroll-2d", lo: 0, hi: 6, yaml: `domain: "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }"
child:
  schedule: "[{ S[i, j] -> [(4*floor(i/4))] }, { S[i, j] -> [(4*floor(j/4))] }]"
  options: "[n] -> { isolate[[] -> [a, b]] : 0 <= a and a + 3 < n and 0 <= b and b + 3 < n }"
  child:
    schedule: "[{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]"
    options: "[n] -> { isolate[[a, b] -> [i, j]] : a + 3 < n and b + 3 < n; [isolate[] -> unroll[x]] }"
`},
	{name: "domain-only", lo: -1, hi: 3, yaml: `domain: "[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i; T[k] : 0 <= k < 2 }"
`},
	{name: "sequence-only", lo: -1, hi: 3, yaml: `domain: "[n] -> { S[i] : 0 <= i < n; T[k] : 0 <= k < 2 }"
child:
  sequence:
  - filter: "{ T[k] }"
  - filter: "{ S[i] }"
`},
	{name: "set-node", lo: -1, hi: 4, yaml: `domain: "[n] -> { A[i] : 0 <= i < n; B[i] : 0 <= i < n }"
child:
  set:
  - filter: "{ B[i] }"
    child:
      schedule: "[{ B[i] -> [(-i)] }]"
  - filter: "{ A[i] }"
    child:
      schedule: "[{ A[i] -> [(i)] }]"
`},
	{name: "guard", lo: -2, hi: 4, yaml: `domain: "[n] -> { A[i] : 0 <= i < 5 }"
child:
  guard: "[n] -> { : n >= 1 }"
  child:
    schedule: "[{ A[i] -> [(i)] }]"
`},
	{name: "separate", lo: -2, hi: 4, yaml: `domain: "[M] -> { S1[i] : 0 <= i <= M; S2[] }"
child:
  schedule: "[{ S1[i] -> [(i)]; S2[] -> [(0)] }]"
  options: "{ separate[x] }"
  child:
    sequence:
    - filter: "{ S1[i] }"
    - filter: "{ S2[] }"
`},
}

func mustTree(t *testing.T, src string) schedule.Tree {
	t.Helper()
	tr, err := schedule.ParseYAML(src)
	if err != nil {
		t.Fatalf("ParseYAML: %v\n%s", err, src)
	}
	return tr
}

// contextOf returns the conjunction of the context nodes of the tree (only
// parameter constraints), or the zero Set.
func contextOf(tr schedule.Tree) (presburger.Set, bool) {
	var ctx presburger.Set
	found := false
	tr.Walk(func(c schedule.Cursor) bool {
		n := c.Node()
		if n.Kind() == schedule.KindContext {
			ctx, found = n.Context(), true
		}
		return true
	})
	return ctx, found
}

func checkTree(t *testing.T, tr schedule.Tree, lo, hi int64) {
	t.Helper()
	node, err := Generate(tr, Config{})
	if err != nil {
		t.Fatalf("Generate: %v\n%s", err, schedule.WriteYAML(tr))
	}
	if err := ast.Verify(node, tr.Domain().Params()...); err != nil {
		t.Fatalf("Verify: %v\n%s", err, ast.PrintC(node))
	}
	flat := tr.Flatten()
	ctx, hasCtx := contextOf(tr)
	guard := guardOf(tr)
	for _, pv := range paramValues(tr.Domain().Params(), lo, hi) {
		if hasCtx && !ctx.Contains(paramVec(ctx, pv)) {
			continue
		}
		want := expectedOrder(t, flat, pv)
		if guard != nil && !guard.Contains(paramVec(*guard, pv)) {
			want = nil
		}
		if err := checkOrder(t, node, want, pv); err != nil {
			t.Fatalf("params %v: %v\n%s\n%s", pv, err, schedule.WriteYAML(tr), ast.PrintC(node))
		}
	}
	if testing.Verbose() {
		t.Logf("\n%s", ast.PrintC(node))
	}
}

func guardOf(tr schedule.Tree) *presburger.Set {
	var out *presburger.Set
	tr.Walk(func(c schedule.Cursor) bool {
		if n := c.Node(); n.Kind() == schedule.KindGuard {
			g := n.Guard()
			out = &g
		}
		return true
	})
	return out
}

func paramVec(s presburger.Set, pv map[string]int64) []int64 {
	var out []int64
	for _, p := range s.Space().Params() {
		out = append(out, pv[p])
	}
	return out
}

func TestTreeCases(t *testing.T) {
	for _, c := range treeCases {
		t.Run(c.name, func(t *testing.T) {
			checkTree(t, mustTree(t, c.yaml), c.lo, c.hi)
		})
	}
}

// randomTree builds a random schedule tree: one or two statements, an
// outer band (possibly tiled, with random options and isolation), and
// below it either a leaf, a band, or a sequence of filters with bands.
func randomTree(r *rand.Rand) string {
	nstmt := 1 + r.Intn(2)
	var doms, outer, inner []string
	names := []string{"A", "B"}[:nstmt]
	for _, s := range names {
		ndim := 1 + r.Intn(2)
		vars := []string{"i", "j"}[:ndim]
		cons := []string{"0 <= i", "i < n"}
		if ndim == 2 {
			cons = append(cons, []string{"0 <= j", "i <= j"}[r.Intn(2)], []string{"j < n", "j <= i + 2", "j < m"}[r.Intn(3)])
		}
		if r.Intn(4) == 0 {
			cons = append(cons, "exists a : i = 2a")
		}
		tup := s + "[" + strings.Join(vars, ", ") + "]"
		doms = append(doms, tup+" : "+strings.Join(cons, " and "))
		o := []string{"i", "4*floor(i/4)", "3*floor(i/3)", "i + 1", "2*i"}[r.Intn(5)]
		outer = append(outer, tup+" -> [("+o+")]")
		in := []string{"i", "-i", "0"}
		if ndim == 2 {
			in = append(in, "j", "j", "i + j")
		}
		inner = append(inner, tup+" -> [("+in[r.Intn(len(in))]+")]")
	}
	opt := func() string {
		return []string{"", "", "separate", "atomic", "unroll"}[r.Intn(5)]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "domain: \"[n, m] -> { %s }\"\n", strings.Join(doms, "; "))
	b.WriteString("child:\n  context: \"[n, m] -> { : 0 <= n <= 6 and 0 <= m <= 6 }\"\n  child:\n")
	fmt.Fprintf(&b, "    schedule: \"[{ %s }]\"\n", strings.Join(outer, "; "))
	var opts []string
	if o := opt(); o != "" {
		opts = append(opts, o+"[x]")
	}
	if r.Intn(3) == 0 {
		opts = append(opts, "isolate[[] -> [t]] : 0 <= t and t + 3 < n")
		if o := opt(); o != "" {
			opts = append(opts, "[isolate[] -> "+o+"[x]]")
		}
	}
	if len(opts) > 0 {
		fmt.Fprintf(&b, "    options: \"[n] -> { %s }\"\n", strings.Join(opts, "; "))
	}
	if r.Intn(4) == 0 {
		b.WriteString("    child:\n      mark: \"m\"\n")
		b.WriteString("      child:\n        guard: \"[n] -> { : n >= 1 }\"\n")
		return b.String()
	}
	switch r.Intn(3) {
	case 0:
	case 1:
		fmt.Fprintf(&b, "    child:\n      schedule: \"[{ %s }]\"\n", strings.Join(inner, "; "))
		if o := opt(); o != "" {
			fmt.Fprintf(&b, "      options: \"{ %s[x] }\"\n", o)
		}
	case 2:
		b.WriteString("    child:\n      sequence:\n")
		perm := r.Perm(nstmt)
		for _, k := range perm {
			s := names[k]
			fmt.Fprintf(&b, "      - filter: \"{ %s }\"\n", strings.SplitN(doms[k], " :", 2)[0])
			if r.Intn(2) == 0 {
				fmt.Fprintf(&b, "        child:\n          schedule: \"[{ %s }]\"\n", inner[k])
			}
			_ = s
		}
	}
	return b.String()
}

func TestRandomTree(t *testing.T) {
	seed := int64(1000)
	if s := os.Getenv("ASTGEN_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	for it := 0; it < randomIters(); it++ {
		r := rand.New(rand.NewSource(seed + int64(it)))
		src := randomTree(r)
		tr, err := schedule.ParseYAML(src)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed+int64(it), err, src)
		}
		t.Run(strconv.FormatInt(seed+int64(it), 10), func(t *testing.T) {
			checkTree(t, tr, 0, 5)
		})
	}
}

// randomTree2 builds deeper trees: a tiled outer band over up to three
// statements, a sequence of filter groups below it, each with an inner
// band (point loops) carrying random options and isolation.
func randomTree2(r *rand.Rand) string {
	nstmt := 1 + r.Intn(3)
	names := []string{"A", "B", "C"}[:nstmt]
	tile := []int{2, 3, 4}[r.Intn(3)]
	var doms, outer []string
	var tups []string
	var inner []string
	for _, s := range names {
		two := r.Intn(2) == 0
		vars := "i"
		cons := []string{"0 <= i", "i < n"}
		if two {
			vars = "i, j"
			cons = append(cons, []string{"0 <= j", "i <= j"}[r.Intn(2)], []string{"j < n", "j < m", "j <= i + 1"}[r.Intn(3)])
		}
		if r.Intn(5) == 0 {
			cons = append(cons, fmt.Sprintf("exists a : i = %d*a + %d", 2+r.Intn(2), r.Intn(2)))
		}
		tup := s + "[" + vars + "]"
		tups = append(tups, tup)
		doms = append(doms, tup+" : "+strings.Join(cons, " and "))
		outer = append(outer, fmt.Sprintf("%s -> [(%d*floor(i/%d))]", tup, tile, tile))
		in := tup + " -> [(i)]"
		if two {
			in = []string{tup + " -> [(i)]", tup + " -> [(j)]", tup + " -> [(i + j)]"}[r.Intn(3)]
		}
		inner = append(inner, in)
	}
	opt := func() string { return []string{"", "separate", "atomic", "unroll"}[r.Intn(4)] }
	var b strings.Builder
	fmt.Fprintf(&b, "domain: \"[n, m] -> { %s }\"\n", strings.Join(doms, "; "))
	b.WriteString("child:\n  context: \"[n, m] -> { : 0 <= n <= 7 and 0 <= m <= 7 }\"\n  child:\n")
	fmt.Fprintf(&b, "    schedule: \"[{ %s }]\"\n", strings.Join(outer, "; "))
	if r.Intn(2) == 0 {
		fmt.Fprintf(&b, "    options: \"[n] -> { isolate[[] -> [t]] : 0 <= t and t + %d < n }\"\n", tile)
	}
	b.WriteString("    child:\n      sequence:\n")
	for _, k := range r.Perm(nstmt) {
		fmt.Fprintf(&b, "      - filter: \"{ %s }\"\n", tups[k])
		fmt.Fprintf(&b, "        child:\n          schedule: \"[{ %s }]\"\n", inner[k])
		var opts []string
		if o := opt(); o != "" {
			opts = append(opts, o+"[x]")
		}
		if r.Intn(3) == 0 {
			opts = append(opts, fmt.Sprintf("isolate[[t] -> [i]] : t + %d < n", tile))
			if o := opt(); o != "" {
				opts = append(opts, "[isolate[] -> "+o+"[x]]")
			}
		}
		if len(opts) > 0 {
			fmt.Fprintf(&b, "          options: \"[n] -> { %s }\"\n", strings.Join(opts, "; "))
		}
	}
	return b.String()
}

func TestRandomTree2(t *testing.T) {
	seed := int64(2000)
	if s := os.Getenv("ASTGEN_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	for it := 0; it < randomIters(); it++ {
		r := rand.New(rand.NewSource(seed + int64(it)))
		src := randomTree2(r)
		tr, err := schedule.ParseYAML(src)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed+int64(it), err, src)
		}
		t.Run(strconv.FormatInt(seed+int64(it), 10), func(t *testing.T) {
			checkTree(t, tr, 0, 6)
		})
	}
}
