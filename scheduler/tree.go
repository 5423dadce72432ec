package scheduler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scop"
)

// A term is floor(Row·(i,1) / Den) over a statement's iterators.
type term struct {
	row []int64
	den int64
}

// A dim is one flat schedule dimension: a sum of terms.
type dim []term

// flat is the flat schedule of every statement: flat[si] lists its dims.
// All statements have the same number of dims.
type flat [][]dim

// bandPlan records what was decided for one band of one statement group.
type bandPlan struct {
	group     []int
	first     int // first level of the band
	width     int
	tiled     bool
	wavefront bool
	parallel  int // member index of the parallel loop, -1 for none
	flatPar   int // flat dim index of the parallel loop, -1 for none
	// private lists the scalars privatized to make the parallel loop
	// parallel (nil when none was needed).
	private *Private
	// privNote says why privatization did not make a loop parallel.
	privNote string
	// redNote says why no loop of the band is a reduction.
	redNote string
	// redHint says which loop a reduction would make parallel when
	// Config.Reductions is off.
	redHint string
	// collapse counts the tile loops right below the parallel one that
	// are parallel too (coincident) and get a "collapse" mark, so that
	// package omp can print collapse(1+collapse): a band whose outer tile
	// loop has a trip count of one or two (conv2d's images, 8/32) still
	// gives every thread work.
	collapse int
	// untiled says why a band that could be tiled is not
	// (untiledReason: no footprint model, or a time member that carries
	// no value).
	untiled string
}

// builder turns the rows found by the algorithm into a schedule tree and
// the matching flat schedule.
type builder struct {
	p     *plan
	flat  flat
	bands []bandPlan
	notes []string
}

func (p *plan) buildTree(domain presburger.UnionSet) (schedule.Tree, *builder, error) {
	b := &builder{p: p, flat: make(flat, len(p.stmts))}
	all := make([]int, len(p.stmts))
	for i := range all {
		all[i] = i
	}
	child, err := b.build(all, 0, false)
	if err != nil {
		return schedule.Tree{}, nil, err
	}
	// Pad every statement's flat schedule to the same length.
	n := 0
	for _, f := range b.flat {
		n = max(n, len(f))
	}
	for si := range b.flat {
		for len(b.flat[si]) < n {
			b.flat[si] = append(b.flat[si], dim{{row: make([]int64, p.stmts[si].n+1), den: 1}})
		}
	}
	if err := b.verifyCollapse(); err != nil {
		return schedule.Tree{}, nil, err
	}
	return schedule.NewTree(schedule.NewDomain(domain, child)), b, nil
}

// verifyCollapse proves the collapsed loops of every band: for each
// dependence between statements of the band's group, instances with equal
// flat dims before the parallel loop have equal values at the parallel
// loop and at every collapsed loop, so all iterations of the collapsed
// loops may run at once.
func (b *builder) verifyCollapse() error {
	p := b.p
	for _, bp := range b.bands {
		if bp.collapse == 0 || bp.flatPar < 0 {
			continue
		}
		seen := map[any]bool{}
		for _, e := range p.edges {
			if seen[e.dep] || !slices.Contains(bp.group, e.src) || !slices.Contains(bp.group, e.dst) {
				continue
			}
			seen[e.dep] = true
			n := bp.flatPar + bp.collapse + 1
			fs := p.dimsMap(e.src, b.flat[e.src][:n])
			ft := p.dimsMap(e.dst, b.flat[e.dst][:n])
			times := e.dep.Rel.ApplyDomain(fs).ApplyRange(ft)
			sp := times.Space()
			np := sp.NParam()
			w := sp.NDim() + 1
			c := times
			for k := 0; k < bp.flatPar; k++ {
				r := make([]int64, w)
				r[np+k], r[np+n+k] = 1, -1
				c = c.AddConstraint(r, true)
			}
			for k := bp.flatPar; k < n; k++ {
				for _, sign := range []int64{1, -1} {
					r := make([]int64, w)
					r[np+k], r[np+n+k], r[w-1] = -sign, sign, -1
					if !p.isEmpty(c.AddConstraint(r, false)) {
						return fmt.Errorf("scheduler: internal error: collapsed loop %d carries the %s dependence %s->%s on %s", k, e.dep.Kind, p.stmts[e.src].st.Name, p.stmts[e.dst].st.Name, e.dep.Array)
					}
				}
			}
		}
	}
	return nil
}

