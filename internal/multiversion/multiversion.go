package multiversion

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
)

// DefaultValues are the values each parameter is specialized on when the
// caller gives none.
var DefaultValues = []int64{1, 2}

// Limit is the largest number of versions Versions gives for one region
// (the product of the numbers of values of its parameters is cut there):
// each version is modelled and optimized in full, and each is code in the
// output.
const Limit = 4

// Param is a name a region may be specialized on.
type Param struct {
	Name string
	// Type is the name's resolved C type ("int", "long").
	Type string
	// Suffix is the suffix of an integer literal of the name's type after
	// the integer promotions ("" for int, "L" for long, "LL").
	Suffix string
}

// Version is a region specialized on some values of its parameters.
type Version struct {
	// Values holds the value of each parameter, in the order of the
	// parameters given to Versions.
	Values []int64
	// Cond is the C condition under which the version computes what the
	// original region computes ("u == 2", "u == 1 && v == 2").
	Cond string
	// Region is a copy of the region with the parameters replaced by
	// their values; its offsets and position are the original's.
	Region *cfront.Region
}

// literalSuffix gives the suffix of an integer literal whose type is the
// promoted type of the signed integer type res, and whether res is one.
// Unsigned types of int's width or wider are refused: their arithmetic
// wraps around, and the model reads an unsigned name's expressions with
// checks of their own that a literal would not get.
func literalSuffix(res string) (string, bool) {
	switch res {
	case "int", "short", "char", "signed char", "unsigned char", "unsigned short", "_Bool",
		"int8_t", "int16_t", "int32_t", "uint8_t", "uint16_t", "short int", "signed", "signed int":
		return "", true
	case "long", "long int", "int64_t", "intptr_t", "ptrdiff_t", "ssize_t", "intmax_t":
		return "L", true
	case "long long", "long long int":
		return "LL", true
	}
	return "", false
}

// Params returns the names region r of file f may be specialized on (see
// the package documentation), in the order of their first use.
func Params(f *cfront.File, r *cfront.Region) []Param {
	u := &usage{bound: map[string]bool{}, written: map[string]bool{}, extent: map[string]bool{}, inner: map[string]int{}}
	for _, s := range r.Body {
		u.stmt(s)
	}
	// The loops around the region (an inner nest tried as a region of
	// its own after its outer loops were not a SCoP) bound extents too.
	for _, o := range f.Regions {
		if o != r && o.Func == r.Func && o.Start <= r.Start && r.End <= o.End {
			for _, s := range o.Body {
				extents(s, u.extent)
			}
		}
	}
	var out []Param
	for _, name := range u.strides() {
		if u.bound[name] || u.written[name] || u.extent[name] {
			continue
		}
		if _, ok := f.Macros[name]; ok {
			continue
		}
		v := f.Lookup(r, name)
		if v == nil || v.NDims() > 0 {
			continue
		}
		typ := v.Elem
		if typ == "" {
			typ = v.Type
		}
		typ = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(typ), "const "))
		suffix, ok := literalSuffix(typ)
		if !ok {
			continue
		}
		out = append(out, Param{Name: name, Type: typ, Suffix: suffix})
	}
	return out
}

// extents adds to ext the names that are the whole bound of a loop of s.
func extents(s cfront.Stmt, ext map[string]bool) {
	cfront.Walk(s, func(n cfront.Node) bool {
		if x, ok := n.(*cfront.For); ok {
			for _, b := range x.Bounds {
				if id, ok := cfront.Unparen(b.Expr).(*cfront.Ident); ok {
					ext[id.Name] = true
				}
			}
		}
		return true
	})
}

// usage collects what Params needs from a region's statements.
type usage struct {
	// factors are the names met as a factor of a product with a
	// non-constant operand (or as a divisor), each once, in order.
	factors []string
	seen    map[string]bool
	direct  map[string]bool
	// bound names are declared in the region or loop iterators; written
	// names are assigned, incremented or addressed; extents are the
	// whole bound of a loop (i < n: in i*n + j, n is a row length).
	bound, written, extent map[string]bool
	// inner counts, for each name, the loops and declarations around
	// the statement being read that bind it (the names whose values
	// vary in the region: iterators and index temporaries).
	inner map[string]int
}

