package mlir

import (
	"strconv"
	"strings"
)

// Op is one operation. Every operation has its name, results, position
// and byte range; the fields below them are filled for the operations the
// reader knows (Known), as their comments say. Affine expressions are over
// SSA values (the maps are applied when parsed).
type Op struct {
	Name       string
	Loc        Loc
	Start, End int
	Results    []string // result values, with % ("%0#1" for the second of %0:2)
	Known      bool
	// Operands are the SSA values the operation's own text uses (not its
	// regions'), in order.
	Operands []string
	// Type is the result type (the last type of the custom syntax:
	// "to T" for casts; for loads the element type).
	Type ValueType
	// Regions: the body of affine.for / affine.parallel; then and else
	// of affine.if; the regions of an unknown operation.
	Regions []*Block

	// affine.for and affine.parallel: induction variables, bounds (the
	// lower bound is the max of Lower[k], the upper the min of Upper[k]),
	// steps; IterArgs is set when the loop carries values (iter_args or
	// results).
	IVs          []string
	Lower, Upper [][]*AffExpr
	Steps        []int64
	IterArgs     bool
	// affine.for iter_args: the arguments (defined in the body), their
	// initial values and types.
	IterNames, IterInits []string
	IterTypes            []ValueType
	// affine.if: the conditions.
	Cond []Constraint
	// affine.load/store, memref.load/store: the memref and the
	// subscripts (affine expressions for the affine forms; AffSSA leaves
	// for memref.load/store). Stores also have the stored Value.
	Memref  string
	MemType ValueType
	Subs    []*AffExpr
	Value   string
	// affine.apply, affine.min, affine.max: the results of the map.
	Exprs []*AffExpr
	// arith.cmpf/cmpi: the predicate; arith.constant: the literal.
	Pred    string
	Literal string
}

// parseOp reads one operation of a block.
func (p *parser) parseOp(f *ParsedFunc) *Op {
	first := p.peek()
	op := &Op{Loc: first.loc, Start: first.loc.Offset}
	if first.kind == tValue {
		for {
			v := p.expectKind(tValue, "a result value")
			n := 1
			if p.accept(":") {
				c := p.expectKind(tInt, "a result count")
				n = int(p.intValue(c))
				if n < 1 || n > 1024 {
					p.errorAt(c.loc, "bad result count %s", c.text)
				}
			}
			if n == 1 {
				op.Results = append(op.Results, v.text)
			} else {
				for k := 0; k < n; k++ {
					op.Results = append(op.Results, v.text+"#"+strconv.Itoa(k))
				}
			}
			defer func(first int) {
				// The results are visible after the operation only.
				for k := first; k < len(op.Results); k++ {
					op.Results[k] = p.def(op.Results[k], op.Start)
				}
			}(len(op.Results) - n)
			if !p.accept(",") {
				break
			}
		}
		p.expect("=")
	}
	t := p.next()
	switch t.kind {
	case tIdent:
		op.Name = t.text
	case tString:
		op.Name = strings.Trim(t.text, `"`)
		p.parseUnknown(op, t, f)
		return op
	default:
		p.errorAt(t.loc, "expected an operation name, found %s", describe(t))
	}
	if read := opReaders[op.Name]; read != nil {
		op.Known = true
		read(p, op, f)
		p.skipTrailingLoc()
	} else {
		p.parseUnknown(op, t, f)
	}
	op.End = p.lastEnd
	return op
}

// skipTrailingLoc drops a location attribute loc(...) after an operation.
func (p *parser) skipTrailingLoc() {
	if t := p.peek(); t.kind == tIdent && t.text == "loc" {
		p.next()
		p.skipBalanced(p.expect("("))
	}
}

