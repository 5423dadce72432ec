package scheduler

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/internal/hostcache"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/ints"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scop"
)

// Tile sizes from a cache model.
//
// For a tiled band, the sizes T_k of its members are chosen so that the
// data a tile touches (its footprint) fits a budget in the L1 data cache
// (half of it; half of L2 for the bands packable rejects, see there),
// and the member whose point loop is innermost (the contiguous one, see
// innerOrder) gets a multiple of the number of elements in a cache line
// (which is also a multiple of the vector width for 4- and 8-byte
// elements on x86 and Arm). Among the sizes that fit, the largest tile
// volume (iterations per tile, i.e. reuse per byte loaded) wins; ties go
// to a larger contiguous member, then to a smaller footprint.
//
// Footprint (a documented approximation, no engine call): for a statement
// whose band rows H (width x n, constant rows dropped) are square and
// invertible with integral unit directions, v_k = H^-1 e_k is the move in
// iteration space when member k grows by one. An access with affine
// subscripts F then moves by G = F·v along the members. A reference group
// (same array, same G, any constant offset) touches, per array dimension
// d, ext_d = Σ_k |G[d][k]|·(T_k - 1) + 1 elements (exact for a
// rectangular tile of a unimodular band, an over-estimate for skewed
// ones, constant offsets such as stencil halos ignored). The last
// dimension is counted in cache lines: ceil(ext·elem/line) lines (tiles
// start at multiples of their size, so rows of a tile are mostly
// line-aligned), so that a column walk costs a whole line per element. Scalars are
// ignored. Statements whose band is not invertible are skipped (they
// have fewer loops than the band and touch less data).
//
// Cache sizes come from Config.Cache, by default the host's
// (internal/hostcache: sysfs at run time, defaults when absent). The
// element size comes from the array's declared type (8 bytes when
// unknown).

// Build-time knobs for measurements (go build -ldflags "-X
// github.com/tessera-opt/tessera/scheduler.buildL2Tile=on"): buildL2Tile
// turns Config.L2Tile on by default, buildL1Share sets the share of L1 a
// tile may use ("2": half, the default; "1": all of it), buildTileBudget
// "L2" gives every band the L2 budget (the A/B measurement of packable).
var buildL2Tile, buildL1Share, buildTileBudget string

func l1Share() int64 {
	if v, err := strconv.ParseInt(buildL1Share, 10, 64); err == nil && v >= 1 && v <= 8 {
		return v
	}
	return 2
}

// elemSize is the size in bytes of an element of the named C type.
func elemSize(typ string) int64 {
	f := strings.Fields(typ)
	has := func(w string) bool { return slices.Contains(f, w) }
	switch {
	case has("double"):
		if has("long") {
			return 16
		}
		return 8
	case has("float"):
		return 4
	case has("char"):
		return 1
	case has("short"):
		return 2
	case has("long"), has("int64_t"), has("uint64_t"), has("size_t"):
		return 8
	case has("int"), has("unsigned"), has("int32_t"), has("uint32_t"):
		return 4
	}
	return 8
}

// refGroup is one group of references with the same array and the same
// movement G along the band members.
type refGroup struct {
	array string
	elem  int64
	g     [][]int64 // per array dim, per member
}

// tileModel is the footprint model of one band.
type tileModel struct {
	width  int
	contig int // member whose point loop is innermost (-1: none)
	// time[k] marks a time member: the first member whose row uses an
	// iterator that no array subscript of its statement uses (t of a
	// stencil). Data is reused across it, so the footprint that must
	// stay in cache is the slice of one step: time members count as size
	// 1 in the footprint, and their size is at most the smallest size of
	// the other members.
	time []bool
	// timeIters lists, per time member, the statements and iterators
	// that made it one (stmt index in the plan, iterator index).
	timeIters map[int][][2]int
	groups    []refGroup
	skipped   []string // statements without a model, each with why
	// l2 selects the L2 budget (see l2Band).
	l2 bool
}