// stmt reads s and the statements nested in it. A loop's iterator is in
// scope (counted in inner) in the loop; a name declared in a block, from
// its declaration to the end of the block.
func (u *usage) stmt(s cfront.Stmt) {
	// open holds, for each statement entered and not yet left, whether
	// it is a block and the names it brought into scope.
	type scope struct {
		block bool
		names []string
	}
	var open []*scope
	cfront.WalkStmt(s, func(s cfront.Stmt) {
		if s == nil {
			top := open[len(open)-1]
			for _, n := range top.names {
				u.inner[n]--
			}
			open = open[:len(open)-1]
			return
		}
		sc := &scope{}
		switch x := s.(type) {
		case *cfront.Block:
			sc.block = true
		case *cfront.For:
			u.bound[x.Iter] = true
			extents(x, u.extent)
			u.inner[x.Iter]++
			sc.names = append(sc.names, x.Iter)
			u.stmt(x.Init)
			u.expr(x.Lower)
			u.expr(x.Cond)
			u.expr(x.Incr)
			for _, b := range x.Bounds {
				u.expr(b.Expr)
			}
		case *cfront.If:
			u.expr(x.Cond)
		case *cfront.ExprStmt:
			u.expr(x.X)
		case *cfront.Decl:
			for _, v := range x.Vars {
				u.bound[v.Name] = true
				for _, d := range v.Dims {
					u.expr(d)
				}
				u.expr(v.Init)
			}
			// The names are in scope after the declaration, to the end
			// of the block holding it.
			if n := len(open); n > 0 && open[n-1].block {
				for _, v := range x.Vars {
					u.inner[v.Name]++
					open[n-1].names = append(open[n-1].names, v.Name)
				}
			}
		}
		open = append(open, sc)
	})
}

func (u *usage) expr(e cfront.Expr) {
	cfront.WalkExpr(e, func(e cfront.Expr) {
		switch x := e.(type) {
		case *cfront.Assign:
			u.target(x.LHS)
		case *cfront.Postfix:
			u.target(x.X)
		case *cfront.Unary:
			if x.Op == "++" || x.Op == "--" || x.Op == "&" {
				u.target(x.X)
			}
		case *cfront.Binary:
			switch x.Op {
			case "*":
				if u.varies(x.Y) {
					u.factor(x.X, u.inner1(x.Y))
				}
				if u.varies(x.X) {
					u.factor(x.Y, u.inner1(x.X))
				}
			case "/", "%":
				if u.varies(x.X) {
					u.factor(x.Y, u.inner1(x.X))
				}
			}
		}
	})
}

// target records the name an assignment, increment or & reaches, if any.
func (u *usage) target(e cfront.Expr) {
	if id, ok := cfront.Unparen(e).(*cfront.Ident); ok {
		u.written[id.Name] = true
	}
}

// factor records e when it is a name; direct says that the other
// operand is a bare iterator or index temporary (i*u). A name met only as
// the factor of a sum ((c*H + p)*W) is a row length, which
// delinearization reads and a small constant would not help.
func (u *usage) factor(e cfront.Expr, direct bool) {
	id, ok := cfront.Unparen(e).(*cfront.Ident)
	if !ok {
		return
	}
	if u.seen == nil {
		u.seen = map[string]bool{}
		u.direct = map[string]bool{}
	}
	if !u.seen[id.Name] {
		u.seen[id.Name] = true
		u.factors = append(u.factors, id.Name)
	}
	u.direct[id.Name] = u.direct[id.Name] || direct
}

// inner1 reports whether e is a bare name that varies in the region.
func (u *usage) inner1(e cfront.Expr) bool {
	id, ok := cfront.Unparen(e).(*cfront.Ident)
	return ok && u.inner[id.Name] > 0
}

