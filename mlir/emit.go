package mlir

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/astgen"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/pipeline"
	"github.com/tessera-opt/tessera/scop"
)

// EmitConfig configures Emit. The zero value works: sequential loops only,
// functions with the C interface attribute.
type EmitConfig struct {
	// Parallel writes affine.parallel for the outermost loop of each nest
	// that the schedule marks parallel (`tessera opt --emit=mlir
	// --parallel`).
	Parallel bool
	// NoCInterface leaves out the llvm.emit_c_interface attribute.
	NoCInterface bool
	// FuncName, when not nil, names the function of region i (an index
	// in Result.Regions); an empty answer keeps the default F_rN.
	FuncName func(i int, reg *pipeline.Region) string
}

// Module is what Emit wrote.
type Module struct {
	// Text is the MLIR module.
	Text []byte
	// Funcs are the functions emitted, one per region emitted, in file
	// order.
	Funcs []*Func
	// Diags are the warnings on regions that could not be emitted
	// ("file:line:col: warning: ..."), in file order.
	Diags []pipeline.Diagnostic
}

// Func is the function of one region.
type Func struct {
	Name string
	// Region is the index of the region in Result.Regions.
	Region int
	// Args are the function's arguments in order.
	Args []*Arg
}

// ArgKind tells what an argument of a region function stands for.
type ArgKind int

const (
	// ArgArray is an array, passed as a memref of its rank.
	ArgArray ArgKind = iota
	// ArgScalarRef is a scalar the region writes, passed as a 0-d memref.
	ArgScalarRef
	// ArgScalar is a scalar the region only reads, passed by value.
	ArgScalar
	// ArgParam is a parameter of the model, passed as an index.
	ArgParam
)

// Arg is one argument of a region function.
type Arg struct {
	Kind ArgKind
	// CName is the C name of the variable, macro or parameter.
	CName string
	// SSA is the argument's name in the function ("%a_A").
	SSA string
	// Type is the MLIR type of the argument ("memref<20x30xf64>", "f64",
	// "index"); Elem the element type of a memref, or the value's type.
	Type, Elem string
	// Dims are, for memrefs, the C text of each extent ("" when C gives
	// none); Static the constant extents (-1 where dynamic).
	Dims   []string
	Static []int64
	// CType is the C element type as resolved ("double").
	CType string
}

// EmitOptions sets the pipeline options that the MLIR output needs: no
// C-only post-stages (vector intrinsics, statement splitting), no scalar
// expansion and no AST post-passes (whose let bindings the affine dialect
// has no place for), so that the regions' schedules are the ones Emit
// generates code for; and no run-time alias check of the C output, whose
// failure would keep a region that the MLIR function (over distinct
// memrefs, as the model takes its arrays) can express.
func EmitOptions(opt *pipeline.Options) {
	opt.AssumeNoAlias = true
	opt.Vectorize = false
	opt.Split = false
	opt.NoExpand = true
	opt.NoLICM = true
}

// Emit writes the optimized regions of res as one MLIR module: a func.func
// per region that the pipeline rewrote and whose code the affine dialect
// can express (see the package documentation). The regions that cannot
// be written get a warning in Module.Diags and a comment in the text. The
// error is not nil only when res holds no file.
func Emit(res *pipeline.Result, cfg EmitConfig) (*Module, error) {
	if res == nil || res.File == nil {
		return nil, fmt.Errorf("mlir: no file to emit")
	}
	m := &Module{}
	var b strings.Builder
	fmt.Fprintf(&b, "// MLIR affine dialect written by tessera from %s\n", res.File.Name)
	b.WriteString("module {\n")
	for i, reg := range res.Regions {
		name := emDefaultName(i, reg)
		if cfg.FuncName != nil {
			if n := cfg.FuncName(i, reg); n != "" {
				name = n
			}
		}
		where := fmt.Sprintf("region %d (%s:%d)", i+1, res.File.Name, reg.Region.Pos.Line)
		if reg.Kept || reg.Scop == nil || reg.Tree.Root() == nil {
			fmt.Fprintf(&b, "  // %s: not optimized, no function\n", where)
			continue
		}
		text, fn, err := emitRegion(res.File, reg, name, cfg)
		if err != nil {
			d := pipeline.Diagnostic{Pos: reg.Region.Pos, File: res.File.Name, Severity: "warning",
				Msg: "region not written as MLIR: " + err.Error()}
			if ee, ok := err.(*emError); ok && ee.pos.Line > 0 {
				d.Pos = ee.pos
			}
			m.Diags = append(m.Diags, d)
			fmt.Fprintf(&b, "  // %s: not written: %s\n", where, emOneLine(err.Error()))
			continue
		}
		fn.Region = i
		m.Funcs = append(m.Funcs, fn)
		fmt.Fprintf(&b, "  // %s\n", where)
		b.WriteString(text)
	}
	b.WriteString("}\n")
	m.Text = []byte(b.String())
	return m, nil
}