// parseUnknown skips an operation the reader does not model: the tokens to
// the end of its line, with brackets balanced and regions parsed as
// blocks (so that nested operations are still found).
func (p *parser) parseUnknown(op *Op, name token, f *ParsedFunc) {
	line := name.loc.Line
	for {
		t := p.peek()
		if t.kind == tEOF || (t.loc.Line > line && t.text != "{" && t.text != "(") || (t.kind == tPunct && (t.text == "}" || t.text == ")" || t.text == "]")) {
			break
		}
		switch {
		case t.kind == tPunct && t.text == "{":
			if p.regionAhead() {
				op.Regions = append(op.Regions, p.parseBlock(f))
			} else {
				p.skipBalanced(p.next())
			}
		case t.kind == tPunct && (t.text == "(" || t.text == "[" || t.text == "<"):
			p.next()
			p.skipBalancedCollect(t, op)
		case t.kind == tValue:
			p.next()
			op.Operands = append(op.Operands, p.use(t.text))
		default:
			p.next()
		}
		line = p.locAt(p.lastEnd).Line
	}
	op.End = p.lastEnd
}

// regionAhead tells a region "{ ops }" from an attribute dictionary
// "{name = value}" at the brace that is next.
func (p *parser) regionAhead() bool {
	save, saveTok, saveHave, saveLast := p.off, p.tok, p.have, p.lastEnd
	defer func() { p.off, p.tok, p.have, p.lastEnd = save, saveTok, saveHave, saveLast }()
	p.next()
	a := p.next()
	switch a.kind {
	case tValue, tCaret:
		return true
	case tPunct:
		return false
	case tIdent:
		b := p.next()
		return b.text != "=" && b.text != "," && b.text != "}"
	case tString:
		b := p.next()
		return b.text == "("
	}
	return false
}

// skipBalancedCollect is skipBalanced collecting the values used.
func (p *parser) skipBalancedCollect(open token, op *Op) {
	stack := []string{closerOf(open.text)}
	for len(stack) > 0 {
		t := p.next()
		switch {
		case t.kind == tEOF:
			p.errorAt(open.loc, "'%s' is not closed", open.text)
		case t.kind == tValue:
			op.Operands = append(op.Operands, p.use(t.text))
		case t.kind != tPunct:
		case t.text == "(" || t.text == "[" || t.text == "{" || (t.text == "<" && stack[len(stack)-1] == ">"):
			stack = append(stack, closerOf(t.text))
		case t.text == stack[len(stack)-1]:
			stack = stack[:len(stack)-1]
		case t.text == ")" || t.text == "]" || t.text == "}":
			p.errorAt(t.loc, "unbalanced '%s'", t.text)
		}
	}
}

// opReaders are the readers of the custom syntax of the known operations,
// called after the operation name.
var opReaders map[string]func(p *parser, op *Op, f *ParsedFunc)

func init() {
	opReaders = map[string]func(p *parser, op *Op, f *ParsedFunc){
		"affine.for":      (*parser).readFor,
		"affine.parallel": (*parser).readParallel,
		"affine.if":       (*parser).readIf,
		"affine.load":     (*parser).readAffineLoad,
		"affine.store":    (*parser).readAffineStore,
		"affine.apply":    (*parser).readApply,
		"affine.min":      (*parser).readApply,
		"affine.max":      (*parser).readApply,
		"affine.yield":    (*parser).readYield,
		"memref.load":     (*parser).readMemrefLoad,
		"memref.store":    (*parser).readMemrefStore,
		"arith.constant":  (*parser).readConstant,
		"arith.cmpf":      (*parser).readCmp,
		"arith.cmpi":      (*parser).readCmp,
		"arith.select":    (*parser).readGeneric,
		"memref.alloc":    (*parser).readAlloc,
		"memref.alloca":   (*parser).readAlloc,
		"memref.dim":      (*parser).readDim,
	}
	for _, n := range strings.Fields(`addf subf mulf divf remf negf maximumf minimumf maxnumf minnumf
		addi subi muli divsi divui remsi remui floordivsi ceildivsi maxsi minsi maxui minui andi ori xori shli shrsi shrui
		index_cast index_castui sitofp uitofp fptosi fptoui extf truncf extsi extui trunci bitcast`) {
		opReaders["arith."+n] = (*parser).readGeneric
	}
	for _, n := range strings.Fields(`sqrt exp exp2 expm1 log log2 log10 log1p absf absi powf fpowi ipowi sin cos tan tanh
		atan atan2 erf floor ceil round trunc fma rsqrt cbrt copysign`) {
		opReaders["math."+n] = (*parser).readGeneric
	}
}

