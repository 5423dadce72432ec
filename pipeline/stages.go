package pipeline

import (
	"errors"
	"fmt"

	"github.com/tessera-opt/tessera/astgen"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/internal/astopt"
	"github.com/tessera-opt/tessera/internal/hostcache"
	"github.com/tessera-opt/tessera/internal/selfcheck"
	"github.com/tessera-opt/tessera/internal/vector"
)

// The stage table.
//
// The stages that take a candidate schedule to C are declared as data, in
// execution order, each with what it reads and what it gives; runStages
// runs them, records their times (Region.Times) and stops before the next
// one once the region is cancelled (Region.stop). A candidate remembers
// how far it went, so the chooser may take candidates as far as the
// vector stage to compare them and the winner continues from there.
// init checks that every stage's needs are given by the candidate or an
// earlier stage; tests run a verifier after every stage (stages_test.go).

// stage is one entry of the table.
type stage struct {
	name  string
	needs []string // what it reads: the candidate's inputs or earlier stages' gives
	gives []string
	// skip, when set, tells whether the options turn the stage off (it
	// then gives its outputs unchanged).
	skip func(o *Options) bool
	run  func(rr *regionRun, c *candidate) error
}

// The inputs a candidate brings to the table.
var candidateGives = []string{"schedule", "model", "dependences", "privatized scalars"}

// stages is the table, in execution order.
var stages = []stage{
	{name: "check", needs: []string{"schedule", "dependences"}, gives: []string{"legal schedule"}, run: stageCheck},
	{name: "coincidence", needs: []string{"legal schedule", "dependences"}, gives: []string{"coincident flags"},
		skip: func(o *Options) bool { return o.Identity }, run: stageCoincidence},
	{name: "astgen", needs: []string{"legal schedule", "coincident flags"}, gives: []string{"AST"}, run: stageASTGen},
	{name: "astopt", needs: []string{"AST"}, gives: []string{"optimized AST"},
		skip: func(o *Options) bool { return o.NoLICM }, run: stageASTOpt},
	{name: "names", needs: []string{"optimized AST"}, gives: []string{"named AST"}, run: stageNames},
	{name: "self-check", needs: []string{"named AST", "model", "dependences", "privatized scalars"}, gives: []string{"checked AST"},
		skip: func(o *Options) bool { return o.NoSelfCheck }, run: stageSelfCheck},
	{name: "vector", needs: []string{"checked AST", "model"}, gives: []string{"vector code"},
		skip: func(o *Options) bool { return !o.Vectorize }, run: stageVector},
	{name: "emit", needs: []string{"checked AST", "vector code", "model"}, gives: []string{"C"}, run: stageEmit},
}

func init() {
	if err := checkStageTable(stages); err != nil {
		panic(err)
	}
}

// checkStageTable reports a stage that needs what neither the candidate
// nor an earlier stage gives, or a name used twice.
func checkStageTable(table []stage) error {
	have := map[string]bool{}
	for _, g := range candidateGives {
		have[g] = true
	}
	names := map[string]bool{}
	for _, st := range table {
		if names[st.name] {
			return fmt.Errorf("pipeline: stage %q twice in the table", st.name)
		}
		names[st.name] = true
		for _, n := range st.needs {
			if !have[n] {
				return fmt.Errorf("pipeline: stage %q needs %q, which no earlier stage gives", st.name, n)
			}
		}
		for _, g := range st.gives {
			have[g] = true
		}
	}
	return nil
}

// stageIndex is the position of the stage named name in the table (-1
// when there is none).
func stageIndex(name string) int {
	for k, st := range stages {
		if st.name == name {
			return k
		}
	}
	return -1
}

// runStages runs the stages of the table on c from the first one it has
// not run through the stage named upto.
func (rr *regionRun) runStages(c *candidate, upto string) error {
	last := stageIndex(upto)
	for ; c.next <= last; c.next++ {
		st := stages[c.next]
		if st.skip != nil && st.skip(&rr.opt) {
			continue
		}
		rr.stage = st.name
		if err := rr.reg.timed(st.name, func() error { return st.run(rr, c) }); err != nil {
			if _, ok := err.(*stageError); ok {
				return err
			}
			return &stageError{st.name, err}
		}
		if rr.opt.afterStage != nil {
			if err := rr.opt.afterStage(st.name, c); err != nil {
				return &stageError{st.name, fmt.Errorf("verifier: %v", err)}
			}
		}
	}
	return nil
}