// flatLen is the current flat length of the group (all equal).
func (b *builder) flatLen(group []int) int { return len(b.flat[group[0]]) }

func (b *builder) build(group []int, l int, inPar bool) (*schedule.Node, error) {
	p := b.p
	if l >= len(p.levels) {
		return nil, nil
	}
	if p.levels[l].scalar {
		vals := map[int64][]int{}
		var keys []int64
		for _, si := range group {
			s := p.stmts[si]
			v := s.rows[l][s.n]
			if _, ok := vals[v]; !ok {
				keys = append(keys, v)
			}
			vals[v] = append(vals[v], si)
			b.flat[si] = append(b.flat[si], dim{{row: slices.Clone(s.rows[l]), den: 1}})
		}
		if len(keys) == 1 {
			return b.build(group, l+1, inPar)
		}
		slices.Sort(keys)
		var filters []*schedule.Node
		for _, k := range keys {
			g := vals[k]
			child, err := b.build(g, l+1, inPar)
			if err != nil {
				return nil, err
			}
			filters = append(filters, schedule.NewFilter(b.domainOf(g), child))
		}
		// The other statements' flat dims must stay aligned: each branch
		// appended its own; pad shorter ones.
		n := 0
		for _, si := range group {
			n = max(n, len(b.flat[si]))
		}
		for _, si := range group {
			for len(b.flat[si]) < n {
				b.flat[si] = append(b.flat[si], dim{{row: make([]int64, p.stmts[si].n+1), den: 1}})
			}
		}
		return schedule.NewSequence(filters...), nil
	}
	band := p.levels[l].band
	last := l
	for last+1 < len(p.levels) && !p.levels[last+1].scalar && p.levels[last+1].band == band {
		last++
	}
	return b.buildBand(group, l, last-l+1, inPar)
}

func (b *builder) domainOf(group []int) presburger.UnionSet {
	var sets []presburger.Set
	for _, si := range group {
		sets = append(sets, b.p.stmts[si].st.Domain)
	}
	return presburger.NewUnionSet(sets...)
}