// readGeneric reads "%a, %b [attrs] : T" or "%a : T1 to T2" (arith, math).
func (p *parser) readGeneric(op *Op, _ *ParsedFunc) {
	for {
		v := p.expectKind(tValue, "an operand")
		op.Operands = append(op.Operands, p.use(v.text))
		if !p.accept(",") {
			break
		}
	}
	p.skipOpAttrs()
	p.expect(":")
	op.Type = p.parseType()
	for p.accept(",") {
		op.Type = p.parseType() // select's "i1, f64": the last is the result
	}
	if p.accept("to") {
		op.Type = p.parseType()
	}
}

// skipOpAttrs drops fastmath<...>, overflow<...> and {attr} dictionaries.
func (p *parser) skipOpAttrs() {
	for {
		t := p.peek()
		switch {
		case t.kind == tIdent && (t.text == "fastmath" || t.text == "overflow" || t.text == "exact" || t.text == "nneg"):
			p.next()
			if p.peek().text == "<" {
				p.skipBalanced(p.next())
			}
		case t.kind == tPunct && t.text == "{":
			p.skipBalanced(p.next())
		default:
			return
		}
	}
}

// readCmp reads "pred, %a, %b : T" (result i1).
func (p *parser) readCmp(op *Op, f *ParsedFunc) {
	op.Pred = p.expectKind(tIdent, "a comparison predicate").text
	p.expect(",")
	p.readGeneric(op, f)
	op.Type = ValueType{Text: "i1", Kind: TypeInt, Bits: 1}
}

// readConstant reads "literal : T" (or "literal" with a typed literal
// like "true" or "1.0 : f64").
func (p *parser) readConstant(op *Op, _ *ParsedFunc) {
	p.skipOpAttrs()
	neg := p.accept("-")
	t := p.next()
	switch t.kind {
	case tInt:
		p.intValue(t)
	case tFloat:
	case tIdent:
		if t.text != "true" && t.text != "false" && t.text != "dense" {
			p.errorAt(t.loc, "expected a constant, found %s", describe(t))
		}
		if t.text == "dense" {
			p.skipBalanced(p.expect("<"))
		}
	default:
		p.errorAt(t.loc, "expected a constant, found %s", describe(t))
	}
	op.Literal = t.text
	if neg {
		op.Literal = "-" + t.text
	}
	if t.text == "true" || t.text == "false" {
		op.Type = ValueType{Text: "i1", Kind: TypeInt, Bits: 1}
		if !p.accept(":") {
			return
		}
	} else {
		p.expect(":")
	}
	op.Type = p.parseType()
}

// readMapApplication reads a map application: "#map(%a)[%b]",
// "affine_map<...>(%a)[%b]", and, when bare is set (loop bounds), an
// integer or an SSA value; it returns the map's results over SSA values.
func (p *parser) readMapApplication(bare bool) []*AffExpr {
	t := p.peek()
	switch {
	case bare && (t.kind == tInt || (t.kind == tPunct && t.text == "-")):
		neg := p.accept("-")
		c := p.expectKind(tInt, "an integer")
		v := p.intValue(c)
		if neg {
			v = -v
		}
		return []*AffExpr{{Op: AffConst, Const: v}}
	case bare && t.kind == tValue:
		p.next()
		return []*AffExpr{{Op: AffSSA, Name: p.use(t.text)}}
	}
	var m *AffineMap
	switch {
	case t.kind == tHash:
		p.next()
		m = p.mod.Maps[t.text]
		if m == nil {
			p.errorAt(t.loc, "undefined affine map %s", t.text)
		}
	case t.kind == tIdent && t.text == "affine_map":
		p.next()
		m = p.parseMapBody()
	default:
		p.errorAt(t.loc, "expected an affine map, found %s", describe(t))
	}
	dims, syms := p.readMapOperands(t, m.NumDims, m.NumSyms)
	out := make([]*AffExpr, len(m.Results))
	for i, r := range m.Results {
		out[i] = substitute(r, dims, syms)
	}
	return out
}

