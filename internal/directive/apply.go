package directive

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// state is the interpreter of a script: the current tree and, per
// statement, the loop labels it knows. A label names an affine expression
// of the statement's iterators; it denotes the band member whose partial
// schedule for the statement equals that expression on the statement's
// domain. Initially every iterator is a label of itself.
type state struct {
	tree   schedule.Tree
	params []string
	dom    map[string]presburger.Set
	iters  map[string][]string
	labels map[string]map[string]string // statement -> label -> expression
}

func newState(tree schedule.Tree) (*state, error) {
	if tree.Root().Kind() != schedule.KindDomain {
		return nil, fmt.Errorf("directive: the schedule tree has no domain node")
	}
	st := &state{tree: tree, dom: map[string]presburger.Set{}, iters: map[string][]string{}, labels: map[string]map[string]string{}}
	d := tree.Domain()
	st.params = d.Params()
	for _, s := range d.Sets() {
		sp := s.Space()
		name := sp.TupleName(presburger.Out)
		st.dom[name] = s
		its := sp.DimNames(presburger.Out)
		for i, it := range its {
			if it == "" {
				its[i] = fmt.Sprintf("i%d", i)
			}
		}
		st.iters[name] = its
		st.labels[name] = map[string]string{}
		for _, it := range its {
			st.labels[name][it] = it
		}
	}
	return st, nil
}

// Apply runs the script on tree (normally the original schedule of a
// region, whose domain tuples are the statements S0, S1, ... and whose
// dims are the source iterator names). It returns the final tree and the
// tree after each command (for blaming an illegal result on a command).
// It does not check legality: see Check.
func Apply(s *Script, tree schedule.Tree) (out schedule.Tree, steps []schedule.Tree, err error) {
	defer func() {
		if err != nil {
			out = tree
		}
	}()
	defer presburger.Recover(&err)
	st, err := newState(tree)
	if err != nil {
		return tree, nil, err
	}
	for _, c := range s.Commands {
		if err := st.run(c); err != nil {
			return tree, steps, err
		}
		steps = append(steps, st.tree)
	}
	return st.tree, steps, nil
}

func (st *state) stmt(n Name) error {
	if _, ok := st.dom[n.Name]; !ok {
		var known []string
		for k := range st.dom {
			known = append(known, k)
		}
		sort.Strings(known)
		return errAt(n.Pos, "no statement %s in the region (statements: %s)", n.Name, strings.Join(known, ", "))
	}
	return nil
}

// memberMap returns the partial schedule of member k of band b for stmt.
func memberMap(b schedule.Band, stmt string, k int) (presburger.Map, bool) {
	for _, m := range b.Schedule.Maps() {
		if m.Space().TupleName(presburger.In) != stmt {
			continue
		}
		w := m.Space().Dim(presburger.Out)
		if w != b.Width {
			return m, false
		}
		if k+1 < w {
			m = m.ProjectOut(presburger.Out, k+1, w-k-1)
		}
		if k > 0 {
			m = m.ProjectOut(presburger.Out, 0, k)
		}
		return m, true
	}
	return presburger.Map{}, false
}

// exprMap returns { S[iters] -> [expr] } on the statement's domain.
func (st *state) exprMap(stmt, expr string) (presburger.Map, error) {
	src := fmt.Sprintf("[%s] -> { %s[%s] -> [%s] }", strings.Join(st.params, ", "), stmt, strings.Join(st.iters[stmt], ", "), expr)
	m, err := presburger.ParseMap(src)
	if err != nil {
		return m, err
	}
	return m.IntersectDomain(st.dom[stmt]), nil
}