// stageCheck proves the candidate's schedule legal (deps.Check).
func stageCheck(rr *regionRun, c *candidate) error {
	if ok, w := deps.Check(c.tree.Flatten(), c.m.d); !ok {
		return fmt.Errorf("schedule violates a dependence (%v); the region is kept as it was", w)
	}
	return nil
}

// stageCoincidence sets the coincident flags of the innermost loops that
// carry nothing at their position (deps.RefineInner), which the vector
// stage reads; a tree whose flags were computed from the dependences has
// them already. An engine failure leaves the flags as they are.
func stageCoincidence(rr *regionRun, c *candidate) error {
	if c.exactFlags {
		return nil
	}
	if t, err := deps.RefineInner(c.tree, c.m.d); err == nil {
		c.tree = t
	}
	return nil
}

func stageASTGen(rr *regionRun, c *candidate) (err error) {
	c.ast, err = astgen.Generate(c.tree, astgen.Config{Cancel: rr.reg.stop})
	if err == astgen.ErrCancelled {
		return errCancelled
	}
	return err
}

func stageASTOpt(rr *regionRun, c *candidate) error {
	n, st, err := astopt.Run(c.ast, rr.opt.LICM)
	if err != nil {
		return err
	}
	c.ast = n
	c.remarks = append(c.remarks, st.String())
	return nil
}

// stageNames renames the AST's bindings away from the names of the file.
func stageNames(rr *regionRun, c *candidate) error {
	c.ast = renameBindings(c.ast, rr.ids)
	return nil
}

// stageSelfCheck runs the AST in the interpreter and checks its parallel
// loops (package selfcheck).
func stageSelfCheck(rr *regionRun, c *candidate) error {
	if err := selfcheck.Replay(c.ast, c.m.s, c.m.d, rr.reg.stop); err != nil {
		return selfCheckErr(err)
	}
	if err := selfcheck.Parallel(c.ast, c.m.s, c.m.d, c.private, rr.reg.stop); err != nil {
		return selfCheckErr(err)
	}
	return nil
}

// selfCheckErr is the stage's error for a self-check's: the region's
// cancellation as it is, a refusal with what happens to the region.
func selfCheckErr(err error) error {
	if errors.Is(err, selfcheck.ErrCancelled) {
		return errCancelled
	}
	return fmt.Errorf("%v; the region is kept as it was", err)
}

func stageVector(rr *regionRun, c *candidate) error {
	vcfg := rr.opt.Vector
	vcfg.OpenMP = vcfg.OpenMP || rr.opt.Sched.Parallel
	vcfg.TypeGuard = typeGuard(rr.f, rr.r, c.m.s)
	vcfg.Macros = rr.f
	if vcfg.Cache == (hostcache.Model{}) {
		// One cache model for the tile sizes and the packed kernel's
		// blocks: the scheduler's (the host's when zero) sizes both.
		vcfg.Cache = rr.opt.Sched.Cache
	}
	vr, err := vector.Vectorize(c.ast, c.m.s, vcfg)
	if err != nil {
		return err
	}
	c.vec, c.ast = vr, vr.AST
	c.remarks = append(c.remarks, vr.Remarks()...)
	return nil
}

// stageEmit lowers the chosen candidate to C (lower.go); the region holds
// the choice (commit) by then.
func stageEmit(rr *regionRun, c *candidate) (err error) {
	c.text, err = lowerToC(&lowering{f: rr.f, r: rr.r, reg: rr.reg, opt: rr.opt, prefix: rr.prefix, s: c.m.s, d: c.m.d, n: c.ast,
		expanded: c.m.exp, ids: rr.ids, origKept: c.kind == kindOriginalParallel})
	return err
}

// commit makes the choice the region's: its model, schedule, AST and
// vector result, and the remarks of the rules and of the winner's stages.
func (rr *regionRun) commit(ch *choice) {
	reg, c := rr.reg, ch.win
	reg.Scop, reg.Deps, reg.expanded = c.m.s, c.m.d, c.m.exp
	reg.Tree, reg.AST, reg.Vector = c.tree, c.ast, c.vec
	reg.Private = c.private
	reg.Remarks = append(reg.Remarks, ch.remarks...)
	reg.Warnings = append(reg.Warnings, ch.warnings...)
	reg.Remarks = append(reg.Remarks, c.remarks...)
	for _, x := range ch.cands {
		reg.Remarks = append(reg.Remarks, "candidate: "+x.describe())
	}
	reg.Remarks = append(reg.Remarks, "chosen: "+c.name+" on "+c.m.what+": "+ch.verdict)
	reg.choice = ch
}
