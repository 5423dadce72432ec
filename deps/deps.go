package deps

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// Kind is the kind of a dependence.
type Kind int

const (
	Flow   Kind = iota // read after write (RAW)
	Anti               // write after read (WAR)
	Output             // write after write (WAW)
	Input              // read after read (RAR), only on request
)

func (k Kind) String() string {
	return [...]string{"flow", "anti", "output", "input"}[k]
}

// Config selects what Compute computes. The zero value gives memory-based
// flow, anti and output dependences.
type Config struct {
	// Dataflow reduces the flow dependences to value-based ones (the last
	// write before each read). Anti and output stay memory-based.
	Dataflow bool
	// Input also computes read-after-read dependences.
	Input bool
	// Cancel, when closed, stops Compute with ErrCancelled, before its
	// next pair of accesses or inside the pair in progress (its emptiness
	// tests and value-based kills run through a presburger.Query with
	// the channel) (nil: never). Deps keeps it: the legality check
	// (Check, CheckContext) of a Deps whose channel is closed stops its
	// search and reports the schedule unproven.
	Cancel <-chan struct{}
}

// ErrCancelled is Compute's error when Config.Cancel was closed.
var ErrCancelled = errors.New("deps: cancelled")

// Dep is the dependence relation between two accesses to one array.
type Dep struct {
	Kind Kind
	// Source and Target are the statements (Source instances execute
	// first); SrcAccess and TgtAccess index their Accesses.
	Source, Target       *scop.Statement
	SrcAccess, TgtAccess int
	Array                string
	// Rel maps source instances to target instances; never empty.
	Rel presburger.Map
	// Common is the number of loops the two statements share.
	Common int
	// Levels are the depths (1..Common) at which the dependence is
	// carried, ascending, and 0 when it has a loop-independent part.
	Levels []int
	// ByLevel[k] is the part of Rel carried at Levels[k].
	ByLevel []presburger.Map
	// ValueBased is set on flow dependences reduced by Dataflow.
	ValueBased bool
}

// LoopInfo summarizes the dependences of one loop of the original nest.
type LoopInfo struct {
	Loop *scop.Loop
	// Carried lists the indices (in Deps.Deps) of the memory-based
	// dependences carried by the loop.
	Carried []int
	// Parallel is true when the loop carries no dependence.
	Parallel bool
	// Reduction is true when the loop is not parallel but every dependence
	// it carries goes from one update statement (+=, *=, x = x + e, ...)
	// to itself through the element it updates.
	Reduction bool
}

// Deps is the result of Compute.
type Deps struct {
	Scop   *scop.Scop
	Config Config
	// Deps in a deterministic order: by kind, then source and target
	// statement and access.
	Deps []*Dep
	// Memory holds the memory-based flow dependences when Dataflow
	// replaced them in Deps by value-based ones (nil otherwise).
	Memory []*Dep
	Loops  []LoopInfo
	// Elapsed is the time Compute took.
	Elapsed time.Duration
	// checked remembers the schedules Check found legal (nil: no memo,
	// e.g. a Deps built by hand).
	checked *checkMemo
}

// Compute computes the dependences of s. The error reports an engine
// failure (budget or overflow), never a property of the program.
func Compute(s *scop.Scop, cfg Config) (d *Deps, err error) {
	defer func() {
		if presburger.IsCancelled(err) {
			d, err = nil, ErrCancelled
		}
	}()
	defer presburger.Recover(&err)
	start := time.Now()
	d = &Deps{Scop: s, Config: cfg, checked: &checkMemo{}}
	c := newComputer(s)
	c.engine = engine{presburger.Query{Cancel: cfg.Cancel}}
	type acc struct {
		st  *scop.Statement
		idx int
		a   *scop.Access
	}
	var accs []acc
	for _, st := range s.Statements {
		for k, a := range st.Accesses {
			accs = append(accs, acc{st, k, a})
		}
	}
	// The accesses of each array by kind, in statement order: the pairs
	// of a kind are those of one array with the kind's source and target
	// access kinds (not all pairs of accesses, which a statement with
	// thousands of reads made quadratic).
	type arrayKind struct {
		array string
		kind  scop.AccessKind
	}
	byArray := map[arrayKind][]acc{}
	for _, x := range accs {
		k := arrayKind{x.a.Array, x.a.Kind}
		byArray[k] = append(byArray[k], x)
	}
	kinds := []Kind{Flow, Anti, Output}
	if cfg.Input {
		kinds = append(kinds, Input)
	}
	for _, kind := range kinds {
		tk := targetKind(kind)
		for _, x := range accs {
			if !kindMatches(kind, x.a.Kind, tk) {
				continue
			}
			select {
			case <-cfg.Cancel:
				return nil, ErrCancelled
			default:
			}
			for _, y := range byArray[arrayKind{x.a.Array, tk}] {
				if dep := c.pair(kind, x.st, x.idx, y.st, y.idx); dep != nil {
					d.Deps = append(d.Deps, dep)
				}
			}
		}
	}
	if cfg.Dataflow {
		d.Memory, d.Deps = d.flowOnly(), d.valueBased()
	}
	d.Loops = summarizeLoops(s, d.memoryDeps())
	d.Elapsed = time.Since(start)
	return d, nil
}

