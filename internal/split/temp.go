package split

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// Temp is one temporary array introduced by a split.
type Temp struct {
	// Name is the C name (split_tmpN), ElemType the element type (that of
	// the updated array).
	Name, ElemType string
	// Dims are its dimensions, outermost first.
	Dims []Dim
	// Elems is the number of elements when every extent is a constant.
	Elems   int64
	ConstOK bool
	// Heap is true when the temporary may live on the heap (a constant
	// size above the stack limit, or a parametric one); a parametric one
	// uses a stack buffer of StackElems elements when it fits.
	Heap       bool
	StackElems int64

	// Def and Upd name the two statements in the new model (definition
	// of the temporary, update reading it); CIters are their C iterator
	// names (the arguments of their AST calls).
	Def, Upd string
	CIters   []string
	// DefRHS is the expression stored in the temporary; ScalarUpd is the
	// update reading the scalar named Scalar() instead of the temporary.
	DefRHS    cfront.Expr
	ScalarUpd *cfront.ExprStmt
	// Contracted is set by the emitter's caller when every instance of
	// Def is printed right before the instance of Upd with the same
	// arguments, through a scalar: the array is then never used and not
	// declared.
	Contracted bool
}

// Scalar is the name standing for the temporary's value in ScalarUpd;
// the emitter replaces it by one fresh name per printed pair.
func (t *Temp) Scalar() string { return t.Name + "_v" }

// Dim is one dimension of a temporary: indexed by Iter - Lower, of
// extent Const (ConstOK) or ExtentText (a C expression of the
// parameters, in long arithmetic).
type Dim struct {
	Iter       string
	Lower      int64
	Const      int64
	ConstOK    bool
	ExtentText string
}

// Subscript is the C text of the dimension's subscript.
func (d Dim) Subscript() string {
	switch {
	case d.Lower > 0:
		return fmt.Sprintf("%s - %d", d.Iter, d.Lower)
	case d.Lower < 0:
		return fmt.Sprintf("%s + %d", d.Iter, -d.Lower)
	}
	return d.Iter
}

// Describe says in a few words what the temporary is.
func (t *Temp) Describe() string {
	where := "on the stack"
	switch {
	case t.Heap && t.ConstOK:
		where = "on the heap"
	case t.Heap:
		where = fmt.Sprintf("on the stack up to %d elements, else on the heap", t.StackElems)
	}
	var subs, exts []string
	for _, d := range t.Dims {
		subs = append(subs, "["+d.Subscript()+"]")
		exts = append(exts, d.ExtentText)
	}
	return fmt.Sprintf("%s %s%s of %s element(s), %s", t.ElemType, t.Name, strings.Join(subs, ""), strings.Join(exts, " x "), where)
}

// Decl returns the C text declaring the temporary (at the top of the
// region) and the text releasing it (at its end, "" for none).
func (t *Temp) Decl() (decl, release string) {
	if t.Contracted {
		return "", ""
	}
	if !t.Heap {
		var ext string
		for _, d := range t.Dims {
			ext += fmt.Sprintf("[%d]", d.Const)
		}
		return fmt.Sprintf("%s %s%s;\n", t.ElemType, t.Name, ext), ""
	}
	var b strings.Builder
	n, buf := t.Name+"_n", t.Name+"_buf"
	// The type of a pointer to the rows: T (*)[d1][d2]... (T * for one
	// dimension).
	var rowExt string
	fmt.Fprintf(&b, "long %s = 1;\n", n)
	for k, d := range t.Dims {
		dv := fmt.Sprintf("%s_d%d", t.Name, k)
		fmt.Fprintf(&b, "long %s = %s;\n", dv, d.ExtentText)
		fmt.Fprintf(&b, "if (%s < 1)\n  %s = 1;\n", dv, dv)
		fmt.Fprintf(&b, "if (%s > (long)(PTRDIFF_MAX / sizeof(%s)) / %s)\n  abort();\n", dv, t.ElemType, n)
		fmt.Fprintf(&b, "%s *= %s;\n", n, dv)
		if k > 0 {
			rowExt += "[" + dv + "]"
		}
	}
	ptr := func(name string) string {
		if rowExt == "" {
			return t.ElemType + " *" + name
		}
		return t.ElemType + " (*" + name + ")" + rowExt
	}
	cast := "(" + ptr("") + ")"
	if t.ConstOK {
		fmt.Fprintf(&b, "%s = %smalloc(sizeof(%s) * (size_t)%s);\n", ptr(t.Name), cast, t.ElemType, n)
		fmt.Fprintf(&b, "if (!%s)\n  abort();\n", t.Name)
		return b.String(), fmt.Sprintf("free(%s);\n", t.Name)
	}
	fmt.Fprintf(&b, "%s %s[%d];\n", t.ElemType, buf, t.StackElems)
	fmt.Fprintf(&b, "%s = %s%s;\n", ptr(t.Name), cast, buf)
	fmt.Fprintf(&b, "if (%s > %d)\n  %s = %smalloc(sizeof(%s) * (size_t)%s);\n", n, t.StackElems, t.Name, cast, t.ElemType, n)
	fmt.Fprintf(&b, "if (!%s)\n  abort();\n", t.Name)
	return b.String(), fmt.Sprintf("if ((void *)%s != (void *)%s)\n  free(%s);\n", t.Name, buf, t.Name)
}

