package schedule

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/presburger"
)

// This file holds the transformations of one band node: permutation
// (interchange), skewing, shifting, strip-mining, splitting and joining
// bands, wavefronts, member options and marks on single members. Each is a
// Cursor method that returns a cursor (at the transformed node) in a new
// tree; none checks legality, which is the business of package deps
// (deps.Check on the flattened result, see package directive and the
// pipeline).
//
// Most of them are one affine map T over the band's space applied to the
// partial schedule of every statement (S -> [t] becomes S -> T(t)); the
// flags follow the members they describe.

// bandAt returns the band at the cursor or an error.
func (c Cursor) bandAt(op string) (Band, *Node, error) {
	n := c.Node()
	if n.kind != KindBand {
		return Band{}, nil, fmt.Errorf("schedule: %s on a %v node", op, n.kind)
	}
	return n.band.clone(), n, nil
}

// bandSpaceMap parses { [t0, ..., t(w-1)] -> [outs] }.
func bandSpaceMap(w int, outs []string) presburger.Map {
	in := make([]string, w)
	for i := range in {
		in[i] = fmt.Sprintf("t%d", i)
	}
	s := fmt.Sprintf("{ [%s] -> [%s] }", strings.Join(in, ", "), strings.Join(outs, ", "))
	m, err := presburger.ParseMap(s)
	if err != nil {
		panic("schedule: internal error: " + s + ": " + err.Error())
	}
	return m
}

// identityOuts returns t0..t(w-1).
func identityOuts(w int) []string {
	out := make([]string, w)
	for i := range out {
		out[i] = fmt.Sprintf("t%d", i)
	}
	return out
}

// applyToSchedule applies t to the maps of sched whose statement is
// accepted by keep (all when keep is nil); the others are kept when width
// does not change, and otherwise also transformed.
func applyToSchedule(sched presburger.UnionMap, t presburger.Map, keep func(string) bool) presburger.UnionMap {
	var maps []presburger.Map
	for _, m := range sched.Maps() {
		if keep == nil || keep(m.Space().TupleName(presburger.In)) {
			m = m.ApplyRange(t)
		}
		maps = append(maps, m)
	}
	if len(maps) == 0 {
		return sched
	}
	return presburger.NewUnionMap(maps...)
}

// PermuteBand reorders the members of the band at the cursor: member k of
// the result is member perm[k] of the band (perm is a permutation of
// 0..width-1). Flags and options move with their members.
func (c Cursor) PermuteBand(perm []int) (Cursor, error) {
	b, _, err := c.bandAt("PermuteBand")
	if err != nil {
		return c, err
	}
	if len(perm) != b.Width {
		return c, fmt.Errorf("schedule: permutation of %d members for a band of width %d", len(perm), b.Width)
	}
	seen := make([]bool, b.Width)
	outs := make([]string, b.Width)
	for k, p := range perm {
		if p < 0 || p >= b.Width || seen[p] {
			return c, fmt.Errorf("schedule: %v is not a permutation", perm)
		}
		seen[p] = true
		outs[k] = fmt.Sprintf("t%d", p)
	}
	nb := b.clone()
	nb.Schedule = applyToSchedule(b.Schedule, bandSpaceMap(b.Width, outs), nil)
	for k, p := range perm {
		nb.Coincident[k] = b.Coincident[p]
		nb.Options[k] = b.Options[p]
		nb.IsolateOptions[k] = b.IsolateOptions[p]
	}
	nb.Isolate = nil
	return c.SetBand(nb), nil
}

// InterchangeBand swaps members i and j of the band at the cursor.
func (c Cursor) InterchangeBand(i, j int) (Cursor, error) {
	b, _, err := c.bandAt("InterchangeBand")
	if err != nil {
		return c, err
	}
	if i < 0 || j < 0 || i >= b.Width || j >= b.Width {
		return c, fmt.Errorf("schedule: members %d, %d out of a band of width %d", i, j, b.Width)
	}
	perm := make([]int, b.Width)
	for k := range perm {
		perm[k] = k
	}
	perm[i], perm[j] = j, i
	return c.PermuteBand(perm)
}