// bandModel builds the footprint model of the band [first, first+width)
// of the group; innerLast is the level of the innermost point loop.
func (p *plan) bandModel(group []int, first, width, innerLast int) *tileModel {
	m := &tileModel{width: width, contig: innerLast - first, time: make([]bool, width)}
	elems := map[string]int64{}
	for _, a := range p.scopArrays() {
		elems[a.name] = a.elem
	}
	seen := map[string]bool{}
	for _, si := range group {
		s := p.stmts[si]
		// Members with a non-constant row, and their rows.
		var mem []int
		var h [][]int64
		for k := 0; k < width; k++ {
			r := s.rows[first+k][:s.n]
			if !allZero(r) {
				mem = append(mem, k)
				h = append(h, r)
			}
		}
		if len(mem) == 0 {
			continue
		}
		if len(mem) != s.n {
			m.skipped = append(m.skipped, fmt.Sprintf("%s (%d band members over its %d loops)", s.st.Name, len(mem), s.n))
			continue
		}
		v := make([][]int64, width) // v[k]: iteration move per member k
		ok := true
		for i, k := range mem {
			u, good := solveUnit(h, i)
			if !good {
				ok = false
				break
			}
			v[k] = u
		}
		if !ok {
			m.skipped = append(m.skipped, s.st.Name+" (its band rows have no integer inverse)")
			continue
		}
		m.markTime(si, s, mem, h)
		for _, acc := range s.st.Accesses {
			f, good := accessRows(acc.Rel, s.n)
			if !good || len(f) == 0 {
				continue
			}
			g := make([][]int64, len(f))
			for d, row := range f {
				g[d] = make([]int64, width)
				for k := 0; k < width; k++ {
					if v[k] == nil {
						continue
					}
					for j := 0; j < s.n; j++ {
						g[d][k] = ints.Add(g[d][k], ints.Mul(row[j], v[k][j]))
					}
				}
			}
			key := fmt.Sprint(acc.Array, g)
			if seen[key] {
				continue
			}
			seen[key] = true
			e, ok := elems[acc.Array]
			if !ok {
				e = 8
			}
			m.groups = append(m.groups, refGroup{array: acc.Array, elem: e, g: g})
		}
	}
	return m
}

type arrayElem struct {
	name string
	elem int64
}

func (p *plan) scopArrays() []arrayElem {
	if p.scop == nil {
		return nil
	}
	var out []arrayElem
	for _, a := range p.scop.Arrays {
		out = append(out, arrayElem{a.Name, elemSize(a.ElemType)})
	}
	return out
}

// bytes is the footprint of one reference group.
func (g refGroup) bytes(sizes []int64, line int64) int64 {
	const huge = int64(1) << 50
	prod := int64(1)
	for d, row := range g.g {
		var ext int64 = 1
		for k, c := range row {
			if c < 0 {
				c = -c
			}
			ext = min(ext+min(c, 1<<20)*(sizes[k]-1), huge)
		}
		if d == len(g.g)-1 {
			span := ext * g.elem
			ext = (span + line - 1) / line * line
		}
		prod = min(prod*min(ext, 1<<30), huge)
	}
	return prod
}

// tileChoice is the outcome of the tile size choice for one band.
type tileChoice struct {
	sizes []int64
	// l2 holds the second-level factors (nil: no second level).
	l2  []int64
	why string
	// time is set when a member of the band is a time loop (no
	// subscript uses its iterator: the tiles reuse data only across its
	// iterations, and the band is skewed to tile it).
	time bool
}

// chooseSizes picks the tile sizes of a band with the model.
func (m *tileModel) chooseSizes(c hostcache.Model, lineElems int64) ([]int64, int64, bool) {
	if m.l2 || buildTileBudget == "L2" {
		if best, fp, ok := m.chooseWithin(c, lineElems, c.L2/2); ok {
			return best, fp, true
		}
	}
	if best, fp, ok := m.chooseWithin(c, lineElems, c.L1/l1Share()); ok {
		return best, fp, true
	}
	// Deep skewed bands (a 3-d stencil skewed in time) may not fit L1
	// with tiles of 8: fit L2.
	return m.chooseWithin(c, lineElems, c.L2/2)
}

func (m *tileModel) chooseWithin(c hostcache.Model, lineElems, budget int64) ([]int64, int64, bool) {
	w := m.width
	if len(m.groups) == 0 || w > 6 {
		return nil, 0, false
	}
	plain := []int64{8, 16, 32, 64, 128, 256}
	var contig []int64
	for s := max(lineElems, 8); s <= 512; s *= 2 {
		contig = append(contig, s)
	}
	cand := make([][]int64, w)
	for k := range cand {
		cand[k] = plain
		if k == m.contig {
			cand[k] = contig
		}
	}
	var best []int64
	var bestVol, bestFP int64
	cur := make([]int64, w)
	var rec func(k int)
	rec = func(k int) {
		if k == w {
			if !m.timeOK(cur) {
				return
			}
			fp := m.footprintOf(m.sliceSizes(cur), c.Line)
			if fp > budget {
				return
			}
			vol := int64(1)
			for _, s := range cur {
				vol *= s
			}
			better := best == nil || vol > bestVol
			if !better && vol == bestVol && m.contig >= 0 {
				if cur[m.contig] != best[m.contig] {
					better = cur[m.contig] > best[m.contig]
				} else {
					better = fp < bestFP
				}
			} else if !better && vol == bestVol && fp < bestFP {
				better = true
			}
			if better {
				best, bestVol, bestFP = slices.Clone(cur), vol, fp
			}
			return
		}
		for _, s := range cand[k] {
			cur[k] = s
			rec(k + 1)
		}
	}
	rec(0)
	if best == nil {
		return nil, 0, false
	}
	return best, bestFP, true
}