// maxCoef bounds the coefficients of an extent expression, so that the
// extent computed in long arithmetic from int parameters cannot overflow
// (maxTerms terms of at most 2^20 * 2^31).
const (
	maxCoef  = 1 << 20
	maxTerms = 16
	// maxConstElems bounds a temporary of constant size.
	maxConstElems = 1 << 28
)

// sizeHook, when set by a test, runs at the start of sizeTemp (to inject
// a panic).
var sizeHook func()

// sizeTemp computes the temporary of statement st indexed by the
// iterators at positions dims. It returns nil and the reason when an
// extent cannot be bounded by an affine expression of the parameters.
func sizeTemp(s *scop.Scop, st *scop.Statement, e cfront.Expr, name string, dims []int, stackElems int64) (t *Temp, why string) {
	// An engine error (overflow, budget) leaves the extent unknown; any
	// other panic is a bug and goes on.
	var engineErr error
	defer func() {
		if engineErr != nil {
			t, why = nil, "the extent of the temporary cannot be computed: "+engineErr.Error()
		}
	}()
	defer presburger.Recover(&engineErr)
	if sizeHook != nil {
		sizeHook()
	}
	elem := ""
	lhs := ""
	for _, a := range st.Accesses {
		if a.Kind == scop.Write {
			lhs = a.Array
		}
	}
	for _, a := range s.Arrays {
		if a.Name == lhs {
			elem = a.ElemType
		}
	}
	if elem == "" {
		return nil, "the element type of " + lhs + " is unknown, the temporary cannot be declared"
	}
	// The temporary has the type the expression is evaluated in.
	if elem = tempType(s, e, elem); elem == "" {
		return nil, "the type of the split expression is not known, the temporary cannot be declared"
	}
	params := mergeNames(s.Params, st.Domain.Space().Params())
	dom := st.Domain.AlignParams(params).IntersectParams(s.Context.AlignParams(params))
	if dom.IsEmpty() {
		return nil, "the statement never executes"
	}
	t = &Temp{Name: name, ElemType: elem, StackElems: stackElems, ConstOK: true, Elems: 1}
	for _, pos := range dims {
		d, why := sizeDim(dom, pos, params)
		if why != "" {
			return nil, why
		}
		d.Iter = st.CIters[pos]
		t.Dims = append(t.Dims, d)
		if !d.ConstOK {
			t.ConstOK = false
			continue
		}
		if t.Elems > maxConstElems/d.Const {
			return nil, fmt.Sprintf("the temporary would have more than %d elements", int64(maxConstElems))
		}
		t.Elems *= d.Const
	}
	t.Heap = !t.ConstOK || t.Elems > stackElems
	return t, ""
}

