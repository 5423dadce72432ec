package mlir

// The input path: affine MLIR in, affine MLIR out (`tessera opt
// FILE.mlir`). OptimizeFile parses the file, raises each loop nest at the
// top level of a function body to a C function with one scop region
// (raise.go), runs the pipeline on that C, and writes the file back with
// every nest the pipeline rewrote replaced by a call of a new function
// that Emit wrote from the nest's new schedule; every other byte of the
// input is printed as it was. The new functions go at the end of the
// module. A call keeps the function's own arguments and types: memrefs
// are cast (memref.cast) to the shapes of the new function, dynamic
// extents are read with memref.dim, a 0-d memref that the nest only reads
// is loaded before the call.
//
// Why a call and not the new loops in place: the new function has its own
// argument names and types (those of the C model), and a call keeps the
// original function's signature, its other operations and its SSA names
// untouched; MLIR's inliner (mlir-opt --inline) puts the loops in place
// when wanted.

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/tessera-opt/tessera/pipeline"
)

// InputResult is what OptimizeFile gives.
type InputResult struct {
	// Output is the rewritten MLIR file.
	Output []byte
	// Diags are the diagnostics, at positions of the MLIR file.
	Diags []pipeline.Diagnostic
	// C is the C the nests were raised to (nil when no nest was raised)
	// and Pipeline the pipeline's result on it.
	C        []byte
	Pipeline *pipeline.Result
	// Nests counts the loop nests found, Raised those turned into C,
	// Rewritten those replaced by a call of an optimized function.
	Nests, Raised, Rewritten int
	// NewFuncs are the names of the functions added to the module.
	NewFuncs []string
}

// Errors reports whether some diagnostic is an error.
func (r *InputResult) Errors() bool {
	for _, d := range r.Diags {
		if d.Severity == "error" {
			return true
		}
	}
	return false
}

// OptimizeFile optimizes the affine loop nests of the MLIR file path with
// the pipeline options opt (--parallel gives affine.parallel loops). A
// malformed file gives a *ParseError; problems of single nests are
// diagnostics, and those nests keep their text.
//
// OptimizeFile is the MLIR input's entry point: a panic in raising or
// splicing (a bug) becomes an internal-error result naming the file, so
// that the command line never shows a Go stack (TESSERA_PANIC=1 keeps it).
func OptimizeFile(path string, src []byte, opt pipeline.Options) (res *InputResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			if os.Getenv("TESSERA_PANIC") == "1" {
				panic(r)
			}
			res, err = nil, fmt.Errorf("%s: error: mlir: internal error (%v); no output written", path, r)
		}
	}()
	return optimizeFile(path, src, opt)
}

func optimizeFile(path string, src []byte, opt pipeline.Options) (*InputResult, error) {
	mod, err := Parse(path, src)
	if err != nil {
		return nil, err
	}
	res := &InputResult{}
	names := map[string]bool{}
	var nests []*nest
	for _, f := range mod.Funcs {
		nests = append(nests, raiseFunc(mod, f, names)...)
	}
	res.Nests = len(nests)
	var csrc strings.Builder
	var clines []Loc
	byName := map[string]*nest{}
	for _, n := range nests {
		for _, p := range n.problems {
			res.warn(path, p.loc, fmt.Sprintf("%s; the loop nest at %d:%d is kept as written", p.msg, n.op.Loc.Line, n.op.Loc.Col))
		}
		if n.ctext == "" {
			continue
		}
		res.Raised++
		byName[n.cname] = n
		csrc.WriteString(n.ctext)
		clines = append(clines, n.lines...)
	}
	if res.Raised == 0 {
		res.Output = src
		return res, nil
	}
	res.C = []byte(csrc.String())
	opt.AssumeNoAlias = true // distinct memref values are distinct memory (raise.go)
	opt.AutoScop = false
	EmitOptions(&opt)
	cpath := path + ".c"
	pres, err := pipeline.Optimize(cpath, res.C, opt)
	if err != nil {
		res.warn(path, Loc{}, fmt.Sprintf("the loop nests are kept as written: %v", err))
		res.Output = src
		return res, nil
	}
	res.Pipeline = pres
	for _, d := range pres.Diags {
		// A nest the model refuses (a subscript read from memory, a
		// bound that is not affine) keeps its text: the output is the
		// input's program, so this is a warning here, not an error.
		if d.Severity == "error" {
			d.Severity = "warning"
			d.Msg += "; the loop nest is kept as written"
		}
		res.Diags = append(res.Diags, mapDiag(path, d, clines))
	}
	outName := map[string]string{}
	taken := map[string]bool{}
	for _, n := range nests {
		if n.ctext != "" {
			outName[n.cname] = freshSymbol(src, n.cname, taken)
		}
	}
	em, err := Emit(pres, EmitConfig{
		Parallel:     opt.Sched.Parallel,
		NoCInterface: true, // called from the module only
		FuncName:     func(_ int, reg *pipeline.Region) string { return outName[reg.Region.Func] },
	})
	if err != nil {
		res.warn(path, Loc{}, fmt.Sprintf("the loop nests are kept as written: %v", err))
		res.Output = src
		return res, nil
	}
	for _, d := range em.Diags {
		res.Diags = append(res.Diags, mapDiag(path, d, clines))
	}
	res.Output = res.splice(path, src, mod, em, pres, byName)
	return res, nil
}