func (m *tileModel) footprintOf(sizes []int64, line int64) int64 {
	const huge = int64(1) << 50
	var total int64
	for _, g := range m.groups {
		total = min(total+g.bytes(sizes, line), huge)
	}
	return total
}

// untiledReason returns why the band [first, first+width) of the group is left
// untiled although it could be tiled ("" to tile it; always "" when the
// user gave the tile sizes):
//   - it has no footprint model (no invertible statement schedule, no
//     affine access): without one the tile sizes are guesses, and default
//     sizes lost where tried (docs/RESULTS.md, "Measurements formerly in
//     code comments");
//   - a time member carries no value (carriesValue): every step rewrites
//     what it reads, so tiles across steps reuse nothing.
func (b *builder) untiledReason(group []int, first, width int, inner []int) string {
	p := b.p
	if len(p.cfg.TileSizes) > 0 || len(p.cfg.BandTileSizes) > 0 {
		return ""
	}
	m := p.bandModel(group, first, width, inner[width-1])
	if len(m.groups) == 0 && m.width <= 6 {
		return "no footprint model: " + m.whyNot() + "; tile sizes would be guesses"
	}
	for k, t := range m.time {
		if t && !p.carriesValue(group, m.timeIters[k]) {
			return fmt.Sprintf("its time member %d carries no value from one step to the next: each step rewrites the arrays before it reads them, so tiles across steps reuse nothing the cache does not hold already", k)
		}
	}
	return ""
}

// carriesValue reports whether a value-based flow dependence on an array
// (not a scalar: reductions such as reg_detect's s_l += ... are carried by
// every loop) between statements of the group is carried by the loop of
// one of the time iterators its in (statement, iterator index) pairs.
// When the dataflow analysis fails, it reports true (tiling as before).
func (p *plan) carriesValue(group []int, iters [][2]int) bool {
	if len(iters) == 0 || p.scop == nil {
		return true
	}
	flows, err := p.valueFlows()
	if err != nil {
		return true
	}
	in := map[*scop.Statement]bool{}
	for _, si := range group {
		in[p.stmts[si].st] = true
	}
	depth := map[*scop.Statement]map[int]bool{}
	for _, it := range iters {
		st := p.stmts[it[0]].st
		if depth[st] == nil {
			depth[st] = map[int]bool{}
		}
		depth[st][it[1]+1] = true
	}
	rank := map[string]int{}
	for _, a := range p.scop.Arrays {
		rank[a.Name] = a.Rank
	}
	for _, dp := range flows {
		if !in[dp.Source] || !in[dp.Target] || rank[dp.Array] == 0 {
			continue
		}
		for _, l := range dp.Levels {
			if l > 0 && (depth[dp.Source][l] || depth[dp.Target][l]) {
				return true
			}
		}
	}
	return false
}

// bandKey names a band of a statement group by its first level.
func bandKey(group []int, first int) string { return fmt.Sprint(first, group) }