// buildBand emits the band of levels [first, first+width) for the group:
// tiled when the configuration asks and the band has two or more members,
// with a parallel mark on its outermost parallel loop unless an enclosing
// loop is already parallel.
func (b *builder) buildBand(group []int, first, width int, inPar bool) (*schedule.Node, error) {
	p := b.p
	bp := bandPlan{group: group, first: first, width: width, parallel: -1, flatPar: -1}
	relevant := p.edgesAt(group, first)
	bp.tiled = !p.cfg.NoTile && width >= 2 && b.hasLoops(group, first, width)
	// outer[k] and inner[k] are the levels of member k of the outer band
	// (the tile band, or the band itself) and of the point band.
	inner := b.innerOrder(group, first, width)
	outer := make([]int, width)
	for k := range outer {
		outer[k] = first + k
		inner[k] += first
	}
	if bp.tiled {
		bp.untiled = b.untiledReason(group, first, width, inner)
		bp.tiled = bp.untiled == ""
	}
	if !bp.tiled {
		copy(outer, inner)
	}
	// Tile sizes from the cache model or the user (tilesize.go); they are
	// what p.cfg.tileSize reports while this band is built.
	coincidentAt := func(levels []int) []bool {
		co := make([]bool, width)
		for k, l := range levels {
			co[k] = true
			for _, e := range relevant {
				if !p.zeroDistance(e, l) {
					co[k] = false
					break
				}
			}
		}
		return co
	}
	coincident := coincidentAt(outer)
	// The member whose tile loop will run in parallel, as chosen below
	// (the first coincident loop), may get a smaller tile so that the
	// threads share its tiles evenly; not when the next member is
	// coincident too: the two tile loops are then collapsed, and the
	// threads share the product of their counts.
	par := -1
	if !inPar && p.cfg.Parallel && bp.tiled {
		for k := 0; k < width; k++ {
			if coincident[k] && b.isLoop(group, outer[k]) {
				par = k
				break
			}
		}
		if par >= 0 && par+1 < width && coincident[par+1] && b.isLoop(group, outer[par+1]) {
			par = -1
		}
	}
	sizes := b.chooseTileSizes(group, first, width, inner, bp.tiled, par)
	if !inPar && p.cfg.Parallel {
		for k := 0; k < width; k++ {
			if coincident[k] && b.isLoop(group, outer[k]) {
				bp.parallel = k
				break
			}
		}
		if bp.parallel < 0 {
			b.tryPrivatize(&bp, relevant, outer, coincident)
		}
		if bp.parallel < 0 && bp.tiled {
			bp.wavefront = true
			bp.parallel = 1
		}
	}
	start := b.flatLen(group)
	// Tile dims (or the plain band dims).
	tileDims := func(si int) []dim {
		s := p.stmts[si]
		var ds []dim
		for k := 0; k < width; k++ {
			r := slices.Clone(s.rows[outer[k]])
			if bp.tiled {
				ds = append(ds, dim{{row: r, den: sizes[k]}})
			} else {
				ds = append(ds, dim{{row: r, den: 1}})
			}
		}
		if bp.wavefront {
			ds[0] = append(slices.Clone(ds[0]), ds[1]...)
		}
		return ds
	}
	pointDims := func(si int) []dim {
		s := p.stmts[si]
		var ds []dim
		for k := 0; k < width; k++ {
			ds = append(ds, dim{{row: slices.Clone(s.rows[inner[k]]), den: 1}})
		}
		return ds
	}
	outerSched := map[int][]dim{}
	for _, si := range group {
		outerSched[si] = tileDims(si)
		b.flat[si] = append(b.flat[si], outerSched[si]...)
		if bp.tiled {
			b.flat[si] = append(b.flat[si], pointDims(si)...)
		}
	}
	if bp.parallel >= 0 {
		bp.flatPar = start + bp.parallel
	}
	// Only the outermost band of a nest gets a parallel mark: a parallel
	// loop inside a sequential one forks and joins threads on every outer
	// iteration, which costs more than the loop's work unless that work
	// is large (package omp decides about the inner ones it may add).
	child, err := b.build(group, first+width, inPar || bp.parallel >= 0)
	if err != nil {
		return nil, err
	}
	if bp.tiled {
		pd := map[int][]dim{}
		for _, si := range group {
			pd[si] = pointDims(si)
		}
		pb := b.band(group, pd, 0, width, coincidentAt(inner))
		child = schedule.NewBand(pb, child)
	}
	outerCo := coincident
	if bp.wavefront {
		outerCo = make([]bool, width)
		outerCo[1] = true
	}
	if bp.parallel >= 0 && bp.tiled && !bp.wavefront && bp.private == nil {
		for m := bp.parallel + 1; m < width && coincident[m] && b.isLoop(group, outer[m]); m++ {
			bp.collapse++
		}
	}
	if bp.collapse > 0 {
		// parallel member, then one single-member band per collapsed
		// member under a "collapse" mark, then the rest of the band.
		last := bp.parallel + bp.collapse
		if last+1 < width {
			child = schedule.NewBand(b.band(group, outerSched, last+1, width, outerCo), child)
		}
		for m := last; m > bp.parallel; m-- {
			child = schedule.NewMark("collapse", schedule.NewBand(b.band(group, outerSched, m, m+1, outerCo), child))
		}
		child = schedule.NewMark("parallel", schedule.NewBand(b.band(group, outerSched, bp.parallel, bp.parallel+1, outerCo), child))
		if bp.parallel > 0 {
			child = schedule.NewBand(b.band(group, outerSched, 0, bp.parallel, outerCo), child)
		}
	} else if bp.parallel > 0 {
		inner := b.band(group, outerSched, bp.parallel, width, outerCo)
		child = schedule.NewMark("parallel", schedule.NewBand(inner, child))
		outer := b.band(group, outerSched, 0, bp.parallel, outerCo)
		child = schedule.NewBand(outer, child)
	} else {
		child = schedule.NewBand(b.band(group, outerSched, 0, width, outerCo), child)
		if bp.parallel == 0 {
			child = schedule.NewMark("parallel", child)
		}
	}
	p.cfg.band = sizes // the children chose theirs
	b.bands = append(b.bands, bp)
	b.notes = append(b.notes, b.describe(bp, relevant, coincident, outer, inner))
	return child, nil
}

// isLoop reports whether level l is a loop for some statement of the
// group (a row with a non-zero iterator coefficient): a constant row
// generates no loop, so marking it parallel would parallelize nothing.
func (b *builder) isLoop(group []int, l int) bool {
	for _, si := range group {
		s := b.p.stmts[si]
		if slices.ContainsFunc(s.rows[l][:s.n], func(c int64) bool { return c != 0 }) {
			return true
		}
	}
	return false
}

