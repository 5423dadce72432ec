// Package cfront reads C text and gives the syntax of its static-control
// regions (SCoPs), with positions in the original file. It imports nothing
// else of tessera; package scop turns its syntax into polyhedral sets.
//
// # What it takes and gives
//
// ParseFile takes a file name and its bytes and returns a *File:
//
//   - Regions: every "#pragma scop" ... "#pragma endscop" region, and with
//     Config.AutoScop (or when the file has no scop pragma at all) the
//     maximal for-loop nests of function bodies that parse as regions.
//     Each Region has the bytes [Start, End) an emitter replaces (whole
//     pragma lines, newline of the endscop line included; for automatic
//     regions exactly the for statement), its indentation, its function,
//     and Body, the parsed statements.
//   - Macros (#define, object- and function-like, with #if/#ifdef/#elif/
//     #else/#endif evaluated and local #include "x.h" headers read from
//     next to the file), Typedefs, Globals and Funcs (parameters and
//     locals) from a cheap scan of the whole file. Every variable has its
//     element type as written (Var.Type) and resolved (Var.Elem, through
//     macros and typedefs: DATA_TYPE -> double) and its dimensions (Dims,
//     with extents when written; pointer levels are dimensions of unknown
//     extent). PolyBench's POLYBENCH_nD(A, N, M, n, m) declarators and
//     POLYBENCH_nD_ARRAY_DECL(A, T, N, M, n, m) statements are understood.
//     The scan reads through GNU and C23 attributes, __declspec, asm
//     labels, _Alignas and GNU keyword spellings (__inline__,
//     __extension__, __restrict__, ...) in declarations (declattr.go),
//     and old-style definitions "f(a, n) float *a; int n; {" (krdecl.go).
//     A function definition it cannot read has no parameters, locals or
//     automatic regions; when its body holds a for loop, Skipped gets a
//     note "function at L:C skipped: why" at that loop.
//
// Inside a region, a directive line is an error, except a hint on the
// loop that follows it (#pragma ivdep, GCC ivdep/unroll, unroll, vector,
// clang loop, omp simd: see loopHint), which is dropped: the loop computes
// the same without it, and the lines of #if groups that lie wholly inside
// the region, between statements (pp.go). Their conditions are evaluated
// with the file's macros and Config.Defines (defined(X), integers,
// object-like macros, C operators); the region holds the branches taken,
// and Region.Cond the conjunction of their conditions, under which the
// caller must put the code that replaces the region (the original code
// under #else): the model is valid only where the compiler takes the same
// branches. A condition that cannot be evaluated is an error that quotes
// it. OpenMP thread constructs (omp for, omp parallel for) stay errors:
// the region keeps the user's parallel code. Code in a branch not taken
// is not searched for regions, and an unterminated string, character
// literal or comment in the code the compiler reads is an error after
// which no region is kept.
//
// A region that cannot be parsed is left out of Regions and reported in
// the ErrorList returned with the File ("file:line:col: error: what and
// why"); other regions are still returned. Nothing panics on any input.
//
// # Representation
//
// The syntax tree is made of small structs behind two interfaces, Expr and
// Stmt (like go/ast). Statements: *For (a counted loop whose init, condition
// and increment have already been checked and normalized into Iter, Lower,
// Bounds and a constant Step), *If, *Block, *ExprStmt (an assignment or
// ++/--, with its exact source Text), *Decl (a declaration inside the
// region) and *Empty. Expressions cover C's grammar without the comma
// operator except inside parentheses: literals, identifiers, calls,
// subscripts, unary and binary operators, casts, ?:, sizeof, member access.
// Parentheses are kept as *Paren nodes (Unparen looks through them).
// Walk visits every node of a tree, WalkExpr its expressions and
// WalkStmt its statements (with a call at the end of each, for scopes).
// Macros are not expanded in the tree: N, _PB_N and SCALAR_VAL(x) stay an
// identifier and a call. Two exceptions are values, not trees: a loop
// step may be an integer constant expression of object-like macros
// (#define BS 8, "jj += BS"; File.MacroConst), and when a -D flag or an
// #if may give the macro another value, Region.Cond gets "(BS) == 8";
// and a call of a function-like macro on the left of an assignment is
// accepted for later stages to expand (File.ExpandCall). A parenthesized name is a cast only when it names a type: a C
// type keyword, a standard typedef (size_t, int64_t, ...), a typedef of the
// file or its headers, or an object-like macro whose body is a type.
//
// Invariants: every node's Pos is the position of its first byte in the
// ORIGINAL file (Offset 0-based, Line and Col 1-based, Col in bytes);
// Stmt.End() is the offset just past its last byte; ExprStmt.Text equals
// the file's bytes [Pos().Offset, End()). The one exception: a chained
// assignment "a = b = e;" (also "a = (T)(b = e);") is split into "b = e;"
// and "a = b;" (one write per statement, as later stages model them);
// those statements have ExprStmt.Split set and their formatted text as
// Text. PolyBench's (POLYBENCH_ARRAY(B))[i][j] is the access B[i][j]
// (ArrayAccess). Parsed trees print back with
// Expr.Format to text that parses to the same tree.
//
// Rejected in regions, with a positioned reason: goto, labels that a goto
// (or a label address &&L, or an asm goto) of the function may jump to,
// break, continue, return, while, do, switch, preprocessor lines other
// than the above, for loops whose shape is not "init; iterator bounds
// joined by &&; constant step", call or bare expression statements, brace
// initializers and compound literals. A label no jump names is read as
// the statement it labels.
// Member access and pointer dereference are parsed; later stages reject
// them.
//
// # Glossary
//
// Region is pet's/Pluto's "scop" text extent; For.Bounds are the
// conjuncts that become the inequalities of the iteration domain (isl's
// set constraints); ArrayAccess splits an access A[e1][e2] into the tuple
// name and the index expressions of an isl access relation.
//
// # Papers
//
// The region extraction follows the #pragma scop convention of Clan, Pluto
// and pet; the checks on loops and statements follow what the Polygeist
// front end (Moses et al., PACT 2021, seed
// polygeist-raising-c-to-polyhedral-mlir.txt) requires before raising C
// loops to affine form: counted loops with affine bounds and constant
// steps, conditions made of comparisons joined by && (and by || / ! for
// if), and statements whose memory accesses are explicit.
package cfront