// chooseTileSizes returns the tile sizes of the band [first,
// first+width) of the group, whose point loops run at the levels inner
// (absolute levels; the last one innermost). The sizes come from
// BandTileSizes, TileSizes or the cache model, in this order; the choice
// and its reason are recorded for the remarks, and the sizes become the
// ones Config.tileSize reports while the band is being built. par is
// the member whose tile loop will run in parallel (-1: none): the cache
// model's size for it may shrink so that the threads share its tiles
// evenly (evenTiles, partiles.go).
func (b *builder) chooseTileSizes(group []int, first, width int, inner []int, tiled bool, par int) []int64 {
	p := b.p
	p.cfg.band = nil
	sizes := make([]int64, width)
	for k := range sizes {
		sizes[k] = p.cfg.tileSize(k)
	}
	if !tiled || width == 0 {
		p.cfg.band = sizes
		return sizes
	}
	idx := p.tiledBands
	p.tiledBands++
	ch := &tileChoice{}
	c := p.cfg.Cache.Resolve()
	m := p.bandModel(group, first, width, inner[width-1])
	m.l2 = !slices.Contains(m.time, true) && !p.packable(group) && p.writesAlong(group, inner[width-1])
	switch {
	case idx < len(p.cfg.BandTileSizes) && len(p.cfg.BandTileSizes[idx]) > 0:
		bs := p.cfg.BandTileSizes[idx]
		for k := range sizes {
			sizes[k] = 32
			if k < len(bs) && bs[k] > 0 {
				sizes[k] = bs[k]
			}
		}
		ch.why = fmt.Sprintf("tile sizes %s from line %d of the sizes file", joinSizes(sizes), idx+1)
	case len(p.cfg.TileSizes) > 0:
		ch.why = fmt.Sprintf("tile sizes %s from --tile-sizes", joinSizes(sizes))
	default:
		lineElems := c.Line / m.maxElem()
		best, fp, ok := m.chooseSizes(c, lineElems)
		if !ok {
			ch.why = fmt.Sprintf("tile sizes %s by default (no footprint model: %s)", joinSizes(sizes), m.whyNot())
			break
		}
		copy(sizes, best)
		ch.why = fmt.Sprintf("tile sizes %s from the cache model: a tile touches ~%s of %d data references, within half of the %s L1 (%s)", joinSizes(sizes), kib(fp), len(m.groups), kib(c.L1), c.Source)
		if m.l2 {
			ch.why = strings.Replace(ch.why, "half of the "+kib(c.L1)+" L1", "half of the "+kib(c.L2)+" L2 (no time member, no contraction for the packed kernels: long vectorizable point loops gain more than L1 reuse)", 1)
		} else if fp > c.L1/l1Share() {
			ch.why = strings.Replace(ch.why, "half of the "+kib(c.L1)+" L1", "half of the "+kib(c.L2)+" L2 (no size fits L1)", 1)
		}
		if m.contig >= 0 {
			ch.why += fmt.Sprintf("; innermost member %d a multiple of %d elements (one %d-byte line)", m.contig, lineElems, c.Line)
		}
		var tm []string
		for k, t := range m.time {
			if t {
				tm = append(tm, strconv.Itoa(k))
			}
		}
		if len(tm) > 0 {
			ch.why += fmt.Sprintf("; time member %s (no subscript uses its iterator: the footprint is one step's, its size at most the others')", strings.Join(tm, ", "))
		}
		if len(m.skipped) > 0 {
			ch.why += fmt.Sprintf("; the footprint model leaves out %s", strings.Join(m.skipped, ", "))
		}
		if par >= 0 {
			align := int64(1)
			if par == m.contig {
				align = lineElems
			}
			if sz, why := b.evenTiles(group, first+par, sizes[par], align); why != "" {
				sizes[par] = sz
				ch.why += "; " + why
			}
		}
	}
	ch.sizes = slices.Clone(sizes)
	ch.time = slices.Contains(m.time, true)
	if p.cfg.L2Tile || buildL2Tile == "on" {
		if f, fp, ok := m.chooseL2(sizes, c); ok {
			ch.l2 = f
			ch.why += fmt.Sprintf("; second-level tiles of %s first-level tiles (~%s, within half of the %s L2)", joinSizes(f), kib(fp), kib(c.L2))
		}
	}
	p.tileChoices[bandKey(group, first)] = ch
	p.cfg.band = sizes
	return sizes
}

func (m *tileModel) maxElem() int64 {
	e := int64(1)
	for _, g := range m.groups {
		e = max(e, g.elem)
	}
	return e
}

func (m *tileModel) whyNot() string {
	switch {
	case m.width > 6:
		return "more than 6 members"
	case len(m.groups) == 0 && len(m.skipped) > 0:
		return "no statement it can model: " + strings.Join(m.skipped, ", ")
	case len(m.groups) == 0:
		return "no affine array access"
	}
	return "no size fits the L1 budget"
}