// hasLoops reports whether some statement of the group has a non-constant
// row in the band.
func (b *builder) hasLoops(group []int, first, width int) bool {
	return b.hasLoopsOnly(group, first, width) && b.tileReuse(group, first, width)
}

// hasLoopsOnly reports whether three or more members of the band are
// loops for some statement of the group.
func (b *builder) hasLoopsOnly(group []int, first, width int) bool {
	nonConst := 0
	for k := 0; k < width; k++ {
		for _, si := range group {
			s := b.p.stmts[si]
			if slices.ContainsFunc(s.rows[first+k][:s.n], func(c int64) bool { return c != 0 }) {
				nonConst++
				break
			}
		}
	}
	// Bands of two loops are not tiled: a two-loop nest touches each
	// element of a matrix a bounded number of times, so tiling it only
	// adds loop overhead and shortens the vectorized inner loop; three or
	// more loops carry the reuse that tiling exploits.
	return nonConst >= 3
}

// tileReuse reports whether tiling the band can bring reuse into cache
// that the original loop order misses: some statement has an access that
// is invariant along an original loop j moved by the band, while the loops
// inside j (in the original order) sweep at least two of its subscripts
// with iterators that are not window loops. Between two uses of an
// element the original order then touches a two-dimensional slice of the
// array (B[k][j] across i in a matrix product, A[i][j] across t in a
// stencil, in[n][c] across k in a convolution), whose size grows with
// the problem; a slice of one
// dimension or less (a row, a filter window) stays in cache untiled.
// A window loop is the inner one of two iterators summed in a subscript
// (r in in[h + r][w + s]): its trip count is a filter size, not a
// problem size. Depthwise convolution and max-pooling have no such reuse,
// and tiling them only adds overhead.
func (b *builder) tileReuse(group []int, first, width int) bool {
	for _, si := range group {
		s := b.p.stmts[si]
		inBand := make([]bool, s.n)
		for k := 0; k < width; k++ {
			for j, c := range s.rows[first+k][:s.n] {
				if c != 0 {
					inBand[j] = true
				}
			}
		}
		window := make([]bool, s.n)
		var subs [][][]int64
		for _, acc := range s.st.Accesses {
			f, ok := accessRows(acc.Rel, s.n)
			if !ok {
				// Not affine in the iterators: assume the reuse is there.
				return true
			}
			subs = append(subs, f)
			for _, row := range f {
				outer := -1
				for j, c := range row {
					if c == 0 {
						continue
					}
					if outer >= 0 {
						window[j] = true
					} else {
						outer = j
					}
				}
			}
		}
		for _, f := range subs {
			for j := 0; j < s.n; j++ {
				if !inBand[j] || !invariantAlong(f, j) {
					continue
				}
				swept := 0
				for _, row := range f {
					for j2 := j + 1; j2 < s.n; j2++ {
						if row[j2] != 0 && !window[j2] {
							swept++
							break
						}
					}
				}
				if swept >= 2 {
					return true
				}
			}
		}
	}
	return false
}

// invariantAlong reports whether no subscript of the access uses
// iterator j.
func invariantAlong(f [][]int64, j int) bool {
	for _, row := range f {
		if row[j] != 0 {
			return false
		}
	}
	return true
}

// band builds the schedule.Band of members [from, to) of the given dims.
func (b *builder) band(group []int, dims map[int][]dim, from, to int, co []bool) schedule.Band {
	var maps []presburger.Map
	for _, si := range group {
		maps = append(maps, b.p.dimsMap(si, dims[si][from:to]))
	}
	bd := schedule.NewBandFromSchedule(presburger.NewUnionMap(maps...))
	bd.Width = to - from
	bd.Permutable = true
	bd.Coincident = slices.Clone(co[from:to])
	bd.Options = make([]schedule.ASTOption, bd.Width)
	bd.IsolateOptions = make([]schedule.ASTOption, bd.Width)
	return bd
}