// readMapOperands reads "(%d, ...)[%s, ...]" and checks the counts.
func (p *parser) readMapOperands(at token, nd, ns int) (dims, syms []string) {
	list := func(open, close string) []string {
		var out []string
		p.expect(open)
		if p.accept(close) {
			return out
		}
		for {
			out = append(out, p.use(p.expectKind(tValue, "an SSA value").text))
			if !p.accept(",") {
				p.expect(close)
				return out
			}
		}
	}
	dims = list("(", ")")
	if p.peek().text == "[" {
		syms = list("[", "]")
	}
	if len(dims) != nd || len(syms) != ns {
		p.errorAt(at.loc, "the map takes %d dimensions and %d symbols, given %d and %d", nd, ns, len(dims), len(syms))
	}
	return dims, syms
}

// readBound reads a loop bound: "[max|min] application".
func (p *parser) readBound(kw string) []*AffExpr {
	t := p.peek()
	if t.kind == tIdent && t.text == kw {
		p.next()
		return p.readMapApplication(false)
	}
	return p.readMapApplication(true)
}

// readFor reads "%i = lb to ub [step s] [iter_args(...) -> (T)] { body }".
func (p *parser) readFor(op *Op, f *ParsedFunc) {
	iv := p.expectKind(tValue, "the induction variable")
	op.IVs = []string{iv.text}

	p.expect("=")
	op.Lower = [][]*AffExpr{p.readBound("max")}
	p.expect("to")
	op.Upper = [][]*AffExpr{p.readBound("min")}
	op.Steps = []int64{1}
	if p.accept("step") {
		s := p.expectKind(tInt, "a constant step")
		op.Steps[0] = p.intValue(s)
		if op.Steps[0] <= 0 {
			p.errorAt(s.loc, "the step must be positive")
		}
	}
	if p.peek().text == "iter_args" {
		p.next()
		op.IterArgs = true
		p.expect("(")
		for {
			op.IterNames = append(op.IterNames, p.expectKind(tValue, "an iteration argument").text)
			p.expect("=")
			op.IterInits = append(op.IterInits, p.use(p.expectKind(tValue, "an initial value").text))
			if !p.accept(",") {
				p.expect(")")
				break
			}
		}
		p.expect("->")
		if p.accept("(") {
			for {
				op.IterTypes = append(op.IterTypes, p.parseType())
				if !p.accept(",") {
					p.expect(")")
					break
				}
			}
		} else {
			op.IterTypes = append(op.IterTypes, p.parseType())
		}
		if len(op.IterTypes) != len(op.IterNames) {
			p.errorAt(op.Loc, "affine.for has %d iteration arguments and %d result types", len(op.IterNames), len(op.IterTypes))
		}
	}
	p.ivBody(op, f)
	p.skipAttrDictIfAny()
}

// skipAttrDictIfAny drops a trailing attribute dictionary {...} on the
// line of the region's closing brace.
func (p *parser) skipAttrDictIfAny() {
	t := p.peek()
	if t.kind == tPunct && t.text == "{" && t.loc.Line == p.locAt(p.lastEnd).Line && !p.regionAhead() {
		p.skipBalanced(p.next())
	}
}

