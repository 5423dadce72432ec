package pipeline

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/internal/vector"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scheduler"
	"github.com/tessera-opt/tessera/scop"
)

// The chooser.
//
// One region, one decision: the chooser builds the candidates its rules
// need (candidates.go) and picks one. Its rules, in order (docs/PIPELINE.md
// gives the reasons):
//
//  1. Fixed: --identity and --schedule leave nothing to choose.
//  2. Scheduler failed: the original order, which is always legal.
//  3. Parallel original: with --parallel, when the new schedule neither
//     tiles nor privatizes (tilesOrPrivatizes) nor improves the innermost
//     accesses (betterInnermost), the original order with parallel marks,
//     if it has any; with --vectorize the two meet in a vector duel.
//  4. Gains: the new schedule when it tiles or parallelizes something
//     (scheduler.Result.Gains), unless, in the sequential flow with
//     --vectorize, it tiles a time loop (scheduler.Result.TimeTiled) and
//     the original order vectorizes more of the deepest statements
//     (vectorLoss).
//  5. Vector duel: with --vectorize, the new schedule against the
//     original order prepared for the vector stage.
//  6. Do no harm: otherwise the original order.
//
// A vector duel runs both candidates through the stage table up to the
// vector stage; the new schedule wins only when its vector stage changed
// something and vectorizes more of the deepest statements
// (vector.Gains).
//
// Over the models: the expanded model is tried first when expansionGains
// prefers it; the expansion is kept only when the winner there does not
// keep the original order (the arrays would only cost), else the region's
// own model decides.

// choice is the chooser's decision on one region.
type choice struct {
	win *candidate
	// cands are the candidates built, in order (those of an expanded
	// model whose expansion was undone first).
	cands []*candidate
	// verdict says in plain words why win won.
	verdict string
	// remarks and warnings of the rules and of the scheduler run for the
	// chosen model (they join the region's only for the decision kept).
	remarks, warnings []string
}

func (ch *choice) remark(s string) { ch.remarks = append(ch.remarks, s) }

func (ch *choice) add(c *candidate) *candidate {
	ch.cands = append(ch.cands, c)
	return c
}

// decide makes c the winner for the reason why.
func (ch *choice) decide(c *candidate, why string) *choice {
	ch.win, ch.verdict = c, why
	return ch
}

// The verdicts of the rules (--explain prints them).
const (
	whyIdentity       = "--identity regenerates the original order"
	whyUser           = "--schedule gives the schedule"
	whySchedFailed    = "the scheduler failed, and the original order is always legal"
	whyParOriginal    = "the new schedule neither tiles, privatizes nor improves the innermost accesses, and the original order has parallel loops as written"
	whyGains          = "it tiles or runs in parallel what the original does not"
	whyVectorLoss     = "the new schedule tiles a time loop, and its vector code covers fewer of the deepest statements than the original order's"
	whyVectorNothing  = "the vector stage does nothing with the new schedule"
	whyVectorMore     = "its vector code covers more of the deepest statements"
	whyVectorNotMore  = "the new schedule's vector code covers no more of the deepest statements"
	whyDoNoHarm       = "the new schedule neither tiles nor parallelizes anything, and reordering alone does not pay"
	whyExpansionUndo  = "scalar expansion undone: the region keeps the original order, which does not need it"
	whyExpansionTaken = "scalar expansion kept: "
)

// choose decides the region's schedule over its model base and, when
// expansionGains prefers it, the expanded model.
func (rr *regionRun) choose(base *model) (*choice, error) {
	exp := rr.expandedModel(base) // expand.go
	if exp == nil {
		return rr.chooseOn(base)
	}
	ch, err := rr.chooseOn(exp)
	if err != nil {
		return nil, err
	}
	if !ch.win.keepsOriginalOrder() || rr.opt.forceExpand {
		ch.verdict += "; " + whyExpansionTaken + exp.expWhy
		return ch, nil
	}
	again, err := rr.chooseOn(base)
	if err != nil {
		return nil, err
	}
	again.cands = append(ch.cands, again.cands...)
	again.remarks = append([]string{whyExpansionUndo}, again.remarks...)
	again.verdict += "; " + whyExpansionUndo
	return again, nil
}