// dimsMap returns { S[i] -> [d_0(i), ..., d_{k-1}(i)] }.
func (p *plan) dimsMap(si int, ds []dim) presburger.Map {
	s := p.stmts[si]
	np := len(p.params)
	outNames := make([]string, len(ds))
	sp := presburger.NewMapSpace(p.params, s.st.Name, s.st.Iters, "", outNames)
	bb := presburger.NewBasicBuilder(sp)
	for k, d := range ds {
		eq := make([]int64, np+s.n+len(ds)+1)
		eq[np+s.n+k] = -1
		for _, t := range d {
			if t.den == 1 {
				for j := 0; j < s.n; j++ {
					eq[np+j] = ints.Add(eq[np+j], t.row[j])
				}
				eq[len(eq)-1] = ints.Add(eq[len(eq)-1], t.row[s.n])
				continue
			}
			div := make([]int64, bb.NCols())
			copy(div[np:], t.row[:s.n])
			div[len(div)-1] = t.row[s.n]
			idx := bb.AddDiv(div, t.den)
			col := bb.LocalCol(idx)
			for len(eq) < bb.NCols() {
				eq = append(eq[:len(eq)-1], 0, eq[len(eq)-1])
			}
			eq[col] = ints.Add(eq[col], 1)
		}
		bb.AddEq(eq)
	}
	return bb.Build().ToMap()
}

// edgesAt returns the edges inside the group that are not satisfied by the
// levels before first.
func (p *plan) edgesAt(group []int, first int) []*edge {
	var out []*edge
	for _, e := range p.edges {
		if slices.Contains(group, e.src) && slices.Contains(group, e.dst) && !p.lexPositive(e, first) {
			out = append(out, e)
		}
	}
	return out
}

// zeroDistance reports whether φ_T(t) - φ_S(s) == 0 on all of e at level l.
func (p *plan) zeroDistance(e *edge, l int) bool {
	r := p.distanceRow(e, l)
	m := e.poly.ToMap()
	neg := make([]int64, len(r))
	for i, v := range r {
		neg[i] = -v
	}
	pos := slices.Clone(r)
	pos[len(pos)-1]--
	neg[len(neg)-1]--
	return p.isEmpty(m.AddConstraint(pos, false)) && p.isEmpty(m.AddConstraint(neg, false))
}

func (b *builder) describe(bp bandPlan, relevant []*edge, co []bool, outer, inner []int) string {
	p := b.p
	var names []string
	for _, si := range bp.group {
		names = append(names, p.stmts[si].st.Name)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "band of %d loop(s) over %s", bp.width, strings.Join(names, ", "))
	if bp.tiled {
		var sz []string
		for k := 0; k < bp.width; k++ {
			sz = append(sz, fmt.Sprint(p.cfg.tileSize(k)))
		}
		fmt.Fprintf(&sb, ": tiled %s", strings.Join(sz, "x"))
	} else if bp.width < 2 {
		sb.WriteString(": not tiled (fewer than two loops)")
	} else if p.cfg.NoTile {
		sb.WriteString(": not tiled (--notile)")
	} else if bp.untiled != "" {
		fmt.Fprintf(&sb, ": not tiled (%s; --tile-sizes tiles it)", bp.untiled)
	} else if b.hasLoopsOnly(bp.group, bp.first, bp.width) {
		sb.WriteString(": not tiled (no reuse that the original loop order misses: no access is invariant along a loop of the band while the loops inside sweep two of its subscripts)")
	} else {
		sb.WriteString(": not tiled (fewer than three non-constant loops)")
	}
	if !slices.Equal(inner, outer) {
		fmt.Fprintf(&sb, "; point loops reordered %v for contiguous accesses", levelsRel(inner, bp.first))
	}
	switch {
	case !p.cfg.Parallel:
	case bp.wavefront:
		sb.WriteString("; no loop parallel, tiles run as a wavefront with the second tile loop parallel")
	case bp.parallel >= 0 && bp.private != nil && len(bp.private.Reductions) > 0:
		r := bp.private.Reductions[0]
		fmt.Fprintf(&sb, "; loop %d parallel as a reduction (%s) of %s on %s", bp.parallel, r.Op, r.Stmt, r.Array)
	case bp.parallel >= 0 && bp.private != nil:
		fmt.Fprintf(&sb, "; loop %d parallel after privatizing %s", bp.parallel, strings.Join(append(slices.Clone(bp.private.Private), bp.private.LastPrivate...), ", "))
	case bp.parallel >= 0 && bp.collapse > 0:
		fmt.Fprintf(&sb, "; loops %d..%d parallel (collapsed)", bp.parallel, bp.parallel+bp.collapse)
	case bp.parallel >= 0:
		fmt.Fprintf(&sb, "; loop %d parallel", bp.parallel)
	default:
		sb.WriteString("; not parallel")
		for k := 0; k < bp.width; k++ {
			if co[k] {
				continue
			}
			for _, e := range relevant {
				if !p.zeroDistance(e, outer[k]) {
					fmt.Fprintf(&sb, " (loop %d: %s dependence %s->%s on %s)", k, e.dep.Kind, p.stmts[e.src].st.Name, p.stmts[e.dst].st.Name, e.dep.Array)
					break
				}
			}
			break
		}
	}
	if bp.privNote != "" && bp.private == nil {
		fmt.Fprintf(&sb, "; no privatization (%s)", bp.privNote)
	}
	if bp.redNote != "" && bp.private == nil {
		fmt.Fprintf(&sb, "; no reduction (%s)", bp.redNote)
	}
	if bp.redHint != "" && bp.parallel < 0 {
		fmt.Fprintf(&sb, "; %s", bp.redHint)
	}
	return sb.String()
}