// readParallel reads "(%i, %j) = (lbs) to (ubs) [step (s, t)]
// [reduce (...)] [-> (T)] { body }".
func (p *parser) readParallel(op *Op, f *ParsedFunc) {
	p.expect("(")
	for {
		op.IVs = append(op.IVs, p.expectKind(tValue, "an induction variable").text)
		if !p.accept(",") {
			p.expect(")")
			break
		}
	}

	p.expect("=")
	op.Lower = p.readParallelBounds("max")
	p.expect("to")
	op.Upper = p.readParallelBounds("min")
	if len(op.Lower) != len(op.IVs) || len(op.Upper) != len(op.IVs) {
		p.errorAt(op.Loc, "affine.parallel has %d induction variables and %d lower, %d upper bounds", len(op.IVs), len(op.Lower), len(op.Upper))
	}
	op.Steps = make([]int64, len(op.IVs))
	for i := range op.Steps {
		op.Steps[i] = 1
	}
	if p.accept("step") {
		p.expect("(")
		for i := 0; ; i++ {
			s := p.expectKind(tInt, "a constant step")
			if i >= len(op.Steps) {
				p.errorAt(s.loc, "more steps than induction variables")
			}
			if op.Steps[i] = p.intValue(s); op.Steps[i] <= 0 {
				p.errorAt(s.loc, "the step must be positive")
			}
			if !p.accept(",") {
				p.expect(")")
				break
			}
		}
	}
	if p.peek().text == "reduce" {
		p.next()
		op.IterArgs = true
		p.skipBalanced(p.expect("("))
	}
	p.readResultTypes(op)
	p.ivBody(op, f)
	p.skipAttrDictIfAny()
}

// readParallelBounds reads "(b0, b1, ...)" where each bound is an affine
// expression of SSA values, or max/min(...) of several, or a map
// application whose results are the bounds of consecutive loops.
func (p *parser) readParallelBounds(kw string) [][]*AffExpr {
	t := p.peek()
	if t.kind == tHash || (t.kind == tIdent && t.text == "affine_map") {
		var out [][]*AffExpr
		for _, e := range p.readMapApplication(false) {
			out = append(out, []*AffExpr{e})
		}
		return out
	}
	p.expect("(")
	var out [][]*AffExpr
	if p.accept(")") {
		return out
	}
	for {
		if p.peek().kind == tIdent && p.peek().text == kw {
			p.next()
			p.expect("(")
			var list []*AffExpr
			for {
				list = append(list, p.parseAffExpr(affScope{}))
				if !p.accept(",") {
					p.expect(")")
					break
				}
			}
			out = append(out, list)
		} else {
			out = append(out, []*AffExpr{p.parseAffExpr(affScope{})})
		}
		if !p.accept(",") {
			p.expect(")")
			return out
		}
	}
}

// readResultTypes reads the "-> T" or "-> (T, ...)" of an affine.parallel
// or affine.if that yields values, if there is one, and marks op as
// carrying values.
func (p *parser) readResultTypes(op *Op) {
	if p.accept("->") {
		op.IterArgs = true
		if p.peek().text == "(" {
			p.skipBalanced(p.next())
		} else {
			p.parseType()
		}
	}
}

// readIf reads "#set(%d)[%s] [-> (T)] { then } [else { else }]".
func (p *parser) readIf(op *Op, f *ParsedFunc) {
	t := p.next()
	var s *IntegerSet
	switch {
	case t.kind == tHash:
		s = p.mod.Sets[t.text]
		if s == nil {
			p.errorAt(t.loc, "undefined integer set %s", t.text)
		}
	case t.kind == tIdent && t.text == "affine_set":
		s = p.parseSetBody()
	default:
		p.errorAt(t.loc, "expected an integer set, found %s", describe(t))
	}
	dims, syms := p.readMapOperands(t, s.NumDims, s.NumSyms)
	for _, c := range s.Cons {
		op.Cond = append(op.Cond, Constraint{Expr: substitute(c.Expr, dims, syms), Eq: c.Eq})
	}
	op.Operands = append(dims, syms...)
	p.readResultTypes(op)
	op.Regions = []*Block{p.parseBlock(f)}
	if p.peek().kind == tIdent && p.peek().text == "else" {
		p.next()
		op.Regions = append(op.Regions, p.parseBlock(f))
	}
	p.skipAttrDictIfAny()
}

// readSubscripts reads "%A[e, ...]" with affine subscripts of SSA values.
func (p *parser) readSubscripts(op *Op) {
	op.Memref = p.use(p.expectKind(tValue, "a memref").text)
	p.expect("[")
	if p.accept("]") {
		return
	}
	for {
		op.Subs = append(op.Subs, p.parseAffExpr(affScope{}))
		if !p.accept(",") {
			p.expect("]")
			return
		}
	}
}

