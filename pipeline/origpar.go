package pipeline

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/internal/ctoken"
	"github.com/tessera-opt/tessera/internal/directive"
	"github.com/tessera-opt/tessera/internal/iss"
	"github.com/tessera-opt/tessera/internal/liveout"
	"github.com/tessera-opt/tessera/internal/omp"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scop"
)

// originalParallel returns the region's original schedule with a
// "parallel" mark on the outermost loop of each nest that carries no
// dependence (deps.LoopInfo.Parallel), applied and checked as the user
// script "parallel S i" would be (directive.Legal, then the coincident
// flags recomputed), and the number of marked loops (0: no tree). A loop
// that streams its arrays (omp.Streams) gets no mark; when every parallel
// loop does, the tree is the original schedule without marks, and the
// number is theirs.
//
// With --parallel, the chooser prefers it to a new schedule that tiles
// nothing and needs no privatization or reduction (choose.go, rule
// "parallel original"; docs/PIPELINE.md gives the reasons).
func originalParallel(s *scop.Scop, d *deps.Deps) (schedule.Tree, int, string, error) {
	par := map[int]bool{}
	for _, l := range d.Loops {
		if l.Parallel && l.Loop != nil {
			par[l.Loop.ID] = true
		}
	}
	byID := map[int]*scop.Loop{}
	for _, l := range s.Loops {
		byID[l.ID] = l
	}
	var lines []string
	streaming := 0
	for _, l := range s.Loops {
		if !par[l.ID] || len(l.Stmts) == 0 {
			continue
		}
		outer := false
		for p := l.Parent; p >= 0 && byID[p] != nil; p = byID[p].Parent {
			outer = outer || par[p]
		}
		if outer {
			continue
		}
		if omp.Streams(s, stmtNames(s, l.Stmts)) {
			// A streaming loop stays sequential (omp.Annotate): no
			// mark, which would keep the vector stage from reordering
			// its nest.
			streaming++
			continue
		}
		lines = append(lines, fmt.Sprintf("parallel %s %s", s.Statements[l.Stmts[0]].Name, l.Iter))
	}
	if len(lines) == 0 && streaming > 0 {
		// The original order without marks, as the sequential flow
		// would keep it.
		t, err := directive.Coincidence(s.Schedule, d)
		if err != nil {
			return schedule.Tree{}, 0, "", err
		}
		return t, streaming, fmt.Sprintf("the original's %d parallel loop(s) stream their arrays from memory: kept without parallel marks", streaming), nil
	}
	if len(lines) == 0 {
		// No loop is parallel as written: index-set splitting may
		// make one so (package iss).
		t, m, remark, err := iss.Split(s, d, true)
		if err != nil || m == 0 {
			return schedule.Tree{}, 0, "", nil
		}
		return t, m, remark, nil
	}
	script, err := directive.Parse(strings.Join(lines, "\n"))
	if err != nil {
		return schedule.Tree{}, 0, "", err
	}
	t, err := directive.Legal(script, s.Schedule, d)
	if err != nil {
		return schedule.Tree{}, 0, "", err
	}
	t, err = directive.Coincidence(t, d)
	if err != nil {
		return schedule.Tree{}, 0, "", err
	}
	return t, len(lines), "", nil
}

// tiledTree reports whether a band of t divides an iterator (the tile or
// strip-mine loops of a tiled band): the scheduler's hyperplanes and an
// original schedule never do.
func tiledTree(t schedule.Tree) bool {
	tiled := false
	t.Walk(func(c schedule.Cursor) bool {
		n := c.Node()
		if n.Kind() == schedule.KindBand && strings.Contains(n.Band().Schedule.String(), "floor") {
			tiled = true
		}
		return !tiled
	})
	return tiled
}

// regionInLoop reports whether a loop of the source that is not part of
// region r encloses it (a loop the front end could not model, around a
// nest it optimizes on its own): every parallel loop of the region then
// forks and joins at each iteration of that loop (omp.Config.InLoop).
func regionInLoop(f *cfront.File, r *cfront.Region) bool {
	fn := liveout.FuncAround(f, r)
	return fn != nil && ctoken.EnclosingLoop(f.Src, fn.BodyStart, r.Start) >= 0
}

// stmtNames names the statements of s at indices idx.
func stmtNames(s *scop.Scop, idx []int) []string {
	names := make([]string, len(idx))
	for k, i := range idx {
		names[k] = s.Statements[i].Name
	}
	return names
}