// innerOrder returns the order of the band's members for the point loops:
// the member along which the statements' accesses are best (contiguous or
// invariant) goes innermost, the others keep their order. Any order of a
// permutable band's point loops is legal.
func (b *builder) innerOrder(group []int, first, width int) []int {
	order := make([]int, width)
	for k := range order {
		order[k] = k
	}
	if width < 2 {
		return order
	}
	best, bestScore := width-1, int64(0)
	scores := make([]int64, width)
	for k := 0; k < width; k++ {
		for _, si := range group {
			scores[k] += b.p.accessScore(si, first, width, k)
		}
	}
	bestScore = scores[width-1]
	for k := width - 2; k >= 0; k-- {
		if scores[k] > bestScore {
			best, bestScore = k, scores[k]
		}
	}
	if best == width-1 {
		return order
	}
	order = append(order[:best], order[best+1:]...)
	return append(order, best)
}

// accessScore rates moving band member k by one (all other loops of the
// statement fixed) for statement si: +2 for an access whose last subscript
// moves by ±1 and the others stay, +1 for an invariant access, -1 for any
// other move. The direction is solved from the band rows completed by the
// statement's rows at other levels (conv2d's band of five loops inside
// seven: the filter loops below the band stay fixed). Statements whose
// rows do not give an invertible matrix score 0.
func (p *plan) accessScore(si, first, width, k int) int64 {
	s := p.stmts[si]
	h, ok := p.fullRows(si, first, width)
	if !ok {
		return 0
	}
	v, ok := solveUnit(h, k)
	if !ok {
		return 0
	}
	return directionScore(s.st.Accesses, s.n, v)
}

// directionScore rates moving a statement's iterators along v: +2 for an
// access whose last subscript moves by ±1 and the others stay, +1 for an
// invariant access, -1 for any other move (accesses that are not affine
// in the iterators count 0).
func directionScore(accs []*scop.Access, n int, v []int64) int64 {
	var score int64
	for _, acc := range accs {
		f, ok := accessRows(acc.Rel, n)
		if !ok {
			continue
		}
		moved := make([]int64, len(f))
		for d, row := range f {
			for j := 0; j < n; j++ {
				moved[d] = ints.Add(moved[d], ints.Mul(row[j], v[j]))
			}
		}
		last := len(moved) - 1
		zero := true
		for d := 0; d < len(moved); d++ {
			if moved[d] != 0 {
				zero = false
			}
		}
		switch {
		case zero:
			score++
		case last >= 0 && (moved[last] == 1 || moved[last] == -1) && allZero(moved[:last]):
			score += 2
		default:
			score--
		}
	}
	return score
}

// fullRows returns the statement's band rows (members first..first+width-1,
// in order) followed by rows of its other levels that are linearly
// independent of them, n rows in all, or false when the band rows are
// dependent or the statement's rows do not reach rank n.
func (p *plan) fullRows(si, first, width int) ([][]int64, bool) {
	s := p.stmts[si]
	if width > s.n {
		return nil, false
	}
	var h [][]int64
	indep := func(r []int64) bool {
		if allZero(r) {
			return false
		}
		if len(h) == 0 {
			return true
		}
		for _, c := range complement(h, s.n) {
			var dot int64
			for j := range c {
				dot = ints.Add(dot, ints.Mul(c[j], r[j]))
			}
			if dot != 0 {
				return true
			}
		}
		return false
	}
	for r := 0; r < width; r++ {
		row := s.rows[first+r][:s.n]
		if !indep(row) {
			return nil, false
		}
		h = append(h, row)
	}
	for l := 0; l < len(s.rows) && len(h) < s.n; l++ {
		if l >= first && l < first+width {
			continue
		}
		if row := s.rows[l][:s.n]; indep(row) {
			h = append(h, row)
		}
	}
	return h, len(h) == s.n
}

