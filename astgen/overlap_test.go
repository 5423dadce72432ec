package astgen

import (
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// TestOverlappingPieces: a domain or schedule written as a union of
// overlapping pieces (what `if (j <= 1 || i == 0)` gives) is a set: every
// instance is scanned once, in the flat form and in the tree form. Both
// used to scan the common instances once per piece (found by progfuzz).
func TestOverlappingPieces(t *testing.T) {
	for _, src := range []string{
		"[n] -> { S0[i, j] -> [i, j] : 0 <= i < n and 0 <= j <= 1 and j < n; S0[0, j] -> [0, j] : n > 0 and 0 <= j < n }",
		"[n] -> { S[i] -> [i] : 0 <= i < n; S[i] -> [i] : 2 <= i <= 5; T[i] -> [i + 1] : 0 <= i < n and i mod 2 = 0; T[i] -> [i + 1] : 0 <= i < 3 }",
		"[n] -> { S[i, j] -> [j, i] : 0 <= i < n and 0 <= j < n and i <= j; S[i, j] -> [j, i] : 0 <= i < n and 0 <= j < n and i >= j }",
	} {
		sched := mustUnionMap(t, src)
		node, err := FromScheduleMap(sched, presburger.Set{}, Options{}, Config{})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		for _, pv := range paramValues(sched.Params(), 0, 6) {
			if err := checkOrder(t, node, expectedOrder(t, sched, pv), pv); err != nil {
				t.Fatalf("flat %s params %v: %v\n%s", src, pv, err, ast.PrintC(node))
			}
		}
		// The tree form: the domain is the union of the pieces, the band
		// the same map.
		dom := sched.Domain()
		tree := schedule.NewTree(schedule.NewDomain(dom, schedule.NewBand(schedule.NewBandFromSchedule(sched), nil)))
		tn, err := Generate(tree, Config{})
		if err != nil {
			t.Fatalf("%s: tree: %v", src, err)
		}
		for _, pv := range paramValues(sched.Params(), 0, 6) {
			if err := checkOrder(t, tn, expectedOrder(t, sched, pv), pv); err != nil {
				t.Fatalf("tree %s params %v: %v\n%s", src, pv, err, ast.PrintC(tn))
			}
		}
	}
}

// TestOverlappingFilter: a filter holding a domain of overlapping pieces
// (a sequence child of the scheduler's trees repeats the statement's
// domain) must not bring back the overlap the root's domain lost: the
// instances with l = i - 1 and j + k even, in two of the three pieces,
// were scanned twice (progfuzz seed 8100054, caught by the self-check).
func TestOverlappingFilter(t *testing.T) {
	d1 := "S1[i, j, k, l] : 0 <= i < n and i <= j < n and 0 <= k < n and 0 <= l < n and (j + k) mod 2 = 1 or " +
		"0 <= i < n and i <= j < n and 0 <= k < n and i - 1 <= l < n and l >= 0 or " +
		"0 <= i < n and i <= j < n and 0 <= k < n and 0 <= l < i and l < n"
	d4 := "S4[i, j, k, l] : 0 <= i < n and i <= j < n and 0 <= k < n and 0 <= l < n"
	src := `domain: "[n] -> { ` + d1 + `; ` + d4 + ` }"
child:
  schedule: "[n] -> [{ S1[i, j, k, l] -> [i]; S4[i, j, k, l] -> [i] }, { S1[i, j, k, l] -> [j]; S4[i, j, k, l] -> [j] }, { S1[i, j, k, l] -> [k]; S4[i, j, k, l] -> [k] }, { S1[i, j, k, l] -> [l]; S4[i, j, k, l] -> [l] }]"
  child:
    sequence:
    - filter: "[n] -> { ` + d1 + ` }"
    - filter: "[n] -> { ` + d4 + ` }"
`
	tree, err := schedule.ParseYAML(src)
	if err != nil {
		t.Fatal(err)
	}
	n, err := Generate(tree, Config{})
	if err != nil {
		t.Fatal(err)
	}
	sched := mustUnionMap(t, "[n] -> { S1[i, j, k, l] -> [i, j, k, l, 0] : "+d1[len("S1[i, j, k, l] : "):]+"; S4[i, j, k, l] -> [i, j, k, l, 1] : "+d4[len("S4[i, j, k, l] : "):]+" }")
	for _, pv := range paramValues(sched.Params(), 0, 4) {
		if err := checkOrder(t, n, expectedOrder(t, sched, pv), pv); err != nil {
			t.Fatalf("params %v: %v\n%s", pv, err, ast.PrintC(n))
		}
	}
}