// chooseOn applies the rules to the candidates of one model.
func (rr *regionRun) chooseOn(m *model) (*choice, error) {
	ch := &choice{}
	orig := ch.add(originalCandidate(m))
	switch {
	case rr.opt.Identity:
		orig.kind, orig.name = kindIdentity, "identity schedule"
		ch.remark("identity schedule (--identity)")
		return ch.decide(orig, whyIdentity), nil
	case rr.opt.Schedule != nil:
		u, err := rr.userCandidate(m)
		if err != nil {
			return nil, err
		}
		ch.remark("user schedule from " + rr.opt.Schedule.File)
		return ch.decide(ch.add(u), whyUser), nil
	}
	sr, err := rr.scheduleOf(m)
	if err != nil {
		msg := fmt.Sprintf("original schedule kept: %v", err)
		ch.remark(msg)
		if overBudget(err) {
			ch.warnings = append(ch.warnings, msg)
		}
		return ch.decide(orig, whySchedFailed), nil
	}
	ch.remarks = append(ch.remarks, sr.Remarks...)
	ch.warnings = append(ch.warnings, sr.Warnings...)
	nw := ch.add(scheduledCandidate(m, sr))
	if rr.opt.Sched.Parallel && !tilesOrPrivatizes(sr) && !betterInnermost(sr, m.s) {
		if op := rr.originalParallelCandidate(m, ch); op != nil {
			ch.add(op)
			ch.remark(fmt.Sprintf("original schedule kept with %d parallel loop(s): the new one tiles nothing, needs no privatization and does not improve the innermost accesses", op.marked))
			if !rr.opt.Vectorize {
				return ch.decide(op, whyParOriginal), nil
			}
			return rr.vectorDuel(ch, nw, op)
		}
	}
	if sr.Gains {
		if rr.opt.Vectorize && !rr.opt.Sched.Parallel && sr.TimeTiled {
			return rr.vectorLoss(ch, nw, ch.add(rr.vectorOriginalCandidate(m, ch)))
		}
		return ch.decide(nw, whyGains), nil
	}
	if rr.opt.Vectorize {
		return rr.vectorDuel(ch, nw, ch.add(rr.vectorOriginalCandidate(m, ch)))
	}
	ch.remark("original schedule kept: the new one neither tiles nor parallelizes anything")
	return ch.decide(orig, whyDoNoHarm), nil
}

// vectorDuel runs the new schedule nw and the original-order candidate
// plain through the stages up to the vector stage and keeps nw only when
// its vector stage changed something and vector.Gains prefers it.
func (rr *regionRun) vectorDuel(ch *choice, nw, plain *candidate) (*choice, error) {
	if err := rr.runStages(nw, "vector"); err != nil {
		return nil, err
	}
	if err := rr.runStages(plain, "vector"); err != nil {
		return nil, err
	}
	if !nw.vec.Changed() {
		ch.remark("original schedule kept: --vectorize found nothing to do with the new one")
		return ch.decide(plain, whyVectorNothing), nil
	}
	if vector.Gains(nw.vec, plain.vec, nw.m.s) {
		ch.remark(fmt.Sprintf("new schedule kept for --vectorize: it vectorizes %v, the original %v", nw.vec.Vectorized(), plain.vec.Vectorized()))
		return ch.decide(nw, whyVectorMore), nil
	}
	ch.remark(fmt.Sprintf("original schedule kept: --vectorize does not vectorize more of the new one's deepest statements (new %v, original %v)", nw.vec.Vectorized(), plain.vec.Vectorized()))
	return ch.decide(plain, whyVectorNotMore), nil
}

// vectorLoss decides, in the sequential flow, between a new schedule nw
// that tiles a time loop and the original order plain: both run through
// the stages up to the vector stage, and plain wins when it vectorizes
// more of the deepest statements than nw (vector.Gains with the roles
// swapped). Tiling a time loop skews the band, and the skew can make the
// innermost point loop carry a dependence, so its statements lose their
// vector loop; the reuse across time steps that the tiles give does not
// make up for the lost lanes (docs/PIPELINE.md).
func (rr *regionRun) vectorLoss(ch *choice, nw, plain *candidate) (*choice, error) {
	if err := rr.runStages(nw, "vector"); err != nil {
		return nil, err
	}
	if err := rr.runStages(plain, "vector"); err != nil {
		return nil, err
	}
	if vector.Gains(plain.vec, nw.vec, plain.m.s) {
		ch.remark(fmt.Sprintf("original schedule kept: the new one tiles a time loop, and its vector code covers fewer of the deepest statements (new %v, original %v)", nw.vec.Vectorized(), plain.vec.Vectorized()))
		return ch.decide(plain, whyVectorLoss), nil
	}
	return ch.decide(nw, whyGains), nil
}