// chooseL2 picks factors f_k (tiles of f_k first-level tiles along member
// k) so that the footprint of the second-level tile fits half of the L2
// cache, maximizing its volume; the contiguous member keeps factor 1 so
// that rows stay short enough for the prefetcher to follow.
func (m *tileModel) chooseL2(sizes []int64, c hostcache.Model) ([]int64, int64, bool) {
	w := m.width
	if len(m.groups) == 0 || w > 6 {
		return nil, 0, false
	}
	budget := c.L2 / 2
	cands := []int64{1, 2, 4, 8, 16}
	cur := make([]int64, w)
	tot := make([]int64, w)
	var best []int64
	var bestVol, bestFP int64
	var rec func(k int)
	rec = func(k int) {
		if k == w {
			vol := int64(1)
			for i, f := range cur {
				tot[i] = sizes[i] * f
				vol *= f
			}
			if vol == 1 {
				return
			}
			fp := m.footprintOf(m.sliceSizes(tot), c.Line)
			if fp > budget {
				return
			}
			if best == nil || vol > bestVol || (vol == bestVol && fp < bestFP) {
				best, bestVol, bestFP = slices.Clone(cur), vol, fp
			}
			return
		}
		for _, f := range cands {
			if (k == m.contig || m.time[k]) && f > 1 {
				break
			}
			cur[k] = f
			rec(k + 1)
		}
	}
	rec(0)
	if best == nil {
		return nil, 0, false
	}
	return best, bestFP, true
}

func joinSizes(s []int64) string {
	var parts []string
	for _, v := range s {
		parts = append(parts, strconv.FormatInt(v, 10))
	}
	return strings.Join(parts, "x")
}

func kib(b int64) string {
	if b >= 1<<20 && b%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", b>>20)
	}
	if b >= 1<<10 {
		return fmt.Sprintf("%.1f KiB", float64(b)/1024)
	}
	return fmt.Sprintf("%d B", b)
}

// ParseTileSizesFile reads a tile sizes file: one line per tiled band,
// in the order the bands are built (outermost nest first, textual
// order), each line the sizes of the band's members separated by commas
// or blanks; '#' starts a comment; a line holding only "-" (or "default")
// leaves that band to the cache model. Errors carry line:col.
func ParseTileSizesFile(text string) ([][]int64, error) {
	var out [][]int64
	for ln, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if t := strings.TrimSpace(line); t == "-" || t == "default" {
			out = append(out, nil)
			continue
		}
		var sizes []int64
		col := 0
		for _, f := range strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\r' }) {
			col = strings.Index(line[col:], f) + col
			v, err := strconv.ParseInt(f, 10, 64)
			if err != nil || v < 1 || v > 1<<20 {
				return nil, fmt.Errorf("%d:%d: bad tile size %q (want an integer from 1 to %d)", ln+1, col+1, f, 1<<20)
			}
			col += len(f)
			sizes = append(sizes, v)
		}
		out = append(out, sizes)
	}
	return out, nil
}

// addL2Tiles tiles again, with the recorded second-level factors, the
// tile band of every band that has them and carries no parallel mark
// directly above it (a mark inside second-level tile loops would fork
// threads once per second-level tile). Bands whose tile band cannot be
// found (wavefronts, bands split around a parallel mark) are left alone.
// It returns the new tree and one remark per band it tiled.
func (b *builder) addL2Tiles(t schedule.Tree) (schedule.Tree, int, error) {
	p := b.p
	want := map[string][]int64{}
	for _, bp := range b.bands {
		ch := p.tileChoices[bandKey(bp.group, bp.first)]
		if ch == nil || ch.l2 == nil || !bp.tiled || bp.wavefront {
			continue
		}
		var maps []presburger.Map
		for _, si := range bp.group {
			s := p.stmts[si]
			var ds []dim
			for k := 0; k < bp.width; k++ {
				ds = append(ds, dim{{row: slices.Clone(s.rows[bp.first+k]), den: ch.sizes[k]}})
			}
			maps = append(maps, p.dimsMap(si, ds))
		}
		want[presburger.NewUnionMap(maps...).String()] = ch.l2
	}
	if len(want) == 0 {
		return t, 0, nil
	}
	type hit struct {
		path []int
		f    []int64
	}
	var hits []hit
	t.Walk(func(c schedule.Cursor) bool {
		n := c.Node()
		if n.Kind() != schedule.KindBand {
			return true
		}
		f, ok := want[n.Band().Schedule.String()]
		if !ok {
			return true
		}
		if par, ok := c.Parent(); ok && par.Node().Kind() == schedule.KindMark {
			return true
		}
		hits = append(hits, hit{c.Path(), f})
		return true
	})
	for i := len(hits) - 1; i >= 0; i-- {
		c := t.Cursor()
		for _, k := range hits[i].path {
			c = c.Child(k)
		}
		nc, err := c.TileBand(hits[i].f)
		if err != nil {
			return t, 0, err
		}
		t = nc.Tree()
	}
	return t, len(hits), nil
}

