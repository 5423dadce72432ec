package presburger

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tessera-opt/tessera/presburger/internal/islref"
	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

// Differential tests against isl: testdata/islref/islref.c is a small C
// driver (our own code, linked with -lisl) that applies one named
// operation to inputs in isl notation and prints isl's answer. The tests
// build it with gcc at test time and skip when gcc or isl are missing.
// Random cases are generated as text, given to both isl and us, and isl's
// printed answer is read back with our parser and compared with ours.
//
// Plain `go test` runs a few hundred seeded cases; TESSERA_ISLREF_N=5000
// runs more (TESSERA_ISLREF_SEED picks the first seed).

// ---- our side ----

// ourObj is a parsed argument or result.
type ourObj struct {
	isSet bool
	u     UnionMap // the set as a union map of set spaces when isSet
}

func (o ourObj) set() UnionSet { return unionMapToSet(o.u) }

func unionMapToSet(u UnionMap) UnionSet {
	var sets []Set
	for _, m := range u.Maps() {
		sets = append(sets, m.Set())
	}
	if len(sets) == 0 {
		return EmptyUnionSet(u.Params())
	}
	return NewUnionSet(sets...).AlignParams(u.Params())
}

func parseOurArg(a string) (ourObj, error) {
	u, isSet, err := ParseUnion(a[2:])
	if err != nil {
		return ourObj{}, err
	}
	if a[0] == 'S' && !isSet && !u.PlainIsEmpty() {
		return ourObj{}, fmt.Errorf("expected a set")
	}
	return ourObj{isSet: a[0] == 'S', u: u}, nil
}

// ourResult is our answer: a set, map, boolean text or number text.
type ourResult struct {
	kind byte // 'S', 'M', 'B' (text), 'N' (text)
	s    UnionSet
	m    UnionMap
	text string
}

