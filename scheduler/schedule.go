package scheduler

import (
	"errors"
	"fmt"

	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/internal/hostcache"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// Config holds the scheduler's options; the zero value schedules with
// smart fusion, no tiling restriction (tiles of 32) and no parallel marks.
type Config struct {
	Fuse FusePolicy
	// NoTile disables tiling.
	NoTile bool
	// TileSizes[k], when the slice is not empty, is the tile size of
	// member k of every tiled band (32 for members beyond the list).
	// When it is empty, sizes come from the cache model (tilesize.go).
	TileSizes []int64
	// BandTileSizes[b], when present and not empty, gives the sizes of
	// the b-th tiled band in the order bands are built (outer bands first,
	// then the bands of the nests in textual order); it wins over
	// TileSizes. ParseTileSizesFile reads it from a sizes file.
	BandTileSizes [][]int64
	// L2Tile adds a second level of tiling, sized for the L2 cache, above
	// every tiled band that carries no parallel mark.
	L2Tile bool
	// NoNegative keeps the coefficients of every hyperplane in the
	// directions of the original loops; by default, when no hyperplane
	// exists, one loop at a time is reversed (negative coefficients) and
	// the search retried (see findReversed), at most MaxNegativeTries
	// times per schedule (default 32).
	NoNegative       bool
	MaxNegativeTries int
	// MaxILPs bounds the integer programs one schedule may solve (default
	// 400; each one is itself bounded by the engine's budget), so that
	// compile time stays predictable. When the bound is hit, Schedule
	// retries once with the simpler search of FuseNo without negative
	// coefficients (smaller programs, one nest at a time) and says so in
	// Result.Warnings; when that also runs out, it returns a
	// *BudgetError and the caller keeps the original schedule.
	MaxILPs int
	// Cache overrides the cache model that sizes tiles (zero: the
	// host's, hostcache.Host; a partial model is completed by
	// hostcache.Model.Resolve).
	Cache hostcache.Model
	// band holds the sizes of the band being built (set by
	// chooseTileSizes) so that every use of tileSize agrees.
	band []int64
	// Parallel marks the outermost parallel loop of each nest.
	Parallel bool
	// ParamValues, when not nil, holds the values that parameters are
	// expected to take (the values of the macros that stand for them in
	// the file). They serve only to size the tiles of a parallel tile
	// loop so that the threads share them evenly (evenTiles), never for
	// legality: code run with other values stays correct.
	ParamValues map[string]int64
	// Extents, when not nil, holds the declared extents of arrays that
	// are constants (by array name, one per dimension; 0: unknown): a
	// program that runs correctly accesses them within these, which
	// bounds the loops that evenTiles sizes when their parameters have
	// no value. Like ParamValues, they never serve legality.
	Extents map[string][]int64
	// MaxCoeff bounds the coefficients of the hyperplanes (default 8),
	// MaxShift their constants (default 64).
	MaxCoeff, MaxShift int64
	// NoPrivatize keeps every scalar shared: by default, with Parallel, a
	// loop whose only carried dependences go through scalars that each
	// iteration writes before reading is made parallel with those
	// scalars private (see private.go).
	NoPrivatize bool
	// Reductions, with Parallel, makes a loop whose only carried
	// dependences are those of one update statement (x += e, x *= e) on
	// the element it updates, invariant in the loop, parallel with an
	// OpenMP reduction (see reduce.go). Reordering the updates changes
	// floating-point rounding.
	Reductions bool
	// Cancel, when closed, stops the search: Schedule returns
	// ErrCancelled, before its next integer program or Farkas dual or
	// within the one in progress (the engine's queries check it every few
	// hundred solver steps) (nil: never). The caller then keeps the
	// original schedule.
	Cancel <-chan struct{}
}

// ErrCancelled is Schedule's error when Config.Cancel was closed.
var ErrCancelled = errors.New("scheduler: cancelled")

// cancelled reports whether Config.Cancel is closed.
func (c Config) cancelled() bool {
	select {
	case <-c.Cancel:
		return true
	default:
		return false
	}
}

func (c Config) maxCoeff() int64 { return positiveOr(c.MaxCoeff, 8) }
func (c Config) maxShift() int64 { return positiveOr(c.MaxShift, 64) }
func (c Config) maxILPs() int {
	if c.MaxILPs > 0 {
		return c.MaxILPs
	}
	return 400
}

// BudgetError reports that the search ran over Config.MaxILPs.
type BudgetError struct{ ILPs int }

func (e *BudgetError) Error() string {
	return fmt.Sprintf("scheduler: search budget exceeded (%d integer programs)", e.ILPs)
}

func (c Config) maxNegativeTries() int {
	if c.MaxNegativeTries > 0 {
		return c.MaxNegativeTries
	}
	return 32
}
func (c Config) maxU() int64 { return 16 }
func (c Config) maxW() int64 { return 1 << 12 }

func (c Config) tileSize(k int) int64 {
	if k < len(c.band) {
		return c.band[k]
	}
	if k < len(c.TileSizes) && c.TileSizes[k] > 0 {
		return c.TileSizes[k]
	}
	return 32
}

func positiveOr(v, d int64) int64 {
	if v > 0 {
		return v
	}
	return d
}

// Result is a legal new schedule with the remarks that explain it.
type Result struct {
	Tree schedule.Tree
	// Remarks say, band by band, what was done and why not otherwise.
	Remarks []string
	// Hyperplanes[k] lists statement k's rows (iterator coefficients then
	// the constant), scalar levels included.
	Hyperplanes [][][]int64
	// Gains reports whether some band was tiled or some loop marked
	// parallel; a schedule without either only reorders, and the caller
	// may prefer the original order (see pipeline).
	Gains bool
	// TimeTiled reports whether some tiled band has a time member: a loop
	// whose iterator no subscript uses, so that the band's tiles reuse
	// data only across its iterations (time tiling of a stencil, which
	// the band's skew makes legal).
	TimeTiled bool
	// Private lists, per parallel loop that needed it, the scalars
	// privatized on it.
	Private []Private
	// Warnings say when the search ran over its budget and a simpler
	// schedule was computed instead (see Config.MaxILPs).
	Warnings []string
}

// Schedule computes a new schedule tree for the SCoP of d. The result has
// been checked against every dependence of d, and every parallel mark has
// been proven; an error means no better schedule was found (the caller
// keeps the original one).
func Schedule(d *deps.Deps, cfg Config) (*Result, error) {
	res, err := scheduleOnce(d, cfg)
	var be *BudgetError
	if !errors.As(err, &be) || (cfg.Fuse == FuseNo && cfg.NoNegative) || cfg.cancelled() {
		return res, err
	}
	simple := cfg
	simple.Fuse, simple.NoNegative = FuseNo, true
	res, err2 := scheduleOnce(d, simple)
	if err2 != nil {
		return nil, fmt.Errorf("%w; the simpler search (--fuse=no) failed too: %v", err, err2)
	}
	w := fmt.Sprintf("%v: fell back to the simpler search of --fuse=no without negative coefficients", err)
	res.Warnings = append(res.Warnings, w)
	res.Remarks = append(res.Remarks, w)
	return res, nil
}

// guard, deferred at the package's boundaries (scheduleOnce, and the
// integer program solver whose limits the caller answers), turns the
// panics that unwind the search into errors: the package's own overflow
// (*overflowError) and the engine's errors (engineErr). Any other panic
// is a bug and goes on: guard never hides it.
func guard(errp *error) {
	r := recover()
	if r == nil {
		return
	}
	switch e := r.(type) {
	case *overflowError:
		*errp = e
		return
	}
	if pe, ok := presburger.AsError(r); ok {
		*errp = engineErr(pe)
		return
	}
	panic(r)
}

// engineErr is the scheduler's error for an error of the engine: a
// cancelled engine query is ErrCancelled, like a search stopped between
// two queries.
func engineErr(err error) error {
	if presburger.IsCancelled(err) {
		return ErrCancelled
	}
	return fmt.Errorf("scheduler: %w", err)
}

// query is the engine's Query of the search: its questions stop when
// Config.Cancel is closed.
func (c Config) query() presburger.Query { return presburger.Query{Cancel: c.Cancel} }

// isEmpty is m.IsEmpty under Config.Cancel. An engine error (a
// cancellation above all) unwinds to guard, as the engine's own panics
// do.
func (p *plan) isEmpty(m presburger.Map) bool {
	empty, err := p.cfg.query().IsEmptyMap(m)
	if err != nil {
		panic(err)
	}
	return empty
}

func scheduleOnce(d *deps.Deps, cfg Config) (res *Result, err error) {
	defer guard(&err)
	p, err := newPlan(d, cfg)
	if err != nil {
		return nil, err
	}
	if cfg.Parallel && !cfg.NoPrivatize {
		p.priv = newPrivatizer(d.Scop, p.valueFlows)
	}
	if err := p.run(); err != nil {
		return nil, err
	}
	tree, b, err := p.buildTree(d.Scop.Domain)
	if err != nil {
		return nil, err
	}
	if ok, w := deps.Check(tree.Flatten(), d); !ok {
		return nil, fmt.Errorf("scheduler: internal error: computed schedule violates a dependence (%v)", w)
	}
	if err := b.verifyParallel(d); err != nil {
		return nil, err
	}
	if cfg.L2Tile || buildL2Tile == "on" {
		t2, n, err := b.addL2Tiles(tree)
		if err == nil && n > 0 {
			if ok, _ := deps.Check(t2.Flatten(), d); ok {
				tree = t2
			}
		}
	}
	res = &Result{Tree: tree, Remarks: append(b.notes, p.negNotes...)}
	for i, bp := range b.bands {
		if ch := p.tileChoices[bandKey(bp.group, bp.first)]; ch != nil && bp.tiled && i < len(res.Remarks) {
			res.Remarks[i] += "; " + ch.why
		}
	}
	for _, bp := range b.bands {
		if bp.tiled || bp.flatPar >= 0 {
			res.Gains = true
		}
		if ch := p.tileChoices[bandKey(bp.group, bp.first)]; ch != nil && bp.tiled && ch.time {
			res.TimeTiled = true
		}
	}
	for _, bp := range b.bands {
		if bp.private != nil {
			res.Private = append(res.Private, *bp.private)
		}
	}
	for _, s := range p.stmts {
		res.Hyperplanes = append(res.Hyperplanes, s.rows)
	}
	return res, nil
}

// verifyParallel proves every parallel mark independently of how it was
// chosen: for each dependence between statements under the mark, no pair
// of instances with equal flat schedule dims before the marked loop has
// different values at it.
func (b *builder) verifyParallel(d *deps.Deps) error {
	p := b.p
	idx := map[string]int{}
	for i, s := range p.stmts {
		idx[s.st.Name] = i
	}
	for _, bp := range b.bands {
		if bp.flatPar < 0 {
			continue
		}
		in := map[int]bool{}
		for _, si := range bp.group {
			in[si] = true
		}
		// Privatized scalars: prove the privatization again on the final
		// flat schedule, then their dependences do not count.
		priv := bp.private.arrays()
		var red *Reduction
		if bp.private != nil && len(bp.private.Reductions) > 0 {
			red = &bp.private.Reductions[0]
			prefix := map[int][]dim{}
			for _, si := range bp.group {
				prefix[si] = b.flat[si][:bp.flatPar+1]
			}
			if _, why := p.proveReduction(bp.group, prefix, idx[red.Stmt], red.Array); why != "" {
				return fmt.Errorf("scheduler: internal error: reduction of %s on parallel loop %d not proven: %s", red.Array, bp.flatPar, why)
			}
		}
		if bp.private != nil && len(priv) > 0 {
			prefix := map[int][]dim{}
			for _, si := range bp.group {
				prefix[si] = b.flat[si][:bp.flatPar+1]
			}
			for x := range priv {
				if _, why := p.priv.prove(p, bp.group, prefix, x); why != "" {
					return fmt.Errorf("scheduler: internal error: privatization of %s on parallel loop %d not proven: %s", x, bp.flatPar, why)
				}
			}
		}
		for _, dp := range d.Deps {
			si, ti := idx[dp.Source.Name], idx[dp.Target.Name]
			if !in[si] || !in[ti] || priv[dp.Array] {
				continue
			}
			if red != nil && dp.Source == dp.Target && dp.Source.Name == red.Stmt && dp.Array == red.Array {
				continue
			}
			fs := p.dimsMap(si, b.flat[si][:bp.flatPar+1])
			ft := p.dimsMap(ti, b.flat[ti][:bp.flatPar+1])
			times := dp.Rel.ApplyDomain(fs).ApplyRange(ft)
			n := bp.flatPar + 1
			sp := times.Space()
			np := sp.NParam()
			w := sp.NDim() + 1
			c := times
			for k := 0; k < n-1; k++ {
				r := make([]int64, w)
				r[np+k], r[np+n+k] = 1, -1
				c = c.AddConstraint(r, true)
			}
			for _, sign := range []int64{1, -1} {
				r := make([]int64, w)
				r[np+n-1], r[np+2*n-1], r[w-1] = -sign, sign, -1
				if !p.isEmpty(c.AddConstraint(r, false)) {
					return fmt.Errorf("scheduler: internal error: parallel loop %d carries the %s dependence %s->%s on %s", n-1, dp.Kind, dp.Source.Name, dp.Target.Name, dp.Array)
				}
			}
		}
	}
	return nil
}

// ErrNoSchedule reports that the algorithm found no schedule.
var ErrNoSchedule = errNoHyperplane