// stmtPath returns the cursors of the band nodes on the path from the root
// to the leaf of stmt (outermost first).
func (st *state) stmtPath(stmt string) []schedule.Cursor {
	var bands []schedule.Cursor
	c := st.tree.Cursor()
	sp := st.dom[stmt].Space()
	for {
		n := c.Node()
		switch n.Kind() {
		case schedule.KindLeaf:
			return bands
		case schedule.KindBand:
			bands = append(bands, c)
			c = c.Child(0)
		case schedule.KindSequence, schedule.KindSet:
			next := -1
			for i := 0; i < n.NChildren() && next < 0; i++ {
				if f, ok := n.Child(i).Filter().SetOf(sp); ok && !f.Intersect(st.dom[stmt]).IsEmpty() {
					next = i
				}
			}
			if next < 0 {
				return bands
			}
			c = c.Child(next)
		default:
			if n.NChildren() == 0 {
				return bands
			}
			c = c.Child(0)
		}
	}
}

// find returns the band and member of the loop labelled loop of stmt.
func (st *state) find(stmt string, label string) (schedule.Cursor, int, bool) {
	expr, ok := st.labels[stmt][label]
	if !ok {
		return schedule.Cursor{}, 0, false
	}
	want, err := st.exprMap(stmt, expr)
	if err != nil {
		return schedule.Cursor{}, 0, false
	}
	for _, c := range st.stmtPath(stmt) {
		b := c.Node().Band()
		for k := 0; k < b.Width; k++ {
			m, ok := memberMap(b, stmt, k)
			if ok && m.IntersectDomain(st.dom[stmt]).IsEqual(want) {
				return c, k, true
			}
		}
	}
	return schedule.Cursor{}, 0, false
}

// resolve is find with an error at the loop name.
func (st *state) resolve(stmt Name, loop Name) (schedule.Cursor, int, error) {
	if err := st.stmt(stmt); err != nil {
		return schedule.Cursor{}, 0, err
	}
	c, k, ok := st.find(stmt.Name, loop.Name)
	if !ok {
		if _, known := st.labels[stmt.Name][loop.Name]; known {
			return c, k, errAt(loop.Pos, "loop %s of %s is no longer a loop of the schedule (an earlier command changed it)", loop.Name, stmt.Name)
		}
		return c, k, errAt(loop.Pos, "%s has no loop %s (loops: %s)", stmt.Name, loop.Name, strings.Join(st.labelNames(stmt.Name), ", "))
	}
	return c, k, nil
}

func (st *state) labelNames(stmt string) []string {
	var out []string
	for l := range st.labels[stmt] {
		if _, _, ok := st.find(stmt, l); ok {
			out = append(out, l)
		}
	}
	sort.Strings(out)
	return out
}

// nest resolves loops of stmt and joins the bands from the outermost of
// them down to the innermost into one band, so that they become members
// of one band; it returns that band and the members.
func (st *state) nest(stmt Name, loops []Name) (schedule.Cursor, []int, error) {
	for {
		var cs []schedule.Cursor
		var ks []int
		for _, l := range loops {
			c, k, err := st.resolve(stmt, l)
			if err != nil {
				return c, nil, err
			}
			cs = append(cs, c)
			ks = append(ks, k)
		}
		outer, inner := 0, 0
		for i, c := range cs {
			if c.Depth() < cs[outer].Depth() {
				outer = i
			}
			if c.Depth() > cs[inner].Depth() {
				inner = i
			}
		}
		if cs[outer].Depth() == cs[inner].Depth() {
			for k, o := range cs[0].Node().Band().Options {
				if o == schedule.OptionUnroll {
					return cs[0], nil, errAt(loops[0].Pos, "the loops of %s to transform include an unrolled loop (member %d of their band): give unroll after the commands that move or tile loops", stmt.Name, k)
				}
			}
			return cs[0], ks, nil
		}
		j, err := cs[outer].JoinBand()
		if err != nil {
			k := cs[outer].Node().Child(0).Kind()
			hint := ""
			switch k {
			case schedule.KindSequence, schedule.KindSet:
				hint = "; distribute first"
			case schedule.KindMark:
				hint = "; give parallel and vectorize after the other commands"
			}
			return j, nil, errAt(loops[inner].Pos, "loops %s and %s of %s are not perfectly nested (a %v node lies between them%s)",
				loops[outer].Name, loops[inner].Name, stmt.Name, k, hint)
		}
		st.tree = j.Tree()
	}
}