// readMemType reads ": memref<...>" and sets the result type to its
// element type.
func (p *parser) readMemType(op *Op) {
	p.skipOpAttrs()
	p.expect(":")
	at := p.peek()
	op.MemType = p.parseType()
	if op.MemType.Kind != TypeMemref {
		p.errorAt(at.loc, "expected a memref type, found %s", op.MemType.Text)
	}
	if len(op.MemType.Shape) != len(op.Subs) {
		p.errorAt(op.Loc, "%s has %d subscripts for a memref of rank %d", op.Name, len(op.Subs), len(op.MemType.Shape))
	}
	op.Type = *op.MemType.Elem
}

func (p *parser) readAffineLoad(op *Op, _ *ParsedFunc) {
	p.readSubscripts(op)
	p.readMemType(op)
}

func (p *parser) readAffineStore(op *Op, _ *ParsedFunc) {
	op.Value = p.use(p.expectKind(tValue, "the stored value").text)
	p.expect(",")
	p.readSubscripts(op)
	p.readMemType(op)
}

// memref.load/store subscripts are SSA values only.
func (p *parser) readMemrefLoad(op *Op, _ *ParsedFunc) {
	p.readSubscripts(op)
	for _, s := range op.Subs {
		if s.Op != AffSSA {
			p.errorAt(op.Loc, "memref subscripts must be SSA values")
		}
	}
	p.readMemType(op)
}

func (p *parser) readMemrefStore(op *Op, f *ParsedFunc) {
	op.Value = p.use(p.expectKind(tValue, "the stored value").text)
	p.expect(",")
	p.readMemrefLoad(op, f)
}

// readApply reads affine.apply/min/max "#map(%a)[%b]".
func (p *parser) readApply(op *Op, _ *ParsedFunc) {
	op.Exprs = p.readMapApplication(false)
	if len(op.Exprs) == 0 || (op.Name == "affine.apply" && len(op.Exprs) != 1) {
		p.errorAt(op.Loc, "%s needs a map with one result", op.Name)
	}
	op.Type = ValueType{Text: "index", Kind: TypeIndex, Bits: 64}
}

// readYield reads "affine.yield [%v, ... : T, ...]".
func (p *parser) readYield(op *Op, _ *ParsedFunc) {
	if p.peek().kind != tValue {
		return
	}
	for {
		op.Operands = append(op.Operands, p.use(p.expectKind(tValue, "a value").text))
		if !p.accept(",") {
			break
		}
	}
	p.expect(":")
	for {
		p.parseType()
		if !p.accept(",") {
			return
		}
	}
}

// readAlloc reads memref.alloc/alloca "(%d, ...)[%s] {attrs} : memref<...>".
func (p *parser) readAlloc(op *Op, _ *ParsedFunc) {
	p.skipBalancedCollect(p.expect("("), op)
	if p.peek().text == "[" {
		p.skipBalancedCollect(p.next(), op)
	}
	p.skipOpAttrs()
	p.expect(":")
	at := p.peek()
	op.Type = p.parseType()
	if op.Type.Kind != TypeMemref {
		p.errorAt(at.loc, "expected a memref type, found %s", op.Type.Text)
	}
}

// readDim reads memref.dim "%A, %c : memref<...>" (result index).
func (p *parser) readDim(op *Op, f *ParsedFunc) {
	p.readGeneric(op, f)
	op.MemType = op.Type
	op.Type = ValueType{Text: "index", Kind: TypeIndex, Bits: 64}
}

// ivBody defines the induction variables of op in a new scope (after its
// bounds, which cannot use them) and reads the body.
func (p *parser) ivBody(op *Op, f *ParsedFunc) {
	p.pushScope()
	for k, v := range op.IVs {
		op.IVs[k] = p.def(v, op.Start)
	}
	for k, v := range op.IterNames {
		op.IterNames[k] = p.def(v, op.Start)
	}
	op.Regions = []*Block{p.parseBlock(f)}
	p.popScope()
}
