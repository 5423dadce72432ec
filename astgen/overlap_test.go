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
