package split

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/scop"
)

// Config controls Apply. The zero value uses the defaults.
type Config struct {
	// Scop is the configuration the model was built with (context, file).
	Scop scop.Config
	// StackElems is the largest number of elements of a temporary that
	// lives on the stack (default 4096).
	StackElems int64
	// Taken lists names the temporaries must not use (every identifier of
	// the file, generated names); nil means none.
	Taken map[string]bool
	// Expand chooses the loops indexing the temporary (see Expansion).
	Expand Expansion
	// Prefix starts the temporaries' names (default "split_tmp"); give
	// each region of a file its own, since two regions may share a scope.
	Prefix string
}

// Expansion chooses the dimensions of the temporary of a statement
// surrounded by loops L1..Ld (its left side uses L1..Ld-1).
type Expansion int

const (
	// ExpandPermutable (the default) indexes the temporary by every loop
	// but Ld-1: its dependences then have a positive distance along Ld-1
	// and zero along the others, so the nest stays fully permutable
	// (tilable) and L1 stays parallel. Statements under more than three
	// loops are not split in this mode (the temporary would have d-1 >= 3
	// dimensions).
	ExpandPermutable Expansion = iota
	// ExpandInner indexes it by Ld only: the seed's minimal expansion.
	ExpandInner
)

// ParseExpansion reads "permutable" or "inner".
func ParseExpansion(s string) (Expansion, error) {
	switch s {
	case "", "permutable":
		return ExpandPermutable, nil
	case "inner":
		return ExpandInner, nil
	}
	return 0, fmt.Errorf("unknown expansion %q (permutable or inner)", s)
}

func (e Expansion) String() string {
	if e == ExpandInner {
		return "inner"
	}
	return "permutable"
}

// dims returns the positions of the loops indexing the temporary of a
// statement under d loops, or the reason why there is none.
func (e Expansion) dims(d int) ([]int, string) {
	if e == ExpandInner {
		return []int{d - 1}, ""
	}
	if d > 3 {
		return nil, fmt.Sprintf("%d enclosing loops: a temporary keeping the nest permutable would have %d dimensions (--split-expand=inner indexes it by the innermost loop only)", d, d-1)
	}
	// The innermost loop indexes the outer dimension: the temporary is
	// then contiguous along no loop the left side uses, which keeps the
	// scheduler's choice of a contiguous innermost point loop on the
	// left side's last loop.
	out := []int{d - 1}
	for k := 0; k < d-2; k++ {
		out = append(out, k)
	}
	return out, ""
}

// Decision is what Apply decided for one reduction statement of the
// original model.
type Decision struct {
	Stmt string // name in the original model ("S3")
	Pos  cfront.Pos
	Text string
	// Split is true when the statement was replaced by two statements
	// through Temp.
	Split bool
	Temp  *Temp
	// Why explains the decision in a few words.
	Why string
}

func (d Decision) String() string {
	verdict := "not split"
	if d.Split {
		verdict = "split"
	}
	return fmt.Sprintf("statement splitting: %s (line %d) `%s`: %s: %s", d.Stmt, d.Pos.Line, d.Text, verdict, d.Why)
}

// Remark is the Decision as --explain prints it; when splitting is off
// (on false), a statement that would be split says so.
func (d Decision) Remark(on bool) string {
	m := d.String()
	if d.Split && !on {
		m = strings.Replace(m, ": split: ", ": not split (--nosplit; it would be split): ", 1)
	}
	return m
}

// RegionPrefix is the prefix of the temporaries of the region at index k
// among a file's regions (Config.Prefix): split_tmp for the first,
// splitK_tmp for the others.
func RegionPrefix(k int) string {
	if k == 0 {
		return "split_tmp"
	}
	return fmt.Sprintf("split%d_tmp", k)
}

// Result is the output of Apply.
type Result struct {
	// Scop is the new model (the input model when nothing was split).
	Scop      *scop.Scop
	Temps     []*Temp
	Decisions []Decision
}

// Split reports whether some statement was split.
func (r *Result) Split() bool { return len(r.Temps) > 0 }

// candidate is a statement that passed the heuristic.
type candidate struct {
	st   *scop.Statement
	es   *cfront.ExprStmt
	as   *cfront.Assign
	e    cfront.Expr // the operand moved into the temporary
	temp *Temp
	// def and upd are the two statements replacing es (made once).
	def, upd *cfront.ExprStmt
}