// stmtsAt returns, for every statement with a partial schedule in the band
// at c, the labels that name member k.
func (st *state) labelsAt(c schedule.Cursor, k int) map[string][]string {
	out := map[string][]string{}
	path := c.Path()
	for _, m := range c.Node().Band().Schedule.Maps() {
		stmt := m.Space().TupleName(presburger.In)
		for l := range st.labels[stmt] {
			lc, lk, ok := st.find(stmt, l)
			if ok && lk == k && slices.Equal(lc.Path(), path) {
				out[stmt] = append(out[stmt], l)
			}
		}
	}
	for _, ls := range out {
		sort.Strings(ls)
	}
	return out
}

func (st *state) run(c Command) error {
	fail := func(err error) error {
		if _, ok := err.(*Error); ok {
			return err
		}
		return errAt(c.Pos, "%s: %v", c.Op, err)
	}
	if c.Op == "region" {
		return nil // selected by Script.ForRegion
	}
	if err := st.stmt(c.Stmt); err != nil {
		return err
	}
	switch c.Op {
	case "tile":
		cur, ks, err := st.nest(c.Stmt, c.Loops)
		if err != nil {
			return err
		}
		for i := range ks {
			if ks[i] != ks[0]+i {
				return errAt(c.Loops[i].Pos, "tile: the loops %s must be consecutive and in loop order (interchange them first)", names(c.Loops))
			}
		}
		var at []map[string][]string
		for _, k := range ks {
			at = append(at, st.labelsAt(cur, k))
		}
		if ks[0] > 0 {
			if cur, err = cur.SplitBand(ks[0]); err != nil {
				return fail(err)
			}
			cur = cur.Child(0)
		}
		if w := cur.Node().Band().Width; w > len(ks) {
			if cur, err = cur.SplitBand(len(ks)); err != nil {
				return fail(err)
			}
		}
		if cur, err = cur.TileBand(c.Ints); err != nil {
			return fail(err)
		}
		if c.Isolate {
			if cur, err = cur.IsolateFullTiles(c.Ints, schedule.OptionDefault); err != nil {
				return fail(err)
			}
		}
		st.tree = cur.Tree()
		for i, m := range at {
			st.addTileLabels(m, c.Ints[i])
		}
	case "stripmine", "unroll":
		cur, k, err := st.resolve(c.Stmt, c.Loops[0])
		if err != nil {
			return err
		}
		at := st.labelsAt(cur, k)
		if cur, err = cur.StripMineBand(k, c.Ints[0]); err != nil {
			return fail(err)
		}
		if c.Op == "unroll" {
			if cur, err = unrollStrip(cur, k, c.Ints[0]); err != nil {
				return fail(err)
			}
		}
		st.tree = cur.Tree()
		st.addTileLabels(at, c.Ints[0])
	case "interchange":
		cur, ks, err := st.nest(c.Stmt, c.Loops)
		if err != nil {
			return err
		}
		if ks[0] == ks[1] {
			return errAt(c.Loops[1].Pos, "interchange: %s and %s are the same loop", c.Loops[0].Name, c.Loops[1].Name)
		}
		if cur, err = cur.InterchangeBand(ks[0], ks[1]); err != nil {
			return fail(err)
		}
		st.tree = cur.Tree()
	case "skew":
		cur, ks, err := st.nest(c.Stmt, c.Loops)
		if err != nil {
			return err
		}
		if ks[0] == ks[1] {
			return errAt(c.Loops[1].Pos, "skew: %s and %s are the same loop", c.Loops[0].Name, c.Loops[1].Name)
		}
		tgt, src := st.labelsAt(cur, ks[0]), st.labelsAt(cur, ks[1])
		if cur, err = cur.SkewBand(ks[0], ks[1], c.Ints[0]); err != nil {
			return fail(err)
		}
		st.tree = cur.Tree()
		for stmt, ls := range tgt {
			srcs := src[stmt]
			for _, l := range ls {
				if len(srcs) == 0 {
					delete(st.labels[stmt], l)
					continue
				}
				st.labels[stmt][l] = fmt.Sprintf("(%s) + (%d)*(%s)", st.labels[stmt][l], c.Ints[0], st.labels[stmt][srcs[0]])
			}
		}
	case "shift":
		cur, k, err := st.resolve(c.Stmt, c.Loops[0])
		if err != nil {
			return err
		}
		at := st.labelsAt(cur, k)
		if cur, err = cur.ShiftBand(k, c.Stmt.Name, c.Ints[0]); err != nil {
			return fail(err)
		}
		st.tree = cur.Tree()
		for _, l := range at[c.Stmt.Name] {
			st.labels[c.Stmt.Name][l] = fmt.Sprintf("(%s) + (%d)", st.labels[c.Stmt.Name][l], c.Ints[0])
		}
	case "parallel", "vectorize":
		cur, k, err := st.resolve(c.Stmt, c.Loops[0])
		if err != nil {
			return err
		}
		mark := "parallel"
		if c.Op == "vectorize" {
			mark = "simd"
		}
		if cur, err = cur.MarkMember(k, mark); err != nil {
			return fail(err)
		}
		st.tree = cur.Tree()
	case "distribute":
		cur, k, err := st.resolve(c.Stmt, c.Loops[0])
		if err != nil {
			return err
		}
		if k > 0 {
			if cur, err = cur.SplitBand(k); err != nil {
				return fail(err)
			}
			cur = cur.Child(0)
		}
		for cur.Node().Child(0).Kind() == schedule.KindBand {
			if cur, err = cur.JoinBand(); err != nil {
				return fail(err)
			}
		}
		if cur, err = cur.DistributeBand(); err != nil {
			return errAt(c.Loops[0].Pos, "distribute: loop %s of %s has a single statement group inside (%v)", c.Loops[0].Name, c.Stmt.Name, err)
		}
		st.tree = cur.Tree()
	case "fuse":
		return st.fuse(c)
	default:
		return errAt(c.Pos, "unknown command %q", c.Op)
	}
	return nil
}

