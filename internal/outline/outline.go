package outline

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/ccguard"
	"github.com/tessera-opt/tessera/internal/cdecl"
	"github.com/tessera-opt/tessera/internal/ctext"
	"github.com/tessera-opt/tessera/internal/emit"
	"github.com/tessera-opt/tessera/internal/fpcontract"
	"github.com/tessera-opt/tessera/internal/scalarize"
	"github.com/tessera-opt/tessera/scop"
)

// Config is what Region needs besides the region's AST.
type Config struct {
	File   *cfront.File
	Region *cfront.Region
	Scop   *scop.Scop
	// Body prints the statements (emit's Body callback).
	Body func(*ast.User) (string, error)
	// IterType is the type of the generated iterators; Prefix the
	// prefix of the emitter's helper names.
	IterType, Prefix string
	// Clauses gives the OpenMP clauses of a parallel loop (nil in
	// sequential code).
	Clauses func(m *ast.Mark, f *ast.For) emit.Clauses
	// Seq asks to move whole loop nests outside any parallel loop too,
	// when at least two arrays are parameters of the enclosing function.
	Seq bool
	// Expanded gives the parameter declaration of an array of scalar
	// expansion, declared around the region, and the C text of its
	// extents (ok false for other names; nil: none).
	Expanded func(name string) (decl cdecl.Param, extents []string, ok bool)
	// Private reports the calls that declare a private array (nil:
	// none); a body holding one stays in place.
	Private func(*ast.User) bool
	// FP is the region's FP-contraction control: a function whose
	// statements print its macro declares the macro's zero.
	FP *fpcontract.Control
}

// Result is what Region produced for one region.
type Result struct {
	// Funcs are the function definitions, to be printed before the
	// function holding the region (at Pos).
	Funcs string
	Pos   int
	// Texts are the calls, keyed by the User nodes that replaced the
	// loop bodies (Texts.Body prints them).
	emit.Texts
	Notes []string
	// Root replaces the region's AST when the region is one loop nest
	// moved into a function as a whole (nil otherwise).
	Root ast.Node
	// Unfused reports whether a function of Funcs uses the macro of the
	// FP-contraction control (Config.FP).
	Unfused bool
}

