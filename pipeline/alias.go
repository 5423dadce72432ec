package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/emit"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// This file checks at run time that the arrays of a region do not
// overlap, as the model assumes (each array name its own memory).
//
// Two declared arrays are distinct objects, but a pointer (a pointer
// variable, or an array parameter, which C passes as a pointer) may
// point into any array, and two pointers into the same one: a kernel
// called as kernel(n, x, x + 1) reads through one name what it writes
// through the other. For every pair of arrays that may overlap and of
// which the region writes at least one, the optimized code runs only when
// the address ranges the region accesses are disjoint:
//
//	if ((const char *)(&y[n - 1] + 1) <= (const char *)&x[0] || (const char *)(&x[n - 1] + 1) <= (const char *)&y[0]) {
//	  optimized
//	} else {
//	  original
//	}
//
// The ranges come from scop.AccessExtent: per subscript, the least and
// greatest value over the elements the region accesses, as expressions of
// the parameters; C computes the addresses of the two corner elements
// (through the declared extents, or the strides of a delinearized array),
// which bound every accessed address of a row-major array. The condition
// joins the delinearization assumption (Scop.Assumption) with &&, through
// underAssumption. Pairs that need no check: two declared arrays, two
// arrays only read, an array declared inside the region or allocated by
// tessera, a parameter or pointer declared restrict (the caller promises
// that what it modifies is reached through it alone).
//
// Arrays whose rows are reached through pointers (double **a, double
// *a[N]) have no single address range: a region where such an array may
// overlap another keeps its original code, with a warning, unless
// Options.AssumeNoAlias says the arrays do not overlap.

// aliasClass says where an array of a region may live.
type aliasClass int

const (
	// aliasNone: overlaps no other array of the region (declared in the
	// region, a scalar of the function, a restrict pointer, storage
	// that tessera allocates).
	aliasNone aliasClass = iota
	// aliasObject: a declared array or global scalar, distinct from the
	// other declared objects; a pointer may point into it.
	aliasObject
	// aliasPointer: reached through a pointer; may overlap any array
	// that is not aliasNone.
	aliasPointer
	// aliasIndirect: rows reached through pointers; no address range.
	aliasIndirect
)

// aliasError: the region has arrays that may overlap and whose address
// ranges cannot be had; its code is kept, with a warning.
type aliasError struct{ msg string }

func (e *aliasError) Error() string {
	return "region kept as it was: " + e.msg + " (--assume-noalias optimizes it anyway)"
}

// underChecks puts a region's new text under the run-time checks its
// model needs: the delinearization assumption (Scop.Assumption) and the
// disjointness of the arrays that may overlap (none with noAlias).
func underChecks(src []byte, f *cfront.File, r *cfront.Region, reg *Region, text string, noAlias bool, prefix string) (string, error) {
	s := reg.Scop
	var conds []string
	if s.Assumption != "" {
		conds = append(conds, parenOr(s.Assumption))
		reg.Remarks = append(reg.Remarks, "runs the optimized code when "+s.Assumption+" (checked at run time), under which the delinearized subscripts stay within their rows; the original code otherwise")
	}
	if u := reg.unsigned; u != nil && u.Cond != "" {
		conds = append(conds, u.Cond)
		reg.Remarks = append(reg.Remarks, "runs the optimized code when "+u.Cond+" (checked at run time), under which the unsigned arithmetic of the bounds and subscripts has the model's integer values; the original code otherwise")
	}
	pairs, err := aliasPairs(f, r, s)
	switch {
	case len(pairs) == 0:
	case noAlias:
		reg.Remarks = append(reg.Remarks, "no alias check: "+pairList(pairs)+" are assumed not to overlap (--assume-noalias)")
	case err != nil:
		return "", err
	default:
		var cond, ranges string
		err := reg.timed("alias check", func() (err error) {
			cond, ranges, err = aliasCondition(s, pairs, prefix)
			return err
		})
		if err != nil {
			return "", err
		}
		conds = append(conds, cond)
		reg.Remarks = append(reg.Remarks, "alias check: runs the optimized code when "+pairList(pairs)+" do not overlap (checked at run time on the ranges "+ranges+"); the original code otherwise")
	}
	if len(conds) == 0 {
		return text, nil
	}
	return underAssumption(src, r, reg, text, strings.Join(conds, " && ")), nil
}

