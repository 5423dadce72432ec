package schedule

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/presburger"
)

// IsolateFullTiles sets the isolate option of the tile band at the cursor
// and of the point band below it (as TileBand builds them, with the same
// sizes): the isolated part is the set of full tiles, those whose every
// point is an instance of each statement reaching the band, so that the
// AST generator emits a loop nest over full tiles whose inner loops have
// no min/max bounds and leaves the partial tiles to separate loop nests
// (isl's isolate option). The point band's members get isoOpt inside the
// isolated part (e.g. OptionUnroll to unroll full strips without guards).
// It returns a cursor at the tile band.
//
// We compute, per statement S with image I_S = { [t, p] } of its instances
// under the tile and point schedules, its tiles T_S (the projection on t)
// and the tiles that miss a point of their box,
//
//	Bad_S = proj_t((box ∩ (T_S × Z^w)) \ I_S),  box = { [t, p] : t <= p <= t + s - 1 }
//
// and isolate the tiles in the intersection over S of T_S \ Bad_S.
func (c Cursor) IsolateFullTiles(sizes []int64, isoOpt ASTOption) (Cursor, error) {
	tb, n, err := c.bandAt("IsolateFullTiles")
	if err != nil {
		return c, err
	}
	pn := n.children[0]
	if pn.kind != KindBand || pn.band.Width != tb.Width {
		return c, fmt.Errorf("schedule: IsolateFullTiles: the tile band has no point band of width %d below it", tb.Width)
	}
	w := tb.Width
	if len(sizes) != w {
		return c, fmt.Errorf("schedule: IsolateFullTiles with %d sizes for a band of width %d", len(sizes), w)
	}
	pb := pn.band.clone()
	// The instances reaching the band.
	reach := c.tree.Domain()
	for _, a := range c.Ancestors() {
		if a.kind == KindFilter {
			reach = reach.Intersect(a.uset)
		}
	}
	var ts, ps, cons []string
	for k := 0; k < w; k++ {
		ts = append(ts, fmt.Sprintf("t%d", k))
		ps = append(ps, fmt.Sprintf("p%d", k))
		cons = append(cons, fmt.Sprintf("t%d <= p%d <= t%d + %d", k, k, k, sizes[k]-1))
	}
	boxMap, err := presburger.ParseMap(fmt.Sprintf("{ [%s] -> [%s] : %s }", strings.Join(ts, ", "), strings.Join(ps, ", "), strings.Join(cons, " and ")))
	if err != nil {
		return c, err
	}
	box := boxMap.Wrap()
	var full *presburger.Set
	pmaps := map[string]presburger.Map{}
	for _, m := range pb.Schedule.Maps() {
		pmaps[m.Space().TupleName(presburger.In)] = m
	}
	for _, tm := range tb.Schedule.Maps() {
		sp := tm.Space()
		name := sp.TupleName(presburger.In)
		pm, ok := pmaps[name]
		if !ok {
			return c, fmt.Errorf("schedule: IsolateFullTiles: statement %s has no point schedule", name)
		}
		dom, ok := reach.SetOf(sp.Domain())
		if !ok {
			continue
		}
		// I_S as a wrapped set [[t] -> [p]].
		img := tm.IntersectDomain(dom).Reverse().ApplyRange(pm.IntersectDomain(dom)).Wrap()
		tiles := img.Unwrap().Domain()
		inBox := box.Unwrap().IntersectDomain(tiles).Wrap()
		bad := inBox.Subtract(img).Unwrap().Domain()
		f := tiles.Subtract(bad)
		if full == nil {
			full = &f
		} else {
			g := full.Intersect(f)
			full = &g
		}
	}
	if full == nil {
		return c, fmt.Errorf("schedule: IsolateFullTiles: no statement reaches the band")
	}
	uni, err := presburger.ParseMap(fmt.Sprintf("{ [%s] -> [%s] }", strings.Join(ts, ", "), strings.Join(ps, ", ")))
	if err != nil {
		return c, err
	}
	iso := uni.IntersectDomain(*full).Wrap().SetTupleName("isolate")
	pb.Isolate = &iso
	for k := range pb.IsolateOptions {
		pb.IsolateOptions[k] = isoOpt
	}
	nc := c.Child(0).SetBand(pb)
	p, _ := nc.Parent()
	// The tile band isolates the same tiles, so that the tile loops are
	// split into a loop over full tiles and the rest.
	tuni, err := presburger.ParseMap(fmt.Sprintf("{ [] -> [%s] }", strings.Join(ts, ", ")))
	if err != nil {
		return c, err
	}
	tiso := tuni.IntersectRange(*full).Wrap().SetTupleName("isolate")
	tb2 := p.Node().Band()
	tb2.Isolate = &tiso
	return p.SetBand(tb2), nil
}