// Region outlines the body of every parallel loop of n whose clauses
// allow it, and with cfg.Seq the loop nests outside parallel loops,
// editing n in place. It returns nil when the region's function cannot
// receive definitions before it.
func Region(n ast.Node, cfg Config) *Result {
	f, r, s, iterTyp, seq := cfg.File, cfg.Region, cfg.Scop, cfg.IterType, cfg.Seq
	ecfg := emit.Config{Body: cfg.Body, Base: 0, Indent: "  ", HelperPrefix: cfg.Prefix, IterType: iterTyp}
	clauses := cfg.Clauses
	fn := f.FuncOf(r.Start)
	if fn == nil {
		return nil
	}
	pos, ok := FuncDeclStart(f.Src, fn)
	if !ok {
		return nil
	}
	out := &Result{Pos: pos, Texts: emit.Texts{}}
	// Names bound by the region's loops and declarations (typed iterTyp).
	local := map[string]bool{}
	ast.Walk(n, func(x ast.Node) bool {
		switch y := x.(type) {
		case *ast.For:
			local[y.Iter] = true
		case *ast.Decl:
			local[y.Name] = true
		}
		return true
	})
	stmts := map[string]*scop.Statement{}
	for _, st := range s.Statements {
		stmts[st.Name] = st
	}
	arrays := map[string]*scop.Array{}
	for _, a := range s.Arrays {
		arrays[a.Name] = a
	}
	count := 0
	if seq && !pointerArrays(f, r, s) {
		seq = false
	}
	seqCount := 0
	// nest outlines a whole loop nest outside any parallel loop (seq):
	// the sequential code gets the same restrict parameters.
	nest := func(g *ast.For) ast.Node {
		if !seq || hasParallelMark(g) {
			return nil
		}
		holder := &ast.For{Body: g}
		name := fmt.Sprintf("tessera_seq_%d_%d", r.Pos.Line, seqCount)
		call, def, why := outlineLoop(nil, holder, nil, &cfg, stmts, arrays, local, ecfg, name)
		if why != "" {
			out.Notes = append(out.Notes, fmt.Sprintf("loop nest %s: not moved into a function: %s", g.Iter, why))
			return nil
		}
		seqCount++
		out.Funcs += def
		out.Unfused = out.Unfused || call.unfused
		out.Texts[call.u] = call.text
		out.Notes = append(out.Notes, fmt.Sprintf("loop nest %s: moved into %s, whose array parameters are restrict pointers (the arrays are parameters of the kernel: the C compiler cannot tell them apart otherwise)", g.Iter, name))
		return call.u
	}
	var visit func(x ast.Node)
	visit = func(x ast.Node) {
		switch y := x.(type) {
		case *ast.Mark:
			if g, ok := ast.Only(y.Body).(*ast.For); ok && y.Name == "parallel" {
				name := fmt.Sprintf("tessera_par_%d_%d", r.Pos.Line, count)
				if call, def, why := outlineLoop(y, g, clauses, &cfg, stmts, arrays, local, ecfg, name); why == "" {
					count++
					out.Funcs += def
					out.Unfused = out.Unfused || call.unfused
					out.Texts[call.u] = call.text
					out.Notes = append(out.Notes, fmt.Sprintf("parallel loop %s: body moved into %s, whose array parameters are restrict pointers (the C compiler then tells the arrays apart in the function OpenMP outlines)", g.Iter, name))
				} else {
					out.Notes = append(out.Notes, fmt.Sprintf("parallel loop %s: body not outlined: %s", g.Iter, why))
				}
				return
			}
			visit(y.Body)
		case *ast.Block:
			if y != nil {
				for k, st := range y.Stmts {
					if g, ok := st.(*ast.For); ok {
						if c := nest(g); c != nil {
							y.Stmts[k] = c
							continue
						}
					}
					visit(st)
				}
			}
		case *ast.If:
			if g, ok := y.Then.(*ast.For); ok {
				if c := nest(g); c != nil {
					y.Then = c
				}
			}
			visit(y.Then)
			if g, ok := y.Else.(*ast.For); ok {
				if c := nest(g); c != nil {
					y.Else = c
				}
			}
			if y.Else != nil {
				visit(y.Else)
			}
		case *ast.For:
			// Below a loop only parallel loops are outlined.
			seqWas := seq
			seq = false
			visit(y.Body)
			seq = seqWas
		}
	}
	if g, ok := n.(*ast.For); ok && seq {
		// A region of one nest: the caller prints n, so the call goes
		// in a block around it.
		if c := nest(g); c != nil {
			out.Root = c
		}
	}
	if out.Root == nil {
		visit(n)
	}
	if count+seqCount == 0 {
		out.Funcs, out.Unfused = "", false
	}
	return out
}

// pointerArrays reports whether at least two arrays of the region are
// parameters of the enclosing function (pointers in C: the compiler cannot
// tell them apart). With one such array there is nothing to tell apart,
// and the function boundary only loses what gcc knows of a static array.
func pointerArrays(f *cfront.File, r *cfront.Region, s *scop.Scop) bool {
	n := 0
	for _, a := range s.Arrays {
		if a.Rank == 0 {
			continue
		}
		if v := f.Lookup(r, a.Name); v != nil && v.Scope == cfront.ParamScope && v.NDims() > 0 {
			n++
		}
	}
	return n >= 2
}

// hasParallelMark reports whether n holds a "parallel" mark.
func hasParallelMark(n ast.Node) bool { return ast.ContainsMark(n, "parallel") }

// Call is the payload of the call that replaces a moved loop body: the
// function Func runs the whole body, with traffic of its own.
type Call struct {
	Func string
}

// String describes the call in the AST's dumps.
func (c Call) String() string { return "call of " + c.Func }

// Part reports false: the call runs statements of its own.
func (Call) Part() bool { return false }

type outlineCall struct {
	u    *ast.User
	text string
	// unfused: the function's statements print the FP-contraction
	// macro.
	unfused bool
}

var (
	identRE = ctext.IdentRE
	callRE  = ctext.CallRE
)