// targetKind is the access kind of the targets of dependences of kind k.
func targetKind(k Kind) scop.AccessKind {
	if k == Anti || k == Output {
		return scop.Write
	}
	return scop.Read
}

func kindMatches(k Kind, src, tgt scop.AccessKind) bool {
	switch k {
	case Flow:
		return src == scop.Write && tgt == scop.Read
	case Anti:
		return src == scop.Read && tgt == scop.Write
	case Output:
		return src == scop.Write && tgt == scop.Write
	}
	return src == scop.Read && tgt == scop.Read
}

// computer holds what the per-pair computation shares.
type computer struct {
	s      *scop.Scop
	prefix string
	engine engine
}

// engine runs the emptiness tests and subtractions of Compute under
// Config.Cancel (a presburger.Query), so that a cancellation stops the
// pair in progress too, not only the next one. An error of the engine (a
// cancellation, a budget) unwinds to Compute's presburger.Recover as the
// engine's own panic would.
type engine struct{ q presburger.Query }

func (e engine) isEmpty(m presburger.Map) bool {
	empty, err := e.q.IsEmptyMap(m)
	must(err)
	return empty
}

func (e engine) removeEmptyParts(m presburger.Map) presburger.Map {
	r, err := e.q.RemoveEmptyParts(m)
	must(err)
	return r
}