// InnermostScores rates the innermost loop of every statement for its
// accesses (directionScore: contiguous or invariant accesses score), in
// the schedule of res (its Hyperplanes) and in the original loop order,
// summed over the statements of s. The pipeline keeps a new schedule that
// only reorders when it scores higher (column recurrences interchanged to
// run along contiguous rows), and otherwise prefers the original order.
func InnermostScores(res *Result, s *scop.Scop) (newScore, origScore int64) {
	for k, st := range s.Statements {
		n := len(st.Iters)
		if n == 0 || k >= len(res.Hyperplanes) {
			continue
		}
		e := make([]int64, n)
		e[n-1] = 1
		origScore += directionScore(st.Accesses, n, e)
		var h [][]int64
		for _, row := range res.Hyperplanes[k] {
			if len(row) < n || allZero(row[:n]) {
				continue
			}
			r := row[:n]
			indep := len(h) == 0
			for _, c := range complement(h, n) {
				var dot int64
				for j := range c {
					dot = ints.Add(dot, ints.Mul(c[j], r[j]))
				}
				indep = indep || dot != 0
			}
			if indep {
				h = append(h, r)
			}
		}
		if len(h) != n {
			newScore += directionScore(st.Accesses, n, e)
			continue
		}
		if v, ok := solveUnit(h, n-1); ok {
			newScore += directionScore(st.Accesses, n, v)
		}
	}
	return newScore, origScore
}

func allZero(r []int64) bool {
	for _, v := range r {
		if v != 0 {
			return false
		}
	}
	return true
}

// solveUnit returns the integer direction v with h·v = e_k when h is
// invertible and the solution is integral.
func solveUnit(h [][]int64, k int) ([]int64, bool) {
	n := len(h)
	// Try the complement of the other rows: it is one vector v with
	// h_r·v = 0 for r != k; scale it so that h_k·v = 1.
	var others [][]int64
	for r := 0; r < n; r++ {
		if r != k {
			others = append(others, h[r])
		}
	}
	c := complement(others, n)
	if len(c) != 1 {
		return nil, false
	}
	v := c[0]
	var dot int64
	for j := range v {
		dot = ints.Add(dot, ints.Mul(h[k][j], v[j]))
	}
	if dot == 0 {
		return nil, false
	}
	for j := range v {
		if v[j]%dot != 0 {
			return nil, false
		}
		v[j] /= dot
	}
	return v, true
}

// accessRows returns the subscripts of an access relation
// { S[i] -> A[f(i)] } as rows over the n iterators (parameters and
// constants dropped), when every subscript is affine in the iterators.
func accessRows(rel presburger.Map, n int) ([][]int64, bool) {
	if rel.NParts() != 1 {
		return nil, false
	}
	part := rel.Part(0)
	sp := rel.Space()
	np := sp.NParam()
	nout := sp.Dim(presburger.Out)
	rows := make([][]int64, nout)
	for _, eq := range part.Eqs() {
		o := -1
		for d := 0; d < nout; d++ {
			if eq[np+n+d] != 0 {
				if o >= 0 {
					o = -2
					break
				}
				o = d
			}
		}
		if o < 0 || rows[o] != nil {
			continue
		}
		c := eq[np+n+o]
		if c != 1 && c != -1 {
			continue
		}
		if slices.ContainsFunc(eq[np+n+nout:len(eq)-1], func(x int64) bool { return x != 0 }) {
			continue
		}
		r := make([]int64, n)
		for j := 0; j < n; j++ {
			r[j] = -c * eq[np+j]
		}
		rows[o] = r
	}
	for _, r := range rows {
		if r == nil {
			return nil, false
		}
	}
	return rows, true
}

func levelsRel(ls []int, first int) []int {
	out := make([]int, len(ls))
	for i, l := range ls {
		out[i] = l - first
	}
	return out
}
