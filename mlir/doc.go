// Package mlir writes tessera's optimized regions in MLIR's affine dialect
// (and, in the files of the input side, reads affine MLIR back).
//
// # Output: what it takes and gives
//
// Emit takes the *pipeline.Result of one C file and gives an MLIR module
// (text accepted by the stock mlir-opt of LLVM 19) with one func.func per
// optimized region. The body is generated again from the region's chosen
// schedule (pipeline.Region.Tree, through astgen, without the C-only
// post-stages), so it is the AST the pipeline checked against the
// dependences, not the C text it printed. Run the pipeline with the
// options EmitOptions sets (no AST post-passes, scalar expansion, vector
// code, statement splitting or run-time alias check), as `tessera opt
// --emit=mlir` does. CCaller writes the C file that calls the functions in
// place of the regions.
//
// The function of region N (1-based, in the file's order, as --explain
// numbers them) of C function F is @F_rN. Its arguments, in this order:
//
//   - one memref per array the region touches and does not declare, in
//     the order of scop.Scop.Arrays (sorted by name), with the C
//     declaration's extents: static where the extent is an integer
//     constant (macros included), `?` otherwise (a pointer, A[][N], a
//     variable-length array);
//   - a 0-d memref (memref<f64>) per scalar the region writes and does not
//     declare;
//   - a value (f64, i32, ...) per scalar the region only reads;
//   - an index per parameter of the model (scop.Scop.Params order).
//
// Arrays and scalars declared inside the region are memref.alloca'd at the
// top of the function. Each function carries llvm.emit_c_interface, so C
// calls it through _mlir_ciface_F_rN with pointers to memref descriptors
// (CCaller writes that call into the original C file).
//
// # Body
//
// ast.For becomes affine.for (lower bound max(...) and upper bound
// min(...) as multi-result maps; a C bound `c <= e` is the exclusive MLIR
// bound e + 1), ast.If becomes affine.if over integer sets (a disjunction
// or a negated conjunction becomes nested affine.if, repeating the branch
// that needs it), floord/ceild/% of the AST become floordiv/ceildiv/mod
// (astgen writes % only on non-negative operands or compared with zero,
// where C's remainder and MLIR's mod agree). With EmitConfig.Parallel, a
// loop under a "parallel" mark of the schedule (the loop the scheduler or
// a user directive proved parallel, which the pipeline's self-check
// replays) becomes affine.parallel, unless the scheduler privatized a
// scalar or reduced on it for OpenMP (those clauses have no counterpart
// here, and the loop stays affine.for); loops inside it stay affine.for.
//
// A statement instance S(c0, c1) is S's C syntax (scop.Statement.Syntax)
// with its iterators replaced by the instance's arguments: array elements
// are affine.load/affine.store with the subscripts as affine expressions of
// the loop variables and the parameters (symbols), except for the may
// accesses of the model (scop.Access.May: a subscript read from memory,
// A[B[i]], or not affine), which are memref.load/memref.store with the
// subscripts computed as C computes them (arith, then arith.index_cast to
// index; the affine ones by affine.apply); the arithmetic is typed as C
// types it:
//
//	double -> f64, float -> f32, int -> i32, long/long long -> i64,
//	short -> i16, char -> i8
//	+ - * /            arith.addf/subf/mulf/divf, addi/subi/muli/divsi
//	%                  arith.remsi (integers)
//	unary -            arith.negf, 0 - x
//	< <= > >= == !=    arith.cmpf (ordered) / arith.cmpi (signed), i1
//	&& || !            arith.andi/ori/xori on i1 (operands are pure)
//	?:                 arith.select (both sides are pure)
//	casts              sitofp, fptosi, extf, truncf, extsi, trunci
//	sqrt exp log pow fabs sin cos tan tanh floor ceil (and the f forms)
//	                   math.sqrt, math.exp, math.log, math.powf, math.absf, ...
//	fmax fmin          arith.maxnumf, arith.minnumf
//
// with C's usual arithmetic conversions (float with double gives double,
// an integer operand is converted to the floating type, char and short
// promote to int). Function-like macros are expanded as the preprocessor
// expands them (cfront.File.ExpandCall); object-like macros must be integer
// constants. Iterators and parameters used as values are computed in index
// type and converted with arith.index_cast to the C type of the variable
// (int when not declared).
//
// # What is not emitted
//
// A region that the pipeline kept as it was has no function (a comment
// says why). A region whose code cannot be expressed — a subscript that is
// not affine in the loops and parameters (a C division or remainder whose
// dividend the engine cannot prove non-negative on the statement's domain,
// since C truncates where floordiv rounds down; a delinearized
// A[i*n + j]), a call of an unknown function, unsigned or
// pointer-typed values, an assignment inside an expression, a bound the
// affine dialect cannot write — is left out with a `file:line:col:
// warning:` that names the construct, and a comment in the module.
// `tessera opt --emit=mlir` exits with status 0 when at least one region
// was emitted and 1 when none was.
//
// The function assumes that its memref arguments do not overlap (the
// pipeline's run-time alias checks of the C output have no counterpart).
//
// # Glossary
//
//	region function   func.func @F_rN
//	ast.For           affine.for / affine.parallel
//	ast.If            affine.if (integer set)
//	ast.User          the statement's ops (affine.load, arith, affine.store)
//	parameter         symbol operand of the affine maps (index argument)
//	loop iterator     dim operand (the induction variable)
package mlir