// Apply splits the candidate statements of the region r of f, whose model
// is s. Statements that are not reduction updates get no Decision. When
// nothing is split, the result's Scop is s itself.
func Apply(f *cfront.File, r *cfront.Region, s *scop.Scop, cfg Config) (*Result, error) {
	if cfg.StackElems <= 0 {
		cfg.StackElems = 4096
	}
	res := &Result{Scop: s}
	cands := decide(s, cfg, res)
	if len(cands) == 0 {
		return res, nil
	}
	byStmt := map[*cfront.ExprStmt]*candidate{}
	extra := map[string]scop.VarInfo{}
	for _, c := range cands {
		c.def, c.upd = c.pair()
		byStmt[c.es] = c
		var exts []string
		for _, d := range c.temp.Dims {
			exts = append(exts, d.ExtentText)
		}
		extra[c.temp.Name] = scop.VarInfo{Type: c.temp.ElemType, Dims: exts}
	}
	// The model's statements (c.es) are those of s.Body, which differs
	// from r.Body where scop expanded a macro call.
	body := rewriteList(s.Body, byStmt)
	ns, err := scop.FromRegionBody(f, r, body, extra, cfg.Scop)
	if err != nil {
		// Should not happen: the new statements only use what the old
		// ones did. Keep the original model and say why.
		for i := range res.Decisions {
			if res.Decisions[i].Split {
				res.Decisions[i].Split = false
				res.Decisions[i].Temp = nil
				res.Decisions[i].Why = "the split region could not be modelled: " + err.Error()
			}
		}
		return res, nil
	}
	res.Scop = ns
	for _, c := range cands {
		t := c.temp
		for _, st := range ns.Statements {
			switch st.Syntax {
			case cfront.Stmt(c.def):
				t.Def = st.Name
				t.CIters = st.CIters
			case cfront.Stmt(c.upd):
				t.Upd = st.Name
			}
		}
		t.DefRHS = c.e
		t.ScalarUpd = c.scalarUpdate()
		res.Temps = append(res.Temps, t)
	}
	return res, nil
}

// decide applies the heuristic and sizes the temporary of each reduction
// statement of s, adding its Decision to res; it returns the statements
// to split.
func decide(s *scop.Scop, cfg Config, res *Result) []*candidate {
	// The names a temporary may not take, made at the first candidate
	// (cfg.Taken has every name of the file: copying it for each region
	// of a large file cost more than the rest of the region's work).
	var taken map[string]bool
	takenNames := func() map[string]bool {
		if taken == nil {
			taken = map[string]bool{}
			for k := range cfg.Taken {
				taken[k] = true
			}
			for _, a := range s.Arrays {
				taken[a.Name] = true
			}
			for _, p := range s.Params {
				taken[p] = true
			}
		}
		return taken
	}
	var cands []*candidate
	for _, st := range s.Statements {
		if u, ok := st.Update(); !ok || u.Op != scop.UpdateAdd && u.Op != scop.UpdateMul {
			continue
		}
		d := Decision{Stmt: st.Name, Pos: st.Pos, Text: st.Text}
		c, why := check(s, st)
		if c == nil {
			d.Why = why
			res.Decisions = append(res.Decisions, d)
			continue
		}
		dims, why := cfg.Expand.dims(len(st.Iters))
		if dims == nil {
			d.Why = why
			res.Decisions = append(res.Decisions, d)
			continue
		}
		name := freshName(cfg.Prefix, takenNames())
		taken[name] = true
		t, why := sizeTemp(s, st, c.e, name, dims, cfg.StackElems)
		if t == nil {
			d.Why = why
			res.Decisions = append(res.Decisions, d)
			continue
		}
		c.temp = t
		cands = append(cands, c)
		d.Split, d.Temp = true, t
		d.Why = fmt.Sprintf("reduction over the innermost loop %s with %s; %s goes through %s", st.CIters[len(st.CIters)-1], patternsText(c.e), flat(c.e), t.Describe())
		res.Decisions = append(res.Decisions, d)
	}
	return cands
}