// overBudget reports whether the scheduler's failure is a budget it ran
// over (a warning: the user sees that the region was not optimized).
func overBudget(err error) bool {
	var be *scheduler.BudgetError
	var pe *presburger.Error
	return errors.As(err, &be) || errors.As(err, &pe) && (pe.Kind == presburger.Budget || pe.Kind == presburger.Overflow)
}

// tilesOrPrivatizes reports whether the scheduler's result tiles a band or
// makes a loop parallel through privatization or a reduction: what the
// original schedule with parallel marks cannot do.
func tilesOrPrivatizes(sr *scheduler.Result) bool {
	return len(sr.Private) > 0 || tiledTree(sr.Tree)
}

// betterInnermost reports whether the new schedule's innermost loops have
// better accesses than the original's (scheduler.InnermostScores): then
// its reordering is worth keeping even without tiling.
func betterInnermost(sr *scheduler.Result, s *scop.Scop) bool {
	n, o := scheduler.InnermostScores(sr, s)
	return n > o
}

// expansionGains is the rule that prefers the expanded model exp to the
// region's own model base (both scheduled, base possibly without
// success): the expanded model tiles deeper or parallelizes more of the
// deepest statements and is not worse in the other (schedScore.better);
// or, with --vectorize, it is not worse in either and the innermost loops
// of its new or original order have better accesses (InnermostScores)
// than the best of the base model's. It returns why ("" when not), and
// the two scores.
func (rr *regionRun) expansionGains(base, exp *model) (why string, en, on schedScore) {
	se := exp.sched
	en = scoreOf(se, exp.s)
	so, err := rr.scheduleOf(base)
	if err == nil {
		on = scoreOf(so, base.s)
	}
	switch {
	case en.better(on):
		return fmt.Sprintf("the expanded model tiles %d loop(s) and runs %d of the deepest statements in parallel, the original %d and %d", en.tiled, en.parallel, on.tiled, on.parallel), en, on
	case rr.opt.Vectorize && en.tiled >= on.tiled && en.parallel >= on.parallel:
		ne, oe := scheduler.InnermostScores(se, exp.s)
		var best int64
		if so != nil {
			n, o := scheduler.InnermostScores(so, base.s)
			best = max(n, o)
		} else {
			_, best = scheduler.InnermostScores(se, base.s)
		}
		if max(ne, oe) > best {
			return fmt.Sprintf("the expanded model's innermost loops have better accesses for the vector stage (score %d, the original model's best %d)", max(ne, oe), best), en, on
		}
	}
	return "", en, on
}

// schedScore summarizes a scheduler result: the loops in tiled bands, and
// the deepest statements of the region (the most enclosing loops: where
// the time goes) that some parallel band (wavefronts included) contains.
// Counting statements rather than bands keeps a parallel loop that only
// initializes an expanded array (a sum[k] = 0 split from its k loop) from
// counting as a gain.
type schedScore struct {
	tiled, parallel int
}

func scoreOf(sr *scheduler.Result, s *scop.Scop) schedScore {
	depth := 0
	for _, st := range s.Statements {
		depth = max(depth, len(st.Iters))
	}
	deepest := map[string]bool{}
	for _, st := range s.Statements {
		if len(st.Iters) == depth {
			deepest[st.Name] = true
		}
	}
	var sc schedScore
	par := map[string]bool{}
	for _, rm := range sr.Remarks {
		if !strings.HasPrefix(rm, "band of ") {
			continue
		}
		var w int
		if _, err := fmt.Sscanf(rm, "band of %d loop(s)", &w); err != nil {
			continue
		}
		if strings.Contains(rm, ": tiled ") {
			sc.tiled += w
		}
		if strings.Contains(rm, "parallel") && !strings.Contains(rm, "not parallel") &&
			(!strings.Contains(rm, "no loop parallel") || strings.Contains(rm, "wavefront")) {
			// "band of 2 loop(s) over S1, S2: ..."
			_, list, _ := strings.Cut(rm, " over ")
			list, _, _ = strings.Cut(list, ":")
			for _, name := range strings.Split(list, ", ") {
				if deepest[name] {
					par[name] = true
				}
			}
		}
	}
	sc.parallel = len(par)
	return sc
}

// better reports whether a tiles deeper or parallelizes more than b and is
// not worse in the other.
func (a schedScore) better(b schedScore) bool {
	return a.tiled > b.tiled && a.parallel >= b.parallel || a.parallel > b.parallel && a.tiled >= b.tiled
}