// strides is the factors met directly as the factor of an iterator or
// index temporary, in the order of first use.
func (u *usage) strides() []string {
	var out []string
	for _, n := range u.factors {
		if u.direct[n] {
			out = append(out, n)
		}
	}
	return out
}

// varies reports whether e reads a loop iterator or a name declared in
// the region, in scope where e is.
func (u *usage) varies(e cfront.Expr) bool {
	found := false
	cfront.WalkExpr(e, func(e cfront.Expr) {
		if id, ok := e.(*cfront.Ident); ok && u.inner[id.Name] > 0 {
			found = true
		}
	})
	return found
}

// Select returns the parameters among params that the region is to be
// specialized on: the first one whose substitution by the last value of
// vals lets probe accept the region (probe builds the model), else the
// first pair of them that does, else none. Each probe costs one attempt
// at the model; the pairs are tried among the first four parameters.
func Select(r *cfront.Region, params []Param, vals []int64, probe func(*cfront.Region) bool) []Param {
	if len(params) == 0 || len(vals) == 0 {
		return nil
	}
	v := vals[len(vals)-1]
	try := func(ps ...Param) bool {
		subst := map[string]cfront.Expr{}
		for _, p := range ps {
			subst[p.Name] = Literal(v, p.Suffix)
		}
		return probe(Subst(r, subst))
	}
	for _, p := range params {
		if try(p) {
			return []Param{p}
		}
	}
	if len(vals)*len(vals) > Limit {
		return nil
	}
	n := min(len(params), 4)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			if try(params[a], params[b]) {
				return []Param{params[a], params[b]}
			}
		}
	}
	return nil
}

// Versions returns the versions of region r for the parameters params,
// each taking every value of vals: one version per combination, the
// first parameter's values varying slowest, at most Limit versions (the
// parameters are taken in order while the product stays within it).
func Versions(r *cfront.Region, params []Param, vals []int64) []Version {
	if len(params) == 0 || len(vals) == 0 {
		return nil
	}
	n := 1
	k := 0
	for k < len(params) && n*len(vals) <= Limit {
		n *= len(vals)
		k++
	}
	params = params[:k]
	var out []Version
	idx := make([]int, len(params))
	for {
		values := make([]int64, len(params))
		subst := map[string]cfront.Expr{}
		var conds []string
		for p, i := range idx {
			values[p] = vals[i]
			subst[params[p].Name] = Literal(vals[i], params[p].Suffix)
			conds = append(conds, fmt.Sprintf("%s == %d", params[p].Name, vals[i]))
		}
		out = append(out, Version{Values: values, Cond: strings.Join(conds, " && "), Region: Subst(r, subst)})
		// Next combination, the last parameter's value varying fastest.
		p := len(idx) - 1
		for p >= 0 {
			idx[p]++
			if idx[p] < len(vals) {
				break
			}
			idx[p] = 0
			p--
		}
		if p < 0 {
			return out
		}
	}
}

// Literal is the C integer literal of value v with the suffix suffix
// ("2L"), parenthesized with a unary minus when v is negative.
func Literal(v int64, suffix string) cfront.Expr {
	if v < 0 {
		if v == -v { // the most negative int64 has no literal
			panic("multiversion: no literal for " + strconv.FormatInt(v, 10))
		}
		return &cfront.Paren{X: &cfront.Unary{Op: "-", X: &cfront.IntLit{Text: strconv.FormatInt(-v, 10) + suffix, Value: -v}}}
	}
	return &cfront.IntLit{Text: strconv.FormatInt(v, 10) + suffix, Value: v}
}

// ParseValues reads a comma-separated list of integers ("1,2,4"); "" and
// "none" give an empty list.
func ParseValues(s string) ([]int64, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "none" {
		return []int64{}, nil
	}
	var out []int64
	seen := map[int64]bool{}
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil || v == -v && v != 0 {
			return nil, fmt.Errorf("multiversion: %q is not an integer value", strings.TrimSpace(f))
		}
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out, nil
}