// SkewBand adds factor times member source to member target of the band
// at the cursor (t_target' = t_target + factor*t_source). The skewed
// member loses its coincident flag.
func (c Cursor) SkewBand(target, source int, factor int64) (Cursor, error) {
	b, _, err := c.bandAt("SkewBand")
	if err != nil {
		return c, err
	}
	if target < 0 || source < 0 || target >= b.Width || source >= b.Width || target == source {
		return c, fmt.Errorf("schedule: cannot skew member %d by member %d in a band of width %d", target, source, b.Width)
	}
	outs := identityOuts(b.Width)
	outs[target] = fmt.Sprintf("t%d + (%d)*t%d", target, factor, source)
	nb := b.clone()
	nb.Schedule = applyToSchedule(b.Schedule, bandSpaceMap(b.Width, outs), nil)
	if factor != 0 {
		nb.Coincident[target] = false
	}
	nb.Isolate = nil
	return c.SetBand(nb), nil
}

// ShiftBand adds the constant by to member k of the partial schedule of
// statement stmt only (the other statements keep theirs).
func (c Cursor) ShiftBand(k int, stmt string, by int64) (Cursor, error) {
	b, _, err := c.bandAt("ShiftBand")
	if err != nil {
		return c, err
	}
	if k < 0 || k >= b.Width {
		return c, fmt.Errorf("schedule: member %d out of a band of width %d", k, b.Width)
	}
	found := false
	for _, m := range b.Schedule.Maps() {
		if m.Space().TupleName(presburger.In) == stmt {
			found = true
		}
	}
	if !found {
		return c, fmt.Errorf("schedule: statement %s does not reach the band", stmt)
	}
	outs := identityOuts(b.Width)
	outs[k] = fmt.Sprintf("t%d + (%d)", k, by)
	nb := b.clone()
	nb.Schedule = applyToSchedule(b.Schedule, bandSpaceMap(b.Width, outs), func(s string) bool { return s == stmt })
	nb.Isolate = nil
	return c.SetBand(nb), nil
}

// StripMineBand replaces member k (value f) of the band at the cursor by
// two members size*floor(f/size) and f, in the same band (width + 1).
// Both inherit the flags and options of member k.
func (c Cursor) StripMineBand(k int, size int64) (Cursor, error) {
	b, _, err := c.bandAt("StripMineBand")
	if err != nil {
		return c, err
	}
	if k < 0 || k >= b.Width {
		return c, fmt.Errorf("schedule: member %d out of a band of width %d", k, b.Width)
	}
	if size < 1 {
		return c, fmt.Errorf("schedule: strip size %d is not positive", size)
	}
	outs := identityOuts(b.Width)
	outs = slices.Insert(outs, k, fmt.Sprintf("%d*floor(t%d/%d)", size, k, size))
	nb := b.clone()
	nb.Schedule = applyToSchedule(b.Schedule, bandSpaceMap(b.Width, outs), nil)
	nb.Width++
	nb.Coincident = slices.Insert(nb.Coincident, k, b.Coincident[k])
	nb.Options = slices.Insert(nb.Options, k, b.Options[k])
	nb.IsolateOptions = slices.Insert(nb.IsolateOptions, k, b.IsolateOptions[k])
	nb.Isolate = nil
	return c.SetBand(nb), nil
}

// selectMembers returns { [t] -> [t_first..t_(first+n-1)] }.
func selectMembers(w, first, n int) presburger.Map {
	return bandSpaceMap(w, identityOuts(w)[first:first+n])
}

// SplitBand splits the band at the cursor after its first pos members
// (0 < pos < width; isl_schedule_node_band_split): a band of the first pos
// members above a band of the others. It returns a cursor at the outer band.
func (c Cursor) SplitBand(pos int) (Cursor, error) {
	b, n, err := c.bandAt("SplitBand")
	if err != nil {
		return c, err
	}
	if pos <= 0 || pos >= b.Width {
		return c, fmt.Errorf("schedule: cannot split a band of width %d at %d", b.Width, pos)
	}
	outer, inner := b.clone(), b.clone()
	outer.Schedule = applyToSchedule(b.Schedule, selectMembers(b.Width, 0, pos), nil)
	outer.Width = pos
	outer.Coincident, outer.Options, outer.IsolateOptions = b.Coincident[:pos], b.Options[:pos], b.IsolateOptions[:pos]
	inner.Schedule = applyToSchedule(b.Schedule, selectMembers(b.Width, pos, b.Width-pos), nil)
	inner.Width = b.Width - pos
	inner.Coincident, inner.Options, inner.IsolateOptions = b.Coincident[pos:], b.Options[pos:], b.IsolateOptions[pos:]
	outer.Isolate, inner.Isolate = nil, nil
	return c.Replace(NewBand(outer, NewBand(inner, n.children[0]))), nil
}