// outlineLoop outlines the body of the parallel loop g under mark m (the
// body of the innermost loop of a collapse clause). It returns the call
// that replaced the body and the function definition, or why not.
func outlineLoop(m *ast.Mark, g *ast.For, clauses func(m *ast.Mark, f *ast.For) emit.Clauses, cfg *Config,
	stmts map[string]*scop.Statement, arrays map[string]*scop.Array, local map[string]bool, ecfg emit.Config, name string) (outlineCall, string, string) {
	f, r, iterTyp := cfg.File, cfg.Region, cfg.IterType
	expanded := cfg.Expanded
	if expanded == nil {
		expanded = func(string) (cdecl.Param, []string, bool) { return cdecl.Param{}, nil, false }
	}
	inner := g
	if clauses != nil {
		c := clauses(m, g)
		if c.NamesVariables() {
			named := emit.Clauses{Private: c.Private, LastPrivate: c.LastPrivate, Reductions: c.Reductions}
			return outlineCall{}, "", "its clauses name variables (" + named.List(emit.HelpersFor(cfg.Prefix))[0] + ")"
		}
		for k := c.Collapse; k > 1; k-- {
			next, ok := inner.Body.(*ast.For)
			if !ok {
				return outlineCall{}, "", "the collapsed loops are not perfectly nested"
			}
			inner = next
		}
	}
	body := inner.Body
	// The statements' texts and the names they and the loops use.
	var users []*ast.User
	ast.Walk(body, func(x ast.Node) bool {
		if u, ok := x.(*ast.User); ok {
			users = append(users, u)
		}
		return true
	})
	if len(users) == 0 {
		return outlineCall{}, "", "no statement"
	}
	for _, u := range users {
		if cfg.Private != nil && cfg.Private(u) {
			return outlineCall{}, "", "the body declares a private array"
		}
	}
	used := map[string]bool{}
	var order []string
	use := func(id string) {
		if !used[id] {
			used[id] = true
			order = append(order, id)
		}
	}
	for _, id := range ast.FreeNames(body) {
		use(id)
	}
	written := map[string]bool{}
	calls := map[string]bool{}    // names followed by '(' in a text
	declared := map[string]bool{} // names the body declares (scalarize's accumulators)
	for _, u := range users {
		if ccguard.Is(u) {
			continue // C text without names
		}
		text, err := ecfg.Body(u)
		if err != nil {
			return outlineCall{}, "", "a statement has no text"
		}
		if p, ok := u.Payload.(scalarize.Part); ok && !p.Store {
			// The load declares the accumulator (__typeof__(x) acc = x;),
			// before the loop that updates it and the store: all three
			// are in the body.
			declared[p.Acc] = true
		}
		for _, m := range callRE.FindAllStringSubmatch(text, -1) {
			calls[m[1]] = true
		}
		for _, id := range identRE.FindAllString(text, -1) {
			if !local[id] { // the generated names it uses are arguments of the User, free or bound in body
				use(id)
			}
		}
		st := scalarize.StmtOf(u, stmts)
		if st == nil {
			return outlineCall{}, "", "statement " + u.Name + " is not in the model"
		}
		for _, a := range st.Accesses {
			if a.Kind == scop.Write {
				written[a.Array] = true
			}
		}
	}
	// A macro of the body may expand to a variable of the enclosing
	// function (a size macro defined as a parameter n): the function
	// receives that variable under its own name.
	for _, id := range append([]string(nil), order...) {
		if _, ok := f.Macros[id]; ok && !local[id] {
			for _, w := range macroIdents(f, id, map[string]bool{}) {
				if !local[w] && f.Lookup(r, w) != nil {
					use(w)
				}
			}
		}
	}
	// An array of scalar expansion is declared around the
	// region: the function receives it as a restrict pointer whose
	// extents (variable-length) use names it must receive first.
	for _, id := range append([]string(nil), order...) {
		if _, exts, ok := expanded(id); ok && !local[id] {
			for _, x := range exts {
				for _, w := range identRE.FindAllString(x, -1) {
					if _, isMacro := f.Macros[w]; isMacro {
						for _, m := range macroIdents(f, w, map[string]bool{}) {
							if !local[m] && f.Lookup(r, m) != nil {
								use(m)
							}
						}
					} else if local[w] || f.Lookup(r, w) != nil {
						use(w)
					}
				}
			}
		}
	}
	var params []cdecl.Param
	var args []string
	// Expanded arrays come last: their extents name earlier parameters.
	var exParams []cdecl.Param
	var exArgs []string
	for _, id := range order {
		if local[id] {
			params = append(params, cdecl.Param{Type: iterTyp, Name: id})
			args = append(args, id)
			continue
		}
		if decl, _, ok := expanded(id); ok {
			exParams = append(exParams, decl)
			exArgs = append(exArgs, id)
			continue
		}
		if _, ok := f.Macros[id]; ok || ctext.IsKeyword(id) || f.IsTypeName(id) || id == fpcontract.Zero {
			continue // fpcontract.Zero: declared by the function itself
		}
		v := f.Lookup(r, id)
		if v == nil {
			if declared[id] || calls[id] && arrays[id] == nil {
				continue // declared by the statement, or a function
			}
			return outlineCall{}, "", "no declaration of " + id + " before the region"
		}
		if v.Scope != cfront.ParamScope && v.Scope != cfront.LocalScope {
			continue // a global: visible from the function
		}
		if strings.ContainsAny(v.Type, "*[(") {
			return outlineCall{}, "", "the type of " + id + " is not a plain element type"
		}
		typ, _ := cdecl.StorageFree(v.Type)
		a := arrays[id]
		rank := 0
		if a != nil {
			rank = a.Rank
			if len(a.Strides) > 0 {
				rank = 1 // delinearized: C indexes it with one subscript
			}
		}
		if v.NDims() != rank {
			return outlineCall{}, "", fmt.Sprintf("%s is declared with %d extent(s) and used with %d subscript(s)", id, v.NDims(), rank)
		}
		if rank == 0 {
			if written[id] {
				return outlineCall{}, "", "the body writes the scalar " + id
			}
			params = append(params, cdecl.Param{Type: typ, Name: id})
			args = append(args, id)
			continue
		}
		decl := cdecl.Param{Type: typ, Name: id, Restrict: true}
		for _, d := range v.Dims[1:] {
			if d == nil {
				// int **y or double a[][] after the first level: the
				// rows are reached through pointers (or have no known
				// extent), so no pointer-to-array type describes them.
				return outlineCall{}, "", "an extent of " + id + " is unknown (a pointer level or [])"
			}
			text := d.Format(nil)
			for _, w := range identRE.FindAllString(text, -1) {
				if _, ok := f.Macros[w]; !ok {
					return outlineCall{}, "", "an extent of " + id + " is not a constant (" + text + ")"
				}
			}
			decl.Rows = append(decl.Rows, text)
		}
		params = append(params, decl)
		args = append(args, id)
	}
	params = append(params, exParams...)
	args = append(args, exArgs...)
	fcfg := ecfg
	fcfg.Clauses = nil
	text, err := emit.Region(body, fcfg)
	if err != nil {
		return outlineCall{}, "", err.Error()
	}
	unfused := cfg.FP.Uses(body)
	def := fmt.Sprintf("static inline void %s(%s)\n{\n%s}\n\n", name, cdecl.ParamList(params), ctext.Indent(fpcontract.Declare(text, unfused, false), "  "))
	call := &ast.User{Name: name + " (call)", Payload: Call{Func: name}}
	inner.Body = call
	return outlineCall{u: call, text: name + "(" + strings.Join(args, ", ") + ");", unfused: unfused}, def, ""
}