func boolText(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

func unionComplementSet(s UnionSet) UnionSet {
	var out []Set
	for _, x := range s.Sets() {
		out = append(out, x.Complement())
	}
	if len(out) == 0 {
		return EmptyUnionSet(s.Params())
	}
	return NewUnionSet(out...).AlignParams(s.Params())
}

func unionComplementMap(m UnionMap) UnionMap {
	var out []Map
	for _, x := range m.Maps() {
		out = append(out, x.Complement())
	}
	if len(out) == 0 {
		return EmptyUnionMap(m.Params())
	}
	return NewUnionMap(out...).AlignParams(m.Params())
}

// runOurs applies the case's operation with our engine.
func runOurs(c islref.Case) (res ourResult, err error) {
	defer Recover(&err)
	var a, b ourObj
	if a, err = parseOurArg(c.Args[0]); err != nil {
		return res, fmt.Errorf("parsing %q: %v", c.Args[0], err)
	}
	if len(c.Args) > 1 {
		if b, err = parseOurArg(c.Args[1]); err != nil {
			return res, fmt.Errorf("parsing %q: %v", c.Args[1], err)
		}
	}
	S := func(s UnionSet) ourResult { return ourResult{kind: 'S', s: s} }
	M := func(m UnionMap) ourResult { return ourResult{kind: 'M', m: m} }
	B := func(v bool) ourResult { return ourResult{kind: 'B', text: boolText(v)} }
	if a.isSet {
		sa := a.set()
		switch c.Op {
		case "intersect":
			return S(sa.Intersect(b.set())), nil
		case "union":
			return S(sa.Union(b.set())), nil
		case "subtract":
			return S(sa.Subtract(b.set())), nil
		case "complement":
			return S(unionComplementSet(sa.RemoveEmptyParts())), nil
		case "is_empty":
			return B(sa.IsEmpty()), nil
		case "is_subset":
			return B(sa.IsSubset(b.set())), nil
		case "is_equal":
			return B(sa.IsEqual(b.set())), nil
		case "lexmin":
			return S(sa.LexMin()), nil
		case "lexmax":
			return S(sa.LexMax()), nil
		case "coalesce":
			return S(sa.Coalesce()), nil
		case "params":
			return S(NewUnionSet(sa.ParamSet())), nil
		case "sample":
			sp, pt, ok := sa.Sample()
			if !ok {
				return S(EmptyUnionSet(sa.Params())), nil
			}
			return S(NewUnionSet(pointSetOf(sp, pt))), nil
		case "affine_hull":
			var out []Set
			for _, x := range sa.Sets() {
				out = append(out, x.AffineHull().ToSet())
			}
			if len(out) == 0 {
				return S(EmptyUnionSet(sa.Params())), nil
			}
			return S(NewUnionSet(out...).AlignParams(sa.Params())), nil
		case "gist":
			return S(sa.Gist(b.set())), nil
		case "identity":
			return M(sa.Identity()), nil
		case "detect_equalities":
			return S(sa.DetectEqualities()), nil
		case "card":
			var total int64
			for _, x := range sa.Sets() {
				n, err := x.Card()
				if err != nil {
					return res, err
				}
				total += n
			}
			return ourResult{kind: 'N', text: strconv.FormatInt(total, 10)}, nil
		case "apply":
			return S(sa.Apply(b.u)), nil
		case "unwrap":
			return M(sa.Unwrap()), nil
		}
		return res, fmt.Errorf("no set operation %s", c.Op)
	}
	ma := a.u
	switch c.Op {
	case "intersect":
		return M(ma.Intersect(b.u)), nil
	case "union":
		return M(ma.Union(b.u)), nil
	case "subtract":
		return M(ma.Subtract(b.u)), nil
	case "complement":
		return M(unionComplementMap(ma.RemoveEmptyParts())), nil
	case "apply":
		return M(ma.ApplyRange(b.u)), nil
	case "apply_domain":
		return M(ma.ApplyDomain(b.u)), nil
	case "reverse":
		return M(ma.Reverse()), nil
	case "domain":
		return S(ma.Domain()), nil
	case "range":
		return S(ma.Range()), nil
	case "deltas":
		return S(ma.Deltas()), nil
	case "lexmin":
		return M(ma.LexMin()), nil
	case "lexmax":
		return M(ma.LexMax()), nil
	case "coalesce":
		return M(ma.Coalesce()), nil
	case "wrap":
		return S(ma.Wrap()), nil
	case "is_subset":
		return B(ma.IsSubset(b.u)), nil
	case "is_equal":
		return B(ma.IsEqual(b.u)), nil
	case "is_empty":
		return B(ma.IsEmpty()), nil
	case "is_single_valued":
		return B(ma.IsSingleValued()), nil
	case "is_injective":
		return B(ma.IsInjective()), nil
	case "params":
		return S(NewUnionSet(ma.ParamSet())), nil
	case "sample":
		sp, pt, ok := ma.Wrap().Sample()
		if !ok {
			return S(EmptyUnionSet(ma.Params())), nil
		}
		return S(NewUnionSet(pointSetOf(sp, pt))), nil
	case "gist":
		return M(ma.Gist(b.u)), nil
	case "affine_hull":
		var out []Map
		for _, x := range ma.Maps() {
			out = append(out, x.Wrap().AffineHull().ToSet().Unwrap())
		}
		if len(out) == 0 {
			return M(EmptyUnionMap(ma.Params())), nil
		}
		return M(NewUnionMap(out...).AlignParams(ma.Params())), nil
	}
	return res, fmt.Errorf("no map operation %s", c.Op)
}

// pointSetOf is the set of space sp holding only pt (params then dims).
func pointSetOf(sp Space, pt []int64) Set {
	b := NewBasicBuilder(sp)
	for c, v := range pt {
		row := make([]int64, b.NCols())
		row[c] = 1
		row[len(row)-1] = -v
		b.AddEq(row)
	}
	return b.BuildSet().ToSet()
}

// compareCase checks our answer against isl's; it returns "" when they
// agree, or a description of the disagreement.
func compareCase(c islref.Case, isl string, ours ourResult) string {
	switch ours.kind {
	case 'B', 'N':
		if isl != ours.text {
			return fmt.Sprintf("isl %s, ours %s", isl, ours.text)
		}
		return ""
	}
	u, isSet, err := ParseUnion(isl)
	if err != nil {
		return fmt.Sprintf("cannot parse isl's answer %q: %v", isl, err)
	}
	a, _ := parseOurArg(c.Args[0])
	if c.Op == "complement" {
		// isl keeps the spaces of members it did not find empty when it
		// read them (their complement is the universe); we drop empty
		// members first: compare on the spaces where the input has points.
		var keep []Map
		for _, m := range u.Maps() {
			if in, ok := a.u.MapOf(m.Space()); ok && !in.IsEmpty() {
				keep = append(keep, m)
			}
		}
		u = EmptyUnionMap(u.Params())
		if len(keep) > 0 {
			u = NewUnionMap(keep...).AlignParams(u.Params())
		}
	}
	if ours.kind == 'S' {
		theirs := unionMapToSet(u)
		if !isSet && !u.PlainIsEmpty() {
			return fmt.Sprintf("isl answered a map %s, ours is a set %v", isl, ours.s)
		}
		switch c.Op {
		case "sample":
			// Any point will do: both empty, or ours a point of the input.
			if theirs.IsEmpty() != ours.s.IsEmpty() {
				return fmt.Sprintf("sample: isl %s, ours %v", isl, ours.s)
			}
			var in UnionSet
			if a.isSet {
				in = a.set()
			} else {
				in = a.u.Wrap()
			}
			if !ours.s.IsSubset(in) {
				return fmt.Sprintf("sample %v is not in the input", ours.s)
			}
			return ""
		case "gist":
			b, _ := parseOurArg(c.Args[1])
			ctx := b.set()
			if !theirs.Intersect(ctx).IsEqual(ours.s.Intersect(ctx)) {
				return fmt.Sprintf("gist differs on the context: isl %s, ours %v", isl, ours.s)
			}
			return ""
		}
		if !theirs.IsEqual(ours.s) {
			return fmt.Sprintf("isl %s\nours %v", isl, ours.s)
		}
		return ""
	}
	if c.Op == "gist" {
		b, _ := parseOurArg(c.Args[1])
		if !u.Intersect(b.u).IsEqual(ours.m.Intersect(b.u)) {
			return fmt.Sprintf("gist differs on the context: isl %s, ours %v", isl, ours.m)
		}
		return ""
	}
	if !u.IsEqual(ours.m) {
		return fmt.Sprintf("isl %s\nours %v", isl, ours.m)
	}
	return ""
}

// checkTimed runs our side and compares it with isl's answer, with a
// limit on the CPU time (a hang is reported as such; CPU time, not wall
// time, so that a loaded machine does not turn slow cases into timeouts).
// It returns "" on agreement.
func checkTimed(c islref.Case, isl string, limit time.Duration) string {
	var d string
	finished, done, _ := runCPUBounded(limit, func() {
		var err error
		defer func() {
			if x := recover(); x != nil {
				d = fmt.Sprintf("stopped: %v", x)
				return
			}
			if err != nil {
				d = fmt.Sprintf("our error: %v", err)
			}
		}()
		defer Recover(&err)
		ours, err := runOurs(c)
		if err != nil {
			d = fmt.Sprintf("our error: %v", err)
			err = nil
			return
		}
		if strings.HasPrefix(isl, "ERROR") {
			if c.Op == "lexmin" || c.Op == "lexmax" {
				d = fmt.Sprintf("isl reports an error (unbounded?) but we answer %v%v", ours.s, ours.m)
			}
			return
		}
		d = compareCase(c, isl, ours)
	})
	if done {
		return d
	}
	// Stop the computation (it panics with a budget error at its next
	// solver step) so that it does not slow the next cases.
	sys.Cancel(true)
	waitCPU(finished, 10*time.Second)
	sys.Cancel(false)
	return fmt.Sprintf("timeout after %v of CPU time", limit)
}

func islrefCount() (first, n uint64) {
	// Plain mode checks 100 cases, TESSERA_LONG=1 200 (and -short 100).
	n = 100
	if os.Getenv("TESSERA_LONG") != "" && !testing.Short() {
		n = 200
	}
	if s := os.Getenv("TESSERA_ISLREF_N"); s != "" {
		n, _ = strconv.ParseUint(s, 10, 64)
	}
	if s := os.Getenv("TESSERA_ISLREF_SEED"); s != "" {
		first, _ = strconv.ParseUint(s, 10, 64)
	}
	return first, n
}

// TestISLDifferential compares random cases with isl.
func TestISLDifferential(t *testing.T) {
	bin := islref.Binary(t, filepath.Join("testdata", "islref", "islref.c"))
	first, n := islrefCount()
	var cases []islref.Case
	for s := first; s < first+n; s++ {
		cases = append(cases, islref.GenCase(s))
	}
	answers := islref.Run(t, bin, cases)
	limit := 3 * time.Second
	if os.Getenv("TESSERA_ISLREF_N") != "" {
		limit = 20 * time.Second
	}
	stats := map[string]int{}
	fails := 0
	for i, c := range cases {
		seed := first + uint64(i)
		isl := answers[i]
		if strings.HasPrefix(isl, "ERROR") {
			stats["isl error"]++
		}
		d := checkTimed(c, isl, limit)
		if d == "" {
			if !strings.HasPrefix(isl, "ERROR") {
				stats["agree"]++
			}
			continue
		}
		if strings.HasPrefix(d, "our error") && strings.Contains(d, "budget exceeded") {
			// Not a wrong answer: the engine gave up with its typed error.
			stats["our budget error"]++
			t.Logf("seed %d: %s: %s\n  %s", seed, c.Op, d, c.Line())
			continue
		}
		if strings.HasPrefix(d, "timeout") {
			// Not a wrong answer: a performance limit, reported.
			stats["our timeout"]++
			t.Logf("seed %d: %s: %s\n  %s", seed, c.Op, d, c.Line())
			continue
		}
		if strings.HasPrefix(isl, "ERROR") && strings.HasPrefix(d, "our error") {
			stats["both error"]++ // e.g. unbounded lexmin
			continue
		}
		stats["disagree"]++
		t.Errorf("seed %d: %s: %s\n  %s", seed, c.Op, d, c.Line())
		fails++
		if fails > 20 {
			t.Fatalf("too many disagreements")
		}
	}
	t.Logf("%d cases from seed %d: %v", n, first, stats)
	if slow := stats["our timeout"] + stats["our budget error"]; slow*50 > int(n) {
		t.Errorf("%d of %d cases over the time limit %v or the solver's budget", slow, n, limit)
	}
}