// addTileLabels adds, for every statement and label l of a strip-mined
// member, the label l_t of its tile loop (size*floor(l/size)).
func (st *state) addTileLabels(at map[string][]string, size int64) {
	for stmt, ls := range at {
		for _, l := range ls {
			st.labels[stmt][l+"_t"] = fmt.Sprintf("%d*floor((%s)/%d)", size, st.labels[stmt][l], size)
		}
	}
}

// leafPath returns the child indices from the root to the leaf of stmt.
func (st *state) leafPath(stmt string) []int {
	bands := st.stmtPath(stmt)
	c := st.tree.Cursor()
	if len(bands) > 0 {
		c = bands[len(bands)-1]
	}
	// Descend from the last band to the leaf the same way stmtPath does.
	sp := st.dom[stmt].Space()
	for c.Node().Kind() != schedule.KindLeaf {
		n := c.Node()
		next := 0
		if n.Kind() == schedule.KindSequence || n.Kind() == schedule.KindSet {
			next = -1
			for i := 0; i < n.NChildren() && next < 0; i++ {
				if f, ok := n.Child(i).Filter().SetOf(sp); ok && !f.Intersect(st.dom[stmt]).IsEmpty() {
					next = i
				}
			}
			if next < 0 {
				break
			}
		}
		c = c.Child(next)
	}
	return c.Path()
}