// parenOr parenthesizes a condition with a top-level || for use as an
// operand of &&.
func parenOr(c string) string {
	if strings.Contains(c, "||") {
		return "(" + c + ")"
	}
	return c
}

// pairList prints pairs as "y and x, y and z".
func pairList(pairs [][2]*scop.Array) string {
	var ps []string
	for _, p := range pairs {
		ps = append(ps, p[0].Name+" and "+p[1].Name)
	}
	return strings.Join(ps, ", ")
}

// maxAliasPairs bounds the pairs of arrays a run-time check compares.
const maxAliasPairs = 120

// aliasPairs returns the pairs of arrays of s that may overlap and of
// which the region writes at least one, in the order of s.Arrays. The
// error is an *aliasError when some of them has no address range (the
// pairs are returned too).
func aliasPairs(f *cfront.File, r *cfront.Region, s *scop.Scop) ([][2]*scop.Array, error) {
	class := make([]aliasClass, len(s.Arrays))
	for k, a := range s.Arrays {
		class[k] = aliasClassOf(f, r, a)
	}
	var pairs [][2]*scop.Array
	var indirect []string
	for i, a := range s.Arrays {
		for j := i + 1; j < len(s.Arrays); j++ {
			b := s.Arrays[j]
			ci, cj := class[i], class[j]
			if ci == aliasNone || cj == aliasNone || ci == aliasObject && cj == aliasObject || a.ReadOnly && b.ReadOnly {
				continue
			}
			pairs = append(pairs, [2]*scop.Array{a, b})
			for _, k := range []int{i, j} {
				if class[k] == aliasIndirect && !containsString(indirect, s.Arrays[k].Name) {
					indirect = append(indirect, s.Arrays[k].Name)
				}
			}
		}
	}
	if len(pairs) > maxAliasPairs {
		return pairs, &aliasError{fmt.Sprintf("%d pairs of arrays may overlap, more than the %d a run-time check compares", len(pairs), maxAliasPairs)}
	}
	if len(indirect) > 0 {
		return pairs, &aliasError{fmt.Sprintf("the rows of %s are reached through pointers, so whether %s may overlap cannot be checked at run time", strings.Join(indirect, ", "), pairList(pairs))}
	}
	return pairs, nil
}