// JoinBand merges the band at the cursor with the band that is its only
// child (the inverse of SplitBand): the members of the child follow those
// of the parent. The result is permutable only when both were.
func (c Cursor) JoinBand() (Cursor, error) {
	b, n, err := c.bandAt("JoinBand")
	if err != nil {
		return c, err
	}
	ch := n.children[0]
	if ch.kind != KindBand {
		return c, fmt.Errorf("schedule: JoinBand: the child is a %v node, not a band", ch.kind)
	}
	cb := ch.band.clone()
	byStmt := map[string]presburger.Map{}
	for _, m := range cb.Schedule.Maps() {
		byStmt[m.Space().TupleName(presburger.In)] = m
	}
	var maps []presburger.Map
	for _, m := range b.Schedule.Maps() {
		name := m.Space().TupleName(presburger.In)
		inner, ok := byStmt[name]
		if !ok {
			return c, fmt.Errorf("schedule: JoinBand: statement %s has no schedule in the inner band", name)
		}
		maps = append(maps, m.FlatRangeProduct(inner))
		delete(byStmt, name)
	}
	if len(byStmt) > 0 {
		return c, fmt.Errorf("schedule: JoinBand: the two bands schedule different statements")
	}
	nb := Band{
		Width:          b.Width + cb.Width,
		Permutable:     b.Permutable && cb.Permutable,
		Coincident:     append(b.Coincident, cb.Coincident...),
		Options:        append(b.Options, cb.Options...),
		IsolateOptions: append(b.IsolateOptions, cb.IsolateOptions...),
	}
	nb.Schedule = presburger.EmptyUnionMap(b.Schedule.Params())
	if len(maps) > 0 {
		nb.Schedule = presburger.NewUnionMap(maps...)
	}
	return c.Replace(NewBand(nb, ch.children[0])), nil
}

// WavefrontBand replaces the first member of the band at the cursor by the
// sum of its first two members (t0' = t0 + t1), the classic wavefront of a
// tile band: the remaining members of a permutable band then carry no
// dependence between tiles of one wavefront. The first member loses its
// coincident flag, the second gets it when the band is permutable (the
// caller should confirm with the dependences).
func (c Cursor) WavefrontBand() (Cursor, error) {
	b, _, err := c.bandAt("WavefrontBand")
	if err != nil {
		return c, err
	}
	if b.Width < 2 {
		return c, fmt.Errorf("schedule: a wavefront needs a band of width 2 or more")
	}
	nc, err := c.SkewBand(0, 1, 1)
	if err != nil {
		return c, err
	}
	nb := nc.Node().Band()
	nb.Coincident[1] = b.Permutable
	return nc.SetBand(nb), nil
}

// SetMemberOption sets the AST option of member k of the band at the
// cursor (outside the isolated part).
func (c Cursor) SetMemberOption(k int, o ASTOption) (Cursor, error) {
	b, _, err := c.bandAt("SetMemberOption")
	if err != nil {
		return c, err
	}
	if k < 0 || k >= b.Width {
		return c, fmt.Errorf("schedule: member %d out of a band of width %d", k, b.Width)
	}
	b.Options[k] = o
	return c.SetBand(b), nil
}

// MarkMember puts a mark node (e.g. "parallel" or "simd") right above the
// loop of member k of the band at the cursor, splitting the band so that
// the member is the first of its band. It returns a cursor at the mark.
func (c Cursor) MarkMember(k int, name string) (Cursor, error) {
	b, _, err := c.bandAt("MarkMember")
	if err != nil {
		return c, err
	}
	if k < 0 || k >= b.Width {
		return c, fmt.Errorf("schedule: member %d out of a band of width %d", k, b.Width)
	}
	if k > 0 {
		if c, err = c.SplitBand(k); err != nil {
			return c, err
		}
		c = c.Child(0)
	}
	return c.InsertMark(name), nil
}