func (e engine) subtractWithin(a, b presburger.Map, maxSteps int64) (presburger.Map, bool) {
	r, ok, err := e.q.SubtractWithin(a, b, maxSteps)
	must(err)
	return r, ok
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

func newComputer(s *scop.Scop) *computer {
	return &computer{s: s, prefix: "[" + strings.Join(s.Params, ", ") + "] -> "}
}

// common returns the number of leading loops S and T share.
func common(s, t *scop.Statement) int {
	c := 0
	for c < len(s.Loops) && c < len(t.Loops) && s.Loops[c] == t.Loops[c] {
		c++
	}
	return c
}

// tuple prints "S[p0, p1, ...]" with fresh dim names.
func tuple(name, p string, n int) string {
	v := make([]string, n)
	for k := range v {
		v[k] = fmt.Sprintf("%s%d", p, k)
	}
	return name + "[" + strings.Join(v, ", ") + "]"
}

// orderPiece is the part of the original execution order from S to T
// carried at level (1..common), or the loop-independent part (level 0,
// only when S is textually before T). ok is false when that part is empty.
func (c *computer) orderPiece(s, t *scop.Statement, level int) (presburger.Map, bool) {
	n := common(s, t)
	var cons []string
	if level == 0 {
		if s == t || s.Beta[n] >= t.Beta[n] {
			return presburger.Map{}, false
		}
		for k := 0; k < n; k++ {
			cons = append(cons, fmt.Sprintf("s%d = t%d", k, k))
		}
	} else {
		for k := 0; k < level-1; k++ {
			cons = append(cons, fmt.Sprintf("s%d = t%d", k, k))
		}
		k := level - 1
		if c.s.Loops[s.Loops[k]].Step > 0 {
			cons = append(cons, fmt.Sprintf("s%d < t%d", k, k))
		} else {
			cons = append(cons, fmt.Sprintf("s%d > t%d", k, k))
		}
	}
	body := ""
	if len(cons) > 0 {
		body = " : " + strings.Join(cons, " and ")
	}
	str := c.prefix + "{ " + tuple(s.Name, "s", len(s.Iters)) + " -> " + tuple(t.Name, "t", len(t.Iters)) + body + " }"
	return presburger.MustParseMap(str), true
}

// pair computes the dependence of the given kind from access si of S to
// access ti of T, or nil when it is empty.
func (c *computer) pair(kind Kind, s *scop.Statement, si int, t *scop.Statement, ti int) *Dep {
	a, b := s.Accesses[si], t.Accesses[ti]
	// Instances touching the same element: a followed by the inverse of b.
	same := a.Rel.ApplyRange(b.Rel.Reverse())
	if c.engine.isEmpty(same) {
		return nil
	}
	dep := &Dep{Kind: kind, Source: s, Target: t, SrcAccess: si, TgtAccess: ti, Array: a.Array, Common: common(s, t)}
	var rel presburger.Map
	first := true
	for level := 0; level <= dep.Common; level++ {
		ord, ok := c.orderPiece(s, t, level)
		if !ok {
			continue
		}
		part := c.engine.removeEmptyParts(same.Intersect(ord))
		if c.engine.isEmpty(part) {
			continue
		}
		dep.Levels = append(dep.Levels, level)
		dep.ByLevel = append(dep.ByLevel, part)
		if first {
			rel, first = part, false
		} else {
			rel = rel.Union(part)
		}
	}
	if first {
		return nil
	}
	dep.Rel = rel
	return dep
}

// memoryDeps returns the memory-based dependences (Deps with the
// memory-based flow dependences when Dataflow replaced them).
func (d *Deps) memoryDeps() []*Dep {
	if d.Memory == nil {
		return d.Deps
	}
	var out []*Dep
	out = append(out, d.Memory...)
	for _, x := range d.Deps {
		if x.Kind != Flow {
			out = append(out, x)
		}
	}
	return out
}

func (d *Deps) flowOnly() []*Dep {
	var out []*Dep
	for _, x := range d.Deps {
		if x.Kind == Flow {
			out = append(out, x)
		}
	}
	return out
}

// Union returns the union of the relations of the given kinds (all kinds
// present when none is given) as one UnionMap.
func (d *Deps) Union(kinds ...Kind) presburger.UnionMap {
	want := map[Kind]bool{}
	for _, k := range kinds {
		want[k] = true
	}
	var maps []presburger.Map
	for _, x := range d.Deps {
		if len(kinds) == 0 || want[x.Kind] {
			maps = append(maps, x.Rel)
		}
	}
	if len(maps) == 0 {
		return presburger.EmptyUnionMap(d.Scop.Params)
	}
	return presburger.NewUnionMap(maps...)
}

// Distances returns the set of distance vectors of x over the loops its
// statements share, and false when they share no loop. Component k is
// the number of iterations of shared loop k from source to target in
// execution order: target minus source iterator, negated for a loop with
// a negative step, so that a carried dependence has a lexicographically
// positive distance.
func (d *Deps) Distances(x *Dep) (presburger.Set, bool) {
	n := x.Common
	if n == 0 {
		return presburger.Set{}, false
	}
	c := newComputer(d.Scop)
	proj := func(st *scop.Statement) presburger.Map {
		v := make([]string, len(st.Iters))
		for k := range v {
			v[k] = fmt.Sprintf("x%d", k)
		}
		out := make([]string, n)
		for k := range out {
			out[k] = v[k]
			if d.Scop.Loops[st.Loops[k]].Step < 0 {
				out[k] = "-" + v[k]
			}
		}
		return presburger.MustParseMap(c.prefix + "{ " + st.Name + "[" + strings.Join(v, ", ") + "] -> [" + strings.Join(out, ", ") + "] }")
	}
	r := proj(x.Source).Reverse().ApplyRange(x.Rel).ApplyRange(proj(x.Target))
	return r.Deltas(), true
}

// HasDivisions reports whether a dependence relation has local variables
// (a mod or a division in a domain or a subscript): compositions and
// emptiness tests on such relations can take seconds (progfuzz
// fm_budget_*), so optional analyses skip them.
func (d *Deps) HasDivisions() bool {
	for _, x := range d.Deps {
		for _, b := range x.Rel.Parts() {
			if b.NLocal() > 0 {
				return true
			}
		}
	}
	return false
}