func containsString(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// aliasClassOf classifies array a of the region r from its declaration.
func aliasClassOf(f *cfront.File, r *cfront.Region, a *scop.Array) aliasClass {
	if a.Local {
		return aliasNone
	}
	v := f.Lookup(r, a.Name)
	if a.Rank == 0 {
		if v != nil && v.Scope == cfront.FileScope && v.NDims() == 0 {
			return aliasObject
		}
		// A parameter or local scalar of the function, or a name
		// without a declaration we could take the address of.
		return aliasNone
	}
	if v == nil {
		// An array tessera made (scalar expansion, statement
		// splitting) is not named in the region's text; any other
		// array we know nothing about may be anything.
		if !regexp.MustCompile(`\b` + regexp.QuoteMeta(a.Name) + `\b`).Match(f.Src[r.Start:r.End]) {
			return aliasNone
		}
		if a.Rank > 1 && len(a.Strides) == 0 {
			return aliasIndirect
		}
		return aliasPointer
	}
	rank := a.Rank
	if len(a.Strides) > 0 {
		rank = 1 // C indexes a delinearized array with one subscript
	}
	if v.NDims() < rank {
		// Levels hidden in a typedef: one level is a pointer or an
		// array, contiguous either way; more may be pointers to rows.
		if rank > 1 {
			return aliasIndirect
		}
		return aliasPointer
	}
	for _, d := range v.Dims[1:rank] {
		if d == nil {
			return aliasIndirect
		}
	}
	pointer := v.Dims[0] == nil || v.Scope == cfront.ParamScope
	switch {
	case pointer && restrictQualified(f.Src, v):
		return aliasNone
	case pointer:
		return aliasPointer
	}
	return aliasObject
}

// restrictQualified reports whether the declaration of v qualifies v
// itself with restrict: "T *restrict v", "T (*restrict v)[N]" or, for a
// parameter, "T v[restrict N]". A restrict hidden in a macro or a typedef
// is not seen (the check is then emitted).
func restrictQualified(src []byte, v *cfront.Var) bool {
	at := v.Pos.Offset
	if at <= 0 || at+len(v.Name) > len(src) || string(src[at:at+len(v.Name)]) != v.Name {
		return false
	}
	if end := at + len(v.Name); v.Scope == cfront.ParamScope && arrayRestrictRE.Match(src[end:min(len(src), end+100)]) {
		return true
	}
	isRestrict := func(w string) bool { return w == "restrict" || w == "__restrict" || w == "__restrict__" }
	// Backwards over the qualifiers of the outermost pointer level.
	seen := false
	i := at
	for {
		for i > 0 && isSpace(src[i-1]) {
			i--
		}
		j := i
		for j > 0 && isIdentByte(src[j-1]) {
			j--
		}
		if j == i {
			return seen && i > 0 && src[i-1] == '*'
		}
		w := string(src[j:i])
		switch {
		case isRestrict(w):
			seen = true
		case w == "const" || w == "volatile":
		default:
			return false
		}
		i = j
	}
}

// arrayRestrictRE matches a first extent that carries restrict among
// its qualifiers (a parameter T v[restrict N]).
var arrayRestrictRE = regexp.MustCompile(`^\s*\[\s*(?:(?:const|volatile|static)\s+)*(?:restrict|__restrict|__restrict__)\b`)

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isIdentByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// aliasCondition returns the C condition under which the arrays of
// every pair occupy disjoint address ranges in the region, and the ranges
// in words for --explain.
func aliasCondition(s *scop.Scop, pairs [][2]*scop.Array, prefix string) (cond, ranges string, err error) {
	h := emit.HelpersFor(prefix)
	type span struct{ lo, end, text string }
	spans := map[string]*span{} // nil: not accessed in the context
	var order []string
	spanOf := func(a *scop.Array) (*span, error) {
		if sp, ok := spans[a.Name]; ok {
			return sp, nil
		}
		e, ok, err := s.AccessExtent(a.Name)
		if err != nil {
			var pe *presburger.Error
			if errors.As(err, &pe) {
				return nil, err
			}
			why := err.Error()
			if s.MayArrays()[a.Name] {
				// A may access ranges over the whole extent, which
				// C does not give for a pointer or array parameter.
				why = "a subscript that is not affine may take any value: " + why
			}
			return nil, &aliasError{fmt.Sprintf("the elements of %s that the region accesses have no closed-form bounds (%s)", a.Name, why)}
		}
		if !ok {
			spans[a.Name] = nil
			return nil, nil
		}
		lo, hi := make([]ast.Expr, len(e.Lo)), make([]ast.Expr, len(e.Hi))
		for k := range e.Lo {
			if lo[k], err = boundExpr(e.Lo[k], false); err == nil {
				hi[k], err = boundExpr(e.Hi[k], true)
			}
			if err != nil {
				return nil, &aliasError{fmt.Sprintf("the bounds of %s: %v", a.Name, err)}
			}
		}
		first, last := elemAddr(a, lo, h), elemAddr(a, hi, h)
		sp := &span{lo: "(const char *)" + first, end: "(const char *)(" + last + " + 1)"}
		sp.text = strings.TrimPrefix(first, "&") + " to " + strings.TrimPrefix(last, "&")
		if a.Rank == 0 {
			sp.text = a.Name
		}
		spans[a.Name] = sp
		order = append(order, sp.text)
		return sp, nil
	}
	var ors []string
	for _, p := range pairs {
		x, err := spanOf(p[0])
		if err != nil {
			return "", "", err
		}
		y, err := spanOf(p[1])
		if err != nil {
			return "", "", err
		}
		if x == nil || y == nil {
			continue // one of them is not accessed at all
		}
		ors = append(ors, "("+x.end+" <= "+y.lo+" || "+y.end+" <= "+x.lo+")")
	}
	if len(ors) == 0 {
		return "1", "", nil
	}
	return strings.Join(ors, " && "), strings.Join(order, ", "), nil
}

// boundExpr is the least (greatest when upper) of the pieces of a bound.
func boundExpr(pieces []presburger.Aff, upper bool) (ast.Expr, error) {
	var es []ast.Expr
	for _, p := range pieces {
		e, err := affExpr(p)
		if err != nil {
			return nil, err
		}
		es = append(es, e)
	}
	if upper {
		return ast.Max(es...), nil
	}
	return ast.Min(es...), nil
}

// affExpr is the expression of a quasi-affine function of the
// parameters, with floor divisions for its locals and the parameters'
// C names.
func affExpr(a presburger.Aff) (ast.Expr, error) {
	sp := a.Space()
	params := sp.Params()
	if sp.NDim() != len(params) {
		return nil, fmt.Errorf("pipeline: %v is not a function of the parameters alone", a)
	}
	cols := make([]ast.Expr, 0, len(params)+a.NLocal())
	for _, p := range params {
		cols = append(cols, ast.NewIdent(scop.CParam(p)))
	}
	lin := func(row []int64) ast.Expr {
		var e ast.Expr
		for c, k := range row[:len(row)-1] {
			if k == 0 {
				continue
			}
			switch {
			case e == nil:
				e = ast.Mul(ast.NewInt(k), cols[c])
			case k < 0:
				e = ast.Sub(e, ast.Mul(ast.NewInt(-k), cols[c]))
			default:
				e = ast.Add(e, ast.Mul(ast.NewInt(k), cols[c]))
			}
		}
		c := ast.NewInt(row[len(row)-1])
		if e == nil {
			return c
		}
		return ast.Add(e, c)
	}
	for k := 0; k < a.NLocal(); k++ {
		l := a.Local(k)
		row := append(l.Row[:len(cols):len(cols)], l.Row[len(l.Row)-1])
		cols = append(cols, ast.FloorDiv(lin(row), ast.NewInt(l.Den)))
	}
	return lin(a.Row()), nil
}

// elemAddr prints the address of the element of a at the subscripts sub
// (the model's): &A[i][j], or &A[(i) * (n) + j] for a delinearized array.
func elemAddr(a *scop.Array, sub []ast.Expr, h ast.Helpers) string {
	if a.Rank == 0 {
		return "&" + a.Name
	}
	var b bytes.Buffer
	b.WriteString("&" + a.Name)
	if len(a.Strides) == 0 {
		for _, e := range sub {
			b.WriteString("[" + h.ExprC(e) + "]")
		}
		return b.String()
	}
	var terms []string
	for k, e := range sub {
		if c, ok := e.(*ast.Int); ok && c.V == 0 {
			continue
		}
		t := h.ExprCParen(e)
		switch st := a.Strides[k]; {
		case st == "1":
		case identRE.MatchString(st) && identRE.FindString(st) == st:
			t += " * " + st
		default:
			t += " * (" + st + ")"
		}
		terms = append(terms, t)
	}
	if len(terms) == 0 {
		terms = []string{"0"}
	}
	b.WriteString("[" + strings.Join(terms, " + ") + "]")
	return b.String()
}
