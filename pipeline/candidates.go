package pipeline

import (
	"fmt"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/internal/cexpand"
	"github.com/tessera-opt/tessera/internal/directive"
	"github.com/tessera-opt/tessera/internal/iss"
	"github.com/tessera-opt/tessera/internal/vector"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scheduler"
	"github.com/tessera-opt/tessera/scop"
)

// Models and candidates.
//
// A region may be scheduled on more than one polyhedral model: its own
// (after statement splitting, when --split keeps it) and the model in
// which scalar expansion gave dead scalars arrays of their own. A model
// memoizes its dependences and its scheduler result, so that each runs at
// most once per model however many rules consult them.
//
// A candidate is one schedule tree on one model, with how it was made. The
// chooser (choose.go) builds the candidates a rule needs and picks one;
// the stage table (stages.go) then takes the winner to C. Candidates that a
// rule compares by their vector code run through the table's first stages
// before the choice; the winner keeps what they produced.

// model is one polyhedral model of a region, with its memoized analyses.
type model struct {
	what string // in words: "the region's model", "the expanded model"
	s    *scop.Scop
	// exp is the scalar expansion that made s (nil for the region's own
	// model), expWhy why the chooser's rule expansionGains preferred it.
	exp    *cexpand.Storage
	expWhy string

	d       *deps.Deps // nil until depsOf computed it
	depsErr error
	depsRun bool

	sched    *scheduler.Result // nil until scheduleOf ran (or when it failed)
	schedErr error
	schedRun bool
}

// modelOf returns the model of s, adding it on first use.
func (rr *regionRun) modelOf(s *scop.Scop, what string) *model {
	for _, m := range rr.models {
		if m.s == s {
			return m
		}
	}
	m := &model{what: what, s: s}
	rr.models = append(rr.models, m)
	return m
}

// depsOf computes the dependences of m once (stage "deps").
func (rr *regionRun) depsOf(m *model) (*deps.Deps, error) {
	if !m.depsRun {
		m.depsRun = true
		m.depsErr = rr.reg.timed("deps", func() (err error) {
			m.d, err = deps.Compute(m.s, deps.Config{Cancel: rr.reg.stop})
			return err
		})
	}
	return m.d, m.depsErr
}

// scheduleOf runs the affine scheduler on m once (stage "scheduler"); m's
// dependences must have been computed.
func (rr *regionRun) scheduleOf(m *model) (*scheduler.Result, error) {
	if !m.schedRun {
		m.schedRun = true
		m.schedErr = rr.reg.timed("scheduler", func() (err error) {
			cfg := rr.opt.Sched
			cfg.ParamValues = rr.paramValues(m.s) // paramvalues.go
			cfg.Extents = rr.arrayExtents(m.s)
			m.sched, err = scheduler.Schedule(m.d, cfg)
			return err
		})
		if m.schedErr != nil {
			m.sched = nil
		}
	}
	return m.sched, m.schedErr
}

// candKind says how a candidate was made.
type candKind int

const (
	// kindOriginal is the model's original schedule (the order of the
	// source, or of the expanded or split statements).
	kindOriginal candKind = iota
	// kindScheduled is the affine scheduler's result.
	kindScheduled
	// kindOriginalParallel is the original schedule with "parallel" marks
	// on the outermost loops that carry no dependence (origpar.go), or
	// cut by index-set splitting so that some do (package iss).
	kindOriginalParallel
	// kindVectorOriginal is the original schedule with coincident flags
	// from the dependences, for the vector stage (vectorOriginal).
	kindVectorOriginal
	// kindUser is a user schedule (--schedule).
	kindUser
	// kindIdentity is the original schedule under --identity.
	kindIdentity
)

// candidate is one schedule of a region, with how it was made and what the
// stages produced from it so far.
type candidate struct {
	name string // in words, for --explain
	how  string // how it was made
	kind candKind
	m    *model
	tree schedule.Tree
	// private lists the scalars privatized on parallel loops (the
	// scheduler's; nil for the other kinds).
	private []scheduler.Private
	// exactFlags: the coincident flags of tree were computed from the
	// dependences (directive.Coincidence), so the coincidence stage has
	// nothing to add.
	exactFlags bool
	// marked is the number of loops marked parallel
	// (kindOriginalParallel).
	marked int

	// The stages' outputs (stages.go); next is the index in the stage
	// table of the first stage not yet run.
	next    int
	ast     ast.Node
	vec     *vector.Result
	text    string
	remarks []string
}