// emDefaultName is F_rN: the enclosing C function and the region's number.
func emDefaultName(i int, reg *pipeline.Region) string {
	f := reg.Region.Func
	if f == "" {
		f = "region"
	}
	return fmt.Sprintf("%s_r%d", f, i+1)
}

func emOneLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// emError is a construct the affine dialect output cannot express, at
// a position of the C file when known.
type emError struct {
	pos cfront.Pos
	msg string
}

func (e *emError) Error() string { return e.msg }

// emFail stops the emission of the current region (emitRegion recovers).
func emFail(pos cfront.Pos, format string, args ...any) {
	panic(&emError{pos: pos, msg: fmt.Sprintf(format, args...)})
}

// fnEmitter writes the function of one region.
type fnEmitter struct {
	f     *cfront.File
	r     *cfront.Region
	s     *scop.Scop
	reg   *pipeline.Region
	cfg   EmitConfig
	b     strings.Builder
	depth int // indentation level
	tmp   int // counter of SSA temporaries
	// vars are the arrays and scalars by C name.
	vars map[string]*emVar
	// params maps the model's parameter names to their SSA values, and
	// cParams the C names to the model's.
	params  map[string]string
	cParams map[string]string
	// ivs maps the AST's loop iterators to their SSA values.
	ivs map[string]string
	// stmts are the statements by name.
	stmts map[string]*scop.Statement
	// noPar are the statements under a loop that the scheduler made
	// parallel with OpenMP clauses (privatization, reduction).
	noPar map[string]bool
	// inPar is set inside an affine.parallel.
	inPar bool
	// marked are the loops under a "parallel" (or "collapse") mark.
	marked map[*ast.For]bool
	// decls are the Decl bindings of the AST in scope (substituted).
	decls map[string]ast.Expr
}

// emVar is an array or scalar of the region.
type emVar struct {
	name  string
	ssa   string
	rank  int
	elem  string // MLIR element type
	mtype string // memref type, "" for a scalar passed by value
	ctype string
}

// emitRegion writes the function of one region.
func emitRegion(f *cfront.File, reg *pipeline.Region, name string, cfg EmitConfig) (text string, fn *Func, err error) {
	defer func() {
		if p := recover(); p != nil {
			ee, ok := p.(*emError)
			if !ok {
				// Emit is an entry point: a bug of the emitter costs the
				// region, not the run.
				ee = &emError{msg: fmt.Sprintf("internal error of the MLIR output (%v)", p)}
			}
			text, fn, err = "", nil, ee
		}
	}()
	e := &fnEmitter{f: f, r: reg.Region, s: reg.Scop, reg: reg, cfg: cfg,
		vars: map[string]*emVar{}, params: map[string]string{}, cParams: map[string]string{},
		ivs: map[string]string{}, stmts: map[string]*scop.Statement{}, noPar: map[string]bool{},
		decls: map[string]ast.Expr{}, marked: map[*ast.For]bool{}}
	for _, st := range e.s.Statements {
		e.stmts[st.Name] = st
	}
	for _, p := range reg.Private {
		if len(p.Private)+len(p.LastPrivate)+len(p.Reductions) == 0 {
			continue
		}
		for _, st := range p.Stmts {
			e.noPar[st] = true
		}
	}
	for _, a := range e.s.Arrays {
		if len(a.Strides) > 0 {
			emFail(e.r.Pos, "array %s is indexed with a linearized subscript (delinearized in the model): its subscripts are not affine", a.Name)
		}
	}
	n, gerr := astgen.Generate(reg.Tree, astgen.Config{})
	if gerr != nil {
		return "", nil, fmt.Errorf("AST generation: %v", gerr)
	}
	fn = &Func{Name: name}
	e.signature(fn)
	attr := " attributes {llvm.emit_c_interface}"
	if cfg.NoCInterface {
		attr = ""
	}
	var args []string
	for _, a := range fn.Args {
		args = append(args, a.SSA+": "+a.Type)
	}
	var out strings.Builder
	fmt.Fprintf(&out, "  func.func @%s(%s)%s {\n", name, strings.Join(args, ", "), attr)
	e.depth = 2
	e.locals()
	e.node(n)
	e.line("return")
	out.WriteString(e.b.String())
	out.WriteString("  }\n")
	return out.String(), fn, nil
}

// line writes one line at the current depth.
func (e *fnEmitter) line(format string, args ...any) {
	e.b.WriteString(strings.Repeat("  ", e.depth))
	fmt.Fprintf(&e.b, format, args...)
	e.b.WriteByte('\n')
}

// fresh is a new SSA name.
func (e *fnEmitter) fresh() string {
	e.tmp++
	return fmt.Sprintf("%%t%d", e.tmp)
}