// splice writes the output: the input with each rewritten nest replaced
// by its call, and the new functions before the module's closing brace.
func (res *InputResult) splice(path string, src []byte, mod *ParsedFile, em *Module, pres *pipeline.Result, byName map[string]*nest) []byte {
	emitted, err := Parse(path+" (emitted)", em.Text)
	if err != nil {
		res.warn(path, Loc{}, fmt.Sprintf("internal error: the emitted MLIR does not parse (%v); the loop nests are kept as written", err))
		return src
	}
	text := map[string]string{}
	for _, f := range emitted.Funcs {
		// Private: called from this module only, so that the inliner
		// and symbol-dce may drop them.
		t := string(em.Text[f.Start:f.End])
		text[f.Name] = strings.Replace(t, "func.func @", "func.func private @", 1)
	}
	type edit struct {
		start, end int
		call       string
	}
	var edits []edit
	var funcs []string
	temps := &tempNames{src: src}
	for _, ef := range em.Funcs {
		reg := pres.Regions[ef.Region]
		n := byName[reg.Region.Func]
		if n == nil || text[ef.Name] == "" {
			continue
		}
		call, err := callSite(n, ef, temps, indentOf(src, n.op.Start))
		if err != nil {
			res.warn(path, n.op.Loc, fmt.Sprintf("internal error: %v; the loop nest is kept as written", err))
			continue
		}
		edits = append(edits, edit{n.op.Start, n.op.End, call})
		funcs = append(funcs, text[ef.Name])
		res.NewFuncs = append(res.NewFuncs, ef.Name)
		res.Rewritten++
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var out bytes.Buffer
	pos := 0
	for _, e := range edits {
		out.Write(src[pos:e.start])
		out.WriteString(e.call)
		pos = e.end
	}
	if len(funcs) == 0 {
		out.Write(src[pos:])
		return out.Bytes()
	}
	end := len(src)
	if mod.BodyEnd >= 0 {
		end = mod.BodyEnd
	}
	out.Write(src[pos:end])
	if end > 0 && src[end-1] != '\n' {
		out.WriteString("\n")
	}
	for _, f := range funcs {
		out.WriteString("  " + f + "\n")
	}
	out.Write(src[end:])
	return out.Bytes()
}

// callSite writes the operations that call the new function ef in place
// of the nest n: conversions of the arguments, then func.call.
func callSite(n *nest, ef *Func, temps *tempNames, indent string) (string, error) {
	var pre, post []string
	var operands, types []string
	for _, a := range ef.Args {
		cv, ok := n.vars[a.CName]
		if !ok {
			return "", fmt.Errorf("argument %s of @%s is no value of the nest", a.CName, ef.Name)
		}
		v, ty := orig(cv.ssa), cv.typ.Text
		switch {
		case cv.kind == cvDim:
			c, d := temps.fresh(), temps.fresh()
			pre = append(pre, fmt.Sprintf("%s = arith.constant %d : index", c, cv.dim),
				fmt.Sprintf("%s = memref.dim %s, %s : %s", d, orig(cv.ssa), c, cv.typ.Text))
			v, ty = d, "index"
		case cv.kind == cvResult && a.Kind == ArgScalarRef:
			// The value the nest carries out: through a 0-d memref
			// read back into the result's name after the call.
			m := temps.fresh()
			ty = "memref<" + cv.typ.Text + ">"
			pre = append(pre, fmt.Sprintf("%s = memref.alloca() : %s", m, ty))
			post = append(post, fmt.Sprintf("%s = affine.load %s[] : %s", orig(cv.ssa), m, ty))
			v = m
		case cv.kind == cvResult:
			return "", fmt.Errorf("the result %s of the nest is not written by @%s", orig(cv.ssa), ef.Name)
		case cv.kind == cvGlobal && a.Kind == ArgScalar:
			t := temps.fresh()
			pre = append(pre, fmt.Sprintf("%s = affine.load %s[] : %s", t, orig(cv.ssa), cv.typ.Text))
			v, ty = t, cv.typ.Elem.Text
		}
		if ty != a.Type {
			conv, err := convert(v, ty, a.Type, temps)
			if err != nil {
				return "", fmt.Errorf("argument %s: %v", a.CName, err)
			}
			pre = append(pre, conv...)
			v = temps.last
		}
		operands = append(operands, v)
		types = append(types, a.Type)
	}
	for name, cv := range n.vars {
		if cv.kind == cvResult && !slices.ContainsFunc(ef.Args, func(a *Arg) bool { return a.CName == name }) {
			return "", fmt.Errorf("the result %s of the nest is not written by @%s", orig(cv.ssa), ef.Name)
		}
	}
	var b strings.Builder
	for _, l := range pre {
		b.WriteString(l + "\n" + indent)
	}
	fmt.Fprintf(&b, "func.call @%s(%s) : (%s) -> ()", ef.Name, strings.Join(operands, ", "), strings.Join(types, ", "))
	for _, l := range post {
		b.WriteString("\n" + indent + l)
	}
	return b.String(), nil
}

// convert writes the operations that turn v of type from into type to.
func convert(v, from, to string, temps *tempNames) ([]string, error) {
	ft, _ := decodeType(from)
	tt, _ := decodeType(to)
	t := temps.fresh()
	switch {
	case ft.Kind == TypeMemref && tt.Kind == TypeMemref && len(ft.Shape) == len(tt.Shape) && ft.Elem.Text == tt.Elem.Text && ft.Layout == "" && tt.Layout == "":
		return []string{fmt.Sprintf("%s = memref.cast %s : %s to %s", t, v, from, to)}, nil
	case (ft.Kind == TypeIndex && tt.Kind == TypeInt) || (ft.Kind == TypeInt && tt.Kind == TypeIndex):
		return []string{fmt.Sprintf("%s = arith.index_cast %s : %s to %s", t, v, from, to)}, nil
	case ft.Kind == TypeInt && tt.Kind == TypeInt && ft.Bits < tt.Bits:
		return []string{fmt.Sprintf("%s = arith.extsi %s : %s to %s", t, v, from, to)}, nil
	case ft.Kind == TypeFloat && tt.Kind == TypeFloat && ft.Bits < tt.Bits:
		return []string{fmt.Sprintf("%s = arith.extf %s : %s to %s", t, v, from, to)}, nil
	}
	return nil, fmt.Errorf("no conversion from %s to %s", from, to)
}

// tempNames gives SSA names for the call sites that the input does not use.
type tempNames struct {
	src  []byte
	k    int
	last string
}

func (t *tempNames) fresh() string {
	for {
		t.k++
		name := fmt.Sprintf("%%tessera_%d", t.k)
		if !bytes.Contains(t.src, []byte(name)) {
			t.last = name
			return name
		}
	}
}

// freshSymbol returns a function name from base that the input and the
// names taken so far do not use.
func freshSymbol(src []byte, base string, taken map[string]bool) string {
	name := base + "_opt"
	for k := 1; taken[name] || bytes.Contains(src, []byte("@"+name)); k++ {
		name = fmt.Sprintf("%s_opt%d", base, k)
	}
	taken[name] = true
	return name
}

// indentOf is the blank prefix of the line holding offset off.
func indentOf(src []byte, off int) string {
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	i := start
	for i < off && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return string(src[start:i])
}

// mapDiag moves a diagnostic on the raised C to the MLIR operation its
// line came from.
func mapDiag(path string, d pipeline.Diagnostic, lines []Loc) pipeline.Diagnostic {
	d.File = path
	if d.Pos.Line >= 1 && d.Pos.Line <= len(lines) {
		l := lines[d.Pos.Line-1]
		d.Pos.Line, d.Pos.Col, d.Pos.Offset = l.Line, l.Col, l.Offset
	} else {
		d.Pos.Line, d.Pos.Col = 0, 0
	}
	return d
}

func (res *InputResult) warn(path string, l Loc, msg string) {
	d := pipeline.Diagnostic{File: path, Severity: "warning", Msg: msg}
	d.Pos.Line, d.Pos.Col, d.Pos.Offset = l.Line, l.Col, l.Offset
	res.Diags = append(res.Diags, d)
}