// markTime marks the time members of a statement's band (see tileModel).
func (m *tileModel) markTime(si int, s *stmt, mem []int, h [][]int64) {
	used := make([]bool, s.n)
	found := false
	for _, acc := range s.st.Accesses {
		f, ok := accessRows(acc.Rel, s.n)
		if !ok || len(f) == 0 {
			continue
		}
		found = true
		for _, row := range f {
			for j, c := range row {
				if c != 0 {
					used[j] = true
				}
			}
		}
	}
	if !found {
		return
	}
	for j := 0; j < s.n; j++ {
		if used[j] {
			continue
		}
		for i, k := range mem {
			if h[i][j] != 0 {
				if k != m.contig {
					m.time[k] = true
					if m.timeIters == nil {
						m.timeIters = map[int][][2]int{}
					}
					m.timeIters[k] = append(m.timeIters[k], [2]int{si, j})
				}
				break
			}
		}
	}
}

// sliceSizes returns the sizes with time members set to 1.
func (m *tileModel) sliceSizes(sizes []int64) []int64 {
	out := slices.Clone(sizes)
	for k, t := range m.time {
		if t {
			out[k] = 1
		}
	}
	return out
}

// timeOK reports whether every time member's size is at most the
// smallest size of the other members.
func (m *tileModel) timeOK(sizes []int64) bool {
	minSpace := int64(-1)
	for k, t := range m.time {
		if !t && (minSpace < 0 || sizes[k] < minSpace) {
			minSpace = sizes[k]
		}
	}
	for k, t := range m.time {
		if t && minSpace > 0 && sizes[k] > minSpace {
			return false
		}
	}
	return true
}

// packable reports whether a statement of the group is a contraction the
// vector stage may turn into a packed FMA kernel: an update (+=, -=)
// of an element that reads arrays the group does not write (C[i][j] +=
// A[i][k] * B[k][j]; not A[i][j] -= A[i][k] * A[k][j], which writes
// what it reads, nor w[i][j] -= A[i][k] * A[k][j] beside the statement
// that writes A). Such bands keep tiles sized for L1, where the packed
// kernel reuses its panels; the other bands gain from L2 tiles, which
// give gcc's vectorized point loops longer trip counts. Stencil bands (a
// time member) keep L1 too. (The measurements behind this rule are in
// docs/RESULTS.md, "Measurements formerly in code comments".)
func (p *plan) packable(group []int) bool {
	written := map[string]bool{}
	for _, si := range group {
		for _, a := range p.stmts[si].st.Accesses {
			if a.Kind == scop.Write {
				written[a.Array] = true
			}
		}
	}
	for _, si := range group {
		st := p.stmts[si].st
		if u, ok := st.Update(); !ok || u.Op != scop.UpdateAdd {
			continue
		}
		reads := 0
		ok := true
		for _, a := range st.Accesses {
			if a.Kind != scop.Read || a.LHS {
				continue
			}
			if a.Rel.Space().Dim(presburger.Out) == 0 {
				continue // a scalar factor (alpha)
			}
			reads++
			if written[a.Array] {
				ok = false
			}
		}
		if ok && reads >= 2 {
			return true
		}
	}
	return false
}

// writesAlong reports whether every statement of the group whose row at
// the innermost point level is not constant writes a different element
// on each iteration of that loop (a streaming update such as
// A[i][j] -= A[i][k] * A[k][j] with j innermost), as opposed to a
// reduction into one element (A[i][j] -= A[i][k] * A[j][k] with k
// innermost, which the vector stage turns into a horizontal reduction
// that gains nothing from longer L2 tiles). Unknown subscripts count as
// a reduction.
func (p *plan) writesAlong(group []int, level int) bool {
	for _, si := range group {
		s := p.stmts[si]
		r := s.rows[level][:s.n]
		if allZero(r) {
			continue
		}
		along := false
		for _, a := range s.st.Accesses {
			if a.Kind != scop.Write {
				continue
			}
			rows, ok := a.Coefficients()
			if !ok {
				return false
			}
			for _, sub := range rows {
				for j, c := range sub {
					if j < len(r) && c != 0 && r[j] != 0 {
						along = true
					}
				}
			}
		}
		if !along {
			return false
		}
	}
	return true
}