// sizeDim bounds dimension pos of dom.
func sizeDim(dom presburger.Set, pos int, params []string) (Dim, string) {
	// Lower bound: 0 when the iterator is never negative, else a
	// constant minimum.
	var d Dim
	if !dom.UpperBound(presburger.Out, pos, -1).IsEmpty() {
		mn, err := dom.DimMin(pos)
		if err != nil {
			return d, "a loop's lower bound cannot be computed: " + err.Error()
		}
		c, ok := constantOf(mn)
		if !ok {
			return d, "a loop's lower bound is not a constant (" + mn.String() + ")"
		}
		d.Lower = c
	}
	mx, err := dom.DimMax(pos)
	if err != nil {
		return d, "a loop's upper bound cannot be computed: " + err.Error()
	}
	if !dom.Params().IsSubset(mx.Domain()) {
		return d, "a loop is not bounded above for every parameter value; the temporary's size cannot be bounded"
	}
	if c, ok := constantOf(mx); ok {
		if c-d.Lower+1 < 1 || c-d.Lower+1 > maxConstElems {
			return d, fmt.Sprintf("a dimension of the temporary would have %d elements", c-d.Lower+1)
		}
		d.Const, d.ConstOK = c-d.Lower+1, true
		d.ExtentText = fmt.Sprint(d.Const)
		return d, ""
	}
	var terms []string
	for _, pc := range mx.Pieces() {
		txt, ok := affText(pc.Fn.AddConst(-d.Lower+1), params)
		if !ok {
			return d, "a loop's upper bound is not affine in the parameters (" + mx.String() + ")"
		}
		if !contains(terms, txt) {
			terms = append(terms, txt)
		}
	}
	if len(terms) == 0 {
		return d, "a loop has no upper bound"
	}
	if len(terms) > 4 {
		return d, fmt.Sprintf("a loop's upper bound has %d pieces (at most 4 are handled)", len(terms))
	}
	ext := terms[0]
	for _, x := range terms[1:] {
		ext = fmt.Sprintf("(%s > %s ? %s : %s)", ext, x, ext, x)
	}
	d.ExtentText = ext
	return d, ""
}

// constantOf returns the value of a piecewise expression that is the
// same constant on every piece.
func constantOf(f presburger.PwAff) (int64, bool) {
	pcs := f.Pieces()
	if len(pcs) == 0 {
		return 0, false
	}
	var v int64
	for i, pc := range pcs {
		if pc.Fn.NLocal() > 0 || !pc.Fn.IsConstant() {
			return 0, false
		}
		c := pc.Fn.ConstantVal()
		if i > 0 && c != v {
			return 0, false
		}
		v = c
	}
	return v, true
}

// affText prints an affine expression of the parameters as C in long
// arithmetic: "((long)N - 1)". ok is false for floor divisions or
// coefficients too large to rule out overflow.
func affText(a presburger.Aff, params []string) (string, bool) {
	if a.NLocal() > 0 {
		return "", false
	}
	sp := a.Space()
	if sp.Dim(presburger.Out) != 0 {
		return "", false
	}
	names := sp.Params()
	var parts []string
	for i, p := range names {
		c := a.Coef(presburger.Param, i)
		if c == 0 {
			continue
		}
		if c > maxCoef || c < -maxCoef {
			return "", false
		}
		cn := cName(p)
		switch c {
		case 1:
			parts = append(parts, "+ (long)"+cn)
		case -1:
			parts = append(parts, "- (long)"+cn)
		default:
			if c < 0 {
				parts = append(parts, fmt.Sprintf("- %dL * %s", -c, cn))
			} else {
				parts = append(parts, fmt.Sprintf("+ %dL * %s", c, cn))
			}
		}
	}
	if len(parts) > maxTerms {
		return "", false
	}
	k := a.ConstantVal()
	if k > maxCoef || k < -maxCoef {
		return "", false
	}
	if k > 0 {
		parts = append(parts, fmt.Sprintf("+ %d", k))
	} else if k < 0 {
		parts = append(parts, fmt.Sprintf("- %d", -k))
	}
	if len(parts) == 0 {
		return "0L", true
	}
	s := strings.Join(parts, " ")
	s = strings.TrimPrefix(s, "+ ")
	if strings.HasPrefix(s, "- ") {
		s = "-" + s[2:]
	}
	return "(" + s + ")", true
}

// cName undoes scop's renaming of parameters that are isl keywords
// (a trailing underscore).
func cName(p string) string {
	if base, ok := strings.CutSuffix(p, "_"); ok && islKeyword[base] {
		return base
	}
	return p
}

// islKeyword lists the words of isl's notation that scop renames.
var islKeyword = map[string]bool{"and": true, "or": true, "not": true, "exists": true, "floor": true, "ceil": true,
	"mod": true, "min": true, "max": true, "true": true, "false": true, "infty": true,
	"implies": true, "xor": true, "div": true, "rat": true, "int": true}

func mergeNames(a, b []string) []string {
	out := append([]string(nil), a...)
	for _, x := range b {
		if !contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

func contains(list []string, x string) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}