// check applies the heuristic to one reduction statement. It returns nil
// and the reason when the statement is not a candidate.
func check(s *scop.Scop, st *scop.Statement) (*candidate, string) {
	d := len(st.CIters)
	if d < 3 {
		return nil, fmt.Sprintf("only %d enclosing loop(s), the heuristic wants at least 3", d)
	}
	es, ok := st.Syntax.(*cfront.ExprStmt)
	if !ok {
		return nil, "not an expression statement"
	}
	u, _ := st.Update()
	as, ok := es.X.(*cfront.Assign)
	if !ok || u.Form == scop.FormIncrement {
		return nil, "an increment (++/--) has nothing to split"
	}
	if !u.Exact() {
		return nil, "the left side is not an operand of the outermost operator; splitting would reassociate the floating-point sum"
	}
	e := u.Operand
	// The left side must use every loop but the innermost.
	_, subs, ok := cfront.ArrayAccess(as.LHS)
	if !ok {
		return nil, "the left side is a scalar (it uses no loop)"
	}
	used := map[string]bool{}
	for _, sub := range subs {
		for n := range identsOf(sub) {
			used[n] = true
		}
	}
	inner := st.CIters[d-1]
	if used[inner] {
		return nil, fmt.Sprintf("the left side uses the innermost loop %s (no reduction along it)", inner)
	}
	for _, it := range st.CIters[:d-1] {
		if !used[it] {
			return nil, fmt.Sprintf("the left side does not use loop %s", it)
		}
	}
	// The other operand must read two or more distinct access patterns.
	pats := patterns(e)
	if len(pats) < 2 {
		return nil, fmt.Sprintf("the right-hand side reads %d array access pattern(s), the heuristic wants at least 2", len(pats))
	}
	if !readsIter(e, inner) {
		return nil, fmt.Sprintf("the right-hand side does not depend on the innermost loop %s", inner)
	}
	// Profitability: some read must be strided along the reduction loop
	// and contiguous along the left side's last loop (B[k][j] in
	// A[i][j] += B[k][i] * B[k][j]): the order the split lets the
	// scheduler pick, with j innermost, reads it contiguously. When every
	// read is contiguous along k already (A[i][k] * A[j][k]), the split
	// only adds a store.
	if !stridedAlong(e, inner, st.CIters[d-2]) {
		return nil, fmt.Sprintf("no read is strided along %s and contiguous along %s (like B[%s][%s]): the original order already reads contiguously", inner, st.CIters[d-2], inner, st.CIters[d-2])
	}
	return &candidate{st: st, es: es, as: as, e: e}, ""
}

// flat prints an expression without parentheses around it and without
// blanks, for syntactic comparison.
func flat(e cfront.Expr) string {
	return strings.ReplaceAll(cfront.Unparen(e).Format(nil), " ", "")
}

// identsOf returns the identifiers occurring in e.
func identsOf(e cfront.Expr) map[string]bool {
	out := map[string]bool{}
	cfront.Walk(e, func(n cfront.Node) bool {
		if id, ok := n.(*cfront.Ident); ok {
			out[id.Name] = true
		}
		return true
	})
	return out
}

// patterns lists the distinct array accesses (rank >= 1) read by e, as
// text.
func patterns(e cfront.Expr) []string {
	seen := map[string]bool{}
	var out []string
	cfront.Walk(e, func(n cfront.Node) bool {
		x, ok := n.(cfront.Expr)
		if !ok {
			return true
		}
		if _, _, ok := cfront.ArrayAccess(x); ok {
			t := flat(x)
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
			return false
		}
		return true
	})
	return out
}

func patternsText(e cfront.Expr) string {
	return fmt.Sprintf("%d access patterns (%s)", len(patterns(e)), strings.Join(patterns(e), ", "))
}

// stridedAlong reports whether e reads an array element whose last
// subscript uses j and not k, and an earlier subscript uses k.
func stridedAlong(e cfront.Expr, k, j string) bool {
	found := false
	cfront.Walk(e, func(n cfront.Node) bool {
		x, ok := n.(cfront.Expr)
		if !ok || found {
			return !found
		}
		_, subs, ok := cfront.ArrayAccess(x)
		if !ok {
			return true
		}
		last := identsOf(subs[len(subs)-1])
		if last[j] && !last[k] {
			for _, sub := range subs[:len(subs)-1] {
				if identsOf(sub)[k] {
					found = true
				}
			}
		}
		return false
	})
	return found
}