// FuncDeclStart is the offset where the definition of fn begins: the start
// of the line of its name, moved up over the lines of its return type
// (lines that do not end a declaration, a block or a comment and are not
// preprocessor lines). It fails when that line is not a plain text line.
func FuncDeclStart(src []byte, fn *cfront.Func) (int, bool) {
	p := fn.Pos.Offset
	if p <= 0 || p > len(src) {
		return 0, false
	}
	lineStart := func(q int) int {
		for q > 0 && src[q-1] != '\n' {
			q--
		}
		return q
	}
	p = lineStart(p)
	for p > 0 {
		prev := lineStart(p - 1)
		line := strings.TrimSpace(string(src[prev : p-1]))
		if line == "" || strings.HasPrefix(line, "#") || slices.Contains([]byte{';', '}', '/'}, line[len(line)-1]) {
			break
		}
		p = prev
	}
	return p, true
}

// macroIdents lists the identifiers that the macro name expands to, through
// the other macros, without the parameters of function-like ones; seen
// stops recursive definitions.
func macroIdents(f *cfront.File, name string, seen map[string]bool) []string {
	m, ok := f.Macros[name]
	if !ok || seen[name] {
		return nil
	}
	seen[name] = true
	param := map[string]bool{}
	for _, p := range m.Params {
		param[p] = true
	}
	var out []string
	for _, w := range identRE.FindAllString(m.Body, -1) {
		switch {
		case param[w] || ctext.IsKeyword(w) || f.IsTypeName(w):
		case f.Macros[w] != nil:
			out = append(out, macroIdents(f, w, seen)...)
		default:
			out = append(out, w)
		}
	}
	return out
}