// keepsOriginalOrder reports whether c runs the model's statements in the
// original order, with nothing gained from another model: the original
// schedule itself or its vector-oriented copy. (The original with
// parallel marks gains parallel loops.)
func (c *candidate) keepsOriginalOrder() bool {
	return c.kind == kindOriginal || c.kind == kindVectorOriginal
}

// describe is the candidate's line of --explain and of --dump=candidates.
func (c *candidate) describe() string {
	s := fmt.Sprintf("%s on %s: %s", c.name, c.m.what, c.how)
	if c.vec != nil {
		s += fmt.Sprintf("; its vector code covers %d statement(s)", len(c.vec.Vectorized()))
	}
	return s
}

// originalCandidate is the model's original schedule.
func originalCandidate(m *model) *candidate {
	return &candidate{name: "original order", how: "the statements' order in the source", kind: kindOriginal, m: m, tree: m.s.Schedule}
}

// scheduledCandidate is the affine scheduler's result on m.
func scheduledCandidate(m *model, sr *scheduler.Result) *candidate {
	how := "the affine scheduler's hyperplanes"
	if tiledTree(sr.Tree) {
		how += ", tiled"
	}
	if len(sr.Private) > 0 {
		how += fmt.Sprintf(", %d scalar(s) privatized", len(sr.Private))
	}
	return &candidate{name: "new schedule", how: how, kind: kindScheduled, m: m, tree: sr.Tree, private: sr.Private}
}

// originalParallelCandidate is the original schedule of m with parallel
// marks (originalParallel); nil when it marks nothing.
func (rr *regionRun) originalParallelCandidate(m *model, ch *choice) *candidate {
	orig, marked, remark, err := originalParallel(m.s, m.d)
	if err != nil {
		ch.remark(fmt.Sprintf("original schedule with parallel marks refused: %v", err))
		return nil
	}
	if remark != "" {
		ch.remark(remark)
	}
	if marked == 0 {
		return nil
	}
	return &candidate{name: "original order with parallel marks", how: fmt.Sprintf("%d loop(s) of the source parallel as written (marked unless they stream their arrays from memory)", marked),
		kind: kindOriginalParallel, m: m, tree: orig, exactFlags: true, marked: marked}
}

// vectorOriginalCandidate is the original schedule of m prepared for the
// vector stage (vectorOriginal).
func (rr *regionRun) vectorOriginalCandidate(m *model, ch *choice) *candidate {
	t, exact := vectorOriginal(ch, m.s, m.d)
	return &candidate{name: "original order for the vector stage", how: "the source's order with coincident flags from the dependences",
		kind: kindVectorOriginal, m: m, tree: t, exactFlags: exact}
}

// vectorOriginal is the region's original schedule with the coincident
// flags computed from the dependences, which the vector stage reads
// (marks, interchange): without them no loop of the original counts as
// parallel. On an error the schedule is returned as it is (exact false).
// When the innermost loop of a one-statement region carries dependences
// only through a hyperplane x = y, it is cut there (package iss: a j loop that
// reads a[i][k] written at j = k) and the remark says so.
func vectorOriginal(ch *choice, s *scop.Scop, d *deps.Deps) (schedule.Tree, bool) {
	t, err := directive.Coincidence(s.Schedule, d)
	if err != nil {
		return s.Schedule, false
	}
	if st, m, remark, err := iss.Split(s, d, false); err == nil && m > 0 {
		ch.remark(remark)
		return st, true
	}
	return t, true
}

// userCandidate applies the user schedule to m.
func (rr *regionRun) userCandidate(m *model) (*candidate, error) {
	var tree schedule.Tree
	if err := rr.reg.timed("scheduler", func() (err error) {
		tree, err = rr.opt.Schedule.apply(m.s, m.d, rr.f, rr.r)
		return err
	}); err != nil {
		return nil, err
	}
	return &candidate{name: "user schedule", how: "from " + rr.opt.Schedule.File, kind: kindUser, m: m, tree: tree}, nil
}

// regionRun is one region's run: its inputs, its models and the stage in
// progress (named in an internal error).
type regionRun struct {
	f      *cfront.File
	r      *cfront.Region
	reg    *Region
	opt    Options
	prefix string
	ids    map[string]bool // the names the file uses (generated names avoid them)
	models []*model
	stage  string
}