// readsIter reports whether e mentions the iterator it.
func readsIter(e cfront.Expr, it string) bool { return identsOf(e)[it] }

// freshName returns prefix + N for the smallest N not taken.
func freshName(prefix string, taken map[string]bool) string {
	if prefix == "" {
		prefix = "split_tmp"
	}
	for k := 0; ; k++ {
		n := fmt.Sprintf("%s%d", prefix, k)
		if !taken[n] {
			return n
		}
	}
}

// rewriteList copies list, replacing each candidate statement by its two
// statements; unchanged subtrees are shared.
func rewriteList(list []cfront.Stmt, byStmt map[*cfront.ExprStmt]*candidate) []cfront.Stmt {
	var out []cfront.Stmt
	for _, s := range list {
		if es, ok := s.(*cfront.ExprStmt); ok {
			if c := byStmt[es]; c != nil {
				out = append(out, c.def, c.upd)
				continue
			}
		}
		out = append(out, rewrite(s, byStmt))
	}
	return out
}

// rewrite returns s with the candidate statements below it replaced.
func rewrite(s cfront.Stmt, byStmt map[*cfront.ExprStmt]*candidate) cfront.Stmt {
	switch x := s.(type) {
	case *cfront.ExprStmt:
		if c := byStmt[x]; c != nil {
			return &cfront.Block{At: x.At, Stmts: []cfront.Stmt{c.def, c.upd}, EndOff: x.EndOff}
		}
		return x
	case *cfront.Block:
		y := *x
		y.Stmts = rewriteList(x.Stmts, byStmt)
		return &y
	case *cfront.For:
		y := *x
		y.Body = rewrite(x.Body, byStmt)
		return &y
	case *cfront.If:
		y := *x
		y.Then = rewrite(x.Then, byStmt)
		if x.Else != nil {
			y.Else = rewrite(x.Else, byStmt)
		}
		return &y
	}
	return s
}

// pair builds the two statements replacing the candidate: the temporary's
// definition and the update reading it.
func (c *candidate) pair() (*cfront.ExprStmt, *cfront.ExprStmt) {
	at := c.es.At
	ref := func() cfront.Expr {
		var x cfront.Expr = &cfront.Ident{At: at, Name: c.temp.Name}
		for _, d := range c.temp.Dims {
			var sub cfront.Expr = &cfront.Ident{At: at, Name: d.Iter}
			if d.Lower != 0 {
				lo := d.Lower
				op := "-"
				if lo < 0 {
					op, lo = "+", -lo
				}
				sub = &cfront.Binary{At: at, Op: op, OpPos: at, X: sub, Y: &cfront.IntLit{At: at, Text: fmt.Sprint(lo), Value: lo}}
			}
			x = &cfront.Index{At: at, X: x, Index: sub}
		}
		return x
	}
	def := &cfront.Assign{At: at, Op: "=", LHS: ref(), RHS: c.e}
	upd := c.update(ref)
	mk := func(a *cfront.Assign) *cfront.ExprStmt {
		es := &cfront.ExprStmt{At: at, X: a, EndOff: c.es.EndOff}
		es.Text = a.Format(nil) + ";"
		return es
	}
	return mk(def), mk(upd)
}

// scalarUpdate is the update reading the scalar Temp.Scalar() instead
// of the temporary (for the contracted form, see Temp.Contract).
func (c *candidate) scalarUpdate() *cfront.ExprStmt {
	at := c.es.At
	a := c.update(func() cfront.Expr { return &cfront.Ident{At: at, Name: c.temp.Scalar()} })
	return &cfront.ExprStmt{At: at, X: a, Text: a.Format(nil) + ";", EndOff: c.es.EndOff}
}

// update builds the update statement with ref() in place of e.
func (c *candidate) update(ref func() cfront.Expr) *cfront.Assign {
	var upd *cfront.Assign
	if c.as.Op == "=" {
		bin := *cfront.Unparen(c.as.RHS).(*cfront.Binary)
		if bin.X == c.e {
			bin.X = ref()
		} else {
			bin.Y = ref()
		}
		upd = &cfront.Assign{At: c.as.At, Op: "=", LHS: c.as.LHS, RHS: &bin}
	} else {
		upd = &cfront.Assign{At: c.as.At, Op: c.as.Op, LHS: c.as.LHS, RHS: ref()}
	}
	return upd
}
