package unsigned

import (
	"github.com/tessera-opt/tessera/ast"
)

// Plan is what a region with unsigned names needs.
type Plan struct {
	// Wide is set when a name of the region is a 64-bit unsigned: the
	// generated iterators are long long.
	Wide bool
	// IterTypes maps each unsigned iterator to its C type, which the
	// statements convert the generated iterator to.
	IterTypes map[string]string
	// Params are the unsigned parameters, converted to the generated
	// iterator type in generated expressions.
	Params []string
	// Cond is the run-time condition ("" when none) under which the
	// model's integer values are C's.
	Cond string
	// cast is set when the generated code uses the helper of
	// AddHeader.
	cast bool
}

// signedHelper names (after the helper prefix) the macro that converts an
// unsigned parameter to long long in generated expressions.
const signedHelper = "sll"

// AddHeader defines the conversion helper of Plan.CastParams at the top
// of the generated file out; the caller adds it when a rewritten region's
// plan Casts.
func AddHeader(out []byte, prefix string) []byte {
	h := prefix + signedHelper
	def := "#ifndef " + h + "\n#define " + h + "(x) ((long long)(x))\n#endif\n"
	return append([]byte(def), out...)
}

// Casts reports whether the generated code uses the helper of AddHeader
// (p may be nil).
func (p *Plan) Casts() bool { return p != nil && p.cast }

// CastParams converts the unsigned parameters of p to long long in n's
// generated expressions (bounds, conditions, statement arguments), through
// the helper macro of AddHeader.
func (p *Plan) CastParams(n ast.Node, prefix string) {
	if p == nil || len(p.Params) == 0 {
		return
	}
	p.cast = true
	m := map[string]ast.Expr{}
	for _, name := range p.Params {
		m[name] = &ast.Call{Func: prefix + signedHelper, Args: []ast.Expr{&ast.Ident{Name: name}}}
	}
	ast.RewriteExprs(n, func(e ast.Expr) ast.Expr {
		if e == nil {
			return nil
		}
		return ast.Subst(e, m)
	})
}

// IterValue is the text a statement sees for its iterator it, given the
// generated expression e: e converted to it's unsigned type, so that
// arithmetic on it wraps as the original's does.
func (p *Plan) IterValue(it, e string) string {
	if p == nil {
		return e
	}
	if t, ok := p.IterTypes[it]; ok {
		return "((" + t + ")(" + e + "))"
	}
	return e
}