// fuse merges the loop nests of two statements at their loop c.Loops[0]:
// the statements must sit in different children of one sequence node and
// the loop must be the outermost loop below that sequence for both.
func (st *state) fuse(c Command) error {
	if err := st.stmt(c.Stmt2); err != nil {
		return err
	}
	if c.Stmt.Name == c.Stmt2.Name {
		return errAt(c.Stmt2.Pos, "fuse: the two statements are the same")
	}
	for _, s := range []Name{c.Stmt, c.Stmt2} {
		if _, _, err := st.resolve(s, c.Loops[0]); err != nil {
			return err
		}
	}
	pa, pb := st.leafPath(c.Stmt.Name), st.leafPath(c.Stmt2.Name)
	n := 0
	for n < len(pa) && n < len(pb) && pa[n] == pb[n] {
		n++
	}
	seq := st.tree.Cursor()
	for _, i := range pa[:n] {
		seq = seq.Child(i)
	}
	if seq.Node().Kind() != schedule.KindSequence || n >= len(pa) || n >= len(pb) {
		return errAt(c.Pos, "fuse: %s and %s are not in sibling loop nests (their innermost common node is a %v node)", c.Stmt.Name, c.Stmt2.Name, seq.Node().Kind())
	}
	a, b := pa[n], pb[n]
	if a > b {
		a, b = b, a
	}
	// Reduce the first band below each fused filter to its outermost member.
	for i := a; i <= b; i++ {
		bc := seq.Child(i).Child(0)
		if bc.Node().Kind() != schedule.KindBand {
			return errAt(c.Pos, "fuse: child %d of the sequence has no loop to fuse", i)
		}
		if bc.Node().Band().Width > 1 {
			nb, err := bc.SplitBand(1)
			if err != nil {
				return errAt(c.Pos, "fuse: %v", err)
			}
			st.tree = nb.Tree()
			seq = st.reroot(seq)
		}
	}
	for _, s := range []Name{c.Stmt, c.Stmt2} {
		lc, k, _ := st.find(s.Name, c.Loops[0].Name)
		want := append(seq.Path(), 0, 0)
		if k != 0 || len(lc.Path()) != len(want) || !slices.Equal(lc.Path()[:len(want)-2], want[:len(want)-2]) {
			return errAt(c.Loops[0].Pos, "fuse: %s is not the outermost loop of %s below the sequence that separates %s and %s", c.Loops[0].Name, s.Name, c.Stmt.Name, c.Stmt2.Name)
		}
	}
	nc, err := seq.FuseSequence(a, b-a+1)
	if err != nil {
		return errAt(c.Pos, "fuse: %v", err)
	}
	st.tree = nc.Tree()
	return nil
}

// reroot returns the cursor at the same path in the current tree.
func (st *state) reroot(c schedule.Cursor) schedule.Cursor {
	n := st.tree.Cursor()
	for _, i := range c.Path() {
		n = n.Child(i)
	}
	return n
}

// unrollStrip takes the band at cur whose members k and k+1 are a strip
// loop and its point loop, puts each in a band of its own, unrolls the
// point loop and isolates the full strips, so that they are unrolled
// without guards and only the last, partial strip has them.
func unrollStrip(cur schedule.Cursor, k int, size int64) (schedule.Cursor, error) {
	var err error
	if k > 0 {
		if cur, err = cur.SplitBand(k); err != nil {
			return cur, err
		}
		cur = cur.Child(0)
	}
	if cur, err = cur.SplitBand(1); err != nil {
		return cur, err
	}
	point := cur.Child(0)
	if point.Node().Band().Width > 1 {
		if point, err = point.SplitBand(1); err != nil {
			return cur, err
		}
	}
	if point, err = point.SetMemberOption(0, schedule.OptionUnroll); err != nil {
		return cur, err
	}
	cur, _ = point.Parent()
	return cur.IsolateFullTiles([]int64{size}, schedule.OptionUnroll)
}
