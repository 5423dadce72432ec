// Package scop turns the syntax of a static control part (a `#pragma scop`
// region parsed by package cfront) into its polyhedral model.
//
// # What it takes and gives
//
// It takes one cfront region (statements with positions, plus the
// declarations and macros of the file) and gives a *Scop:
//
//   - Params: the symbolic constants of the region, i.e. the integer
//     variables and macro names used in loop bounds, conditions or
//     subscripts that the region never writes;
//   - Context: a parameter set, by default "every parameter that occurs in a
//     loop bound is >= 0" (Config.NoParamAssumptions drops it) intersected
//     with the user's Config.Context written in isl notation;
//   - Statements S0, S1, ... in textual order: source text and position,
//     iteration domain (a presburger.Set over the named iterators of the
//     enclosing loops), read and write access relations
//     ({ S0[i, j] -> A[i, j + 1] }, zero-dimensional A[] for scalars), each
//     intersected with the domain;
//   - Arrays: every array or scalar touched, with its element type from the
//     file's declarations and whether it is declared inside the region;
//   - Loops: the loops of the original nest (iterator, step, depth, parent
//     and the statements they enclose) for the summaries of package deps;
//   - Schedule: the initial schedule tree (package schedule) mirroring the
//     source: a Sequence of Filters for every compound statement with more
//     than one child and a one-member Band per loop; FlatSchedule is the
//     classical 2d+1 map { S[i,j] -> [c0, i, c1, j, c2] } padded with zeros
//     to one common length, whose lexicographic order is the original
//     execution order (a negative step contributes -i).
//   - Region: the byte offsets [Start, End) the emitter splices.
//
// Print writes the model as text (the `tessera scop` output, the schedule
// tree in isl's YAML form) and JSON returns a machine-readable form.
//
// # What is accepted
//
// Loops are cfront's counted loops (iterator declared in the header or
// before, any non-zero constant step); their lower bound and the conjuncts
// of their condition are quasi-affine expressions of the outer iterators
// and the parameters, with min/max (calls of min, max, MIN, MAX, floord and
// ceild as commonly defined by macros), ternaries, and C division and modulo by
// constants. Every conjunct of the condition must bound the iterator in the
// direction of the step (otherwise the iterations executed are not the set
// of values satisfying the condition). A step s with |s| > 1 adds the
// congruence (i - lb) mod s = 0, written with a floor division. if/else
// take affine conditions joined by &&, || and !; the else branch gets the
// exact complement.
//
// C division truncates towards zero. An expression e / d with d constant
// is modelled exactly as floor(e/d) where e >= 0 and -floor(-e/d) where
// e < 0; the piece that is impossible in the domain disappears, so the
// common case (non-negative e) yields one floor. e % d is e - d*(e/d).
//
// Statements are assignments (= and compound, which also read their left
// side), ++ and --, and declarations with initializers. Right-hand sides
// may call side-effect-free math functions (sqrt, exp, pow, fabs, ...),
// the file's own functions whose body is one return of an expression of
// their scalar parameters (inline.go: max(a, b), max3(a, b, c); the
// call's value is that expression with the arguments substituted, which
// an affine position reads; a function of the file hides the math
// function of its name, and one that calls itself is not inlined),
// and function-like macros whose expansion is a pure value of their
// arguments (macrocall.go: no assignment, ++/--, element, pointer or
// member access, unknown function or variable in the body). A call of a
// function-like macro whose body reads what the call does not show
// (PolyBench 3's sqrt_of_array_cell(x, j), defined as sqrt(x[j])) is
// expanded in its expression statement as the preprocessor expands it
// (macroexpand.go, cfront.ExpandStmt): the model and the printed region
// hold the expansion. Object-like
// macros are values constant in the region: one whose expansion uses a
// loop iterator or a variable the region writes, or hides a memory
// access, is rejected.
// Declarations inside the region create region-local scalars and arrays;
// scalars are zero-dimensional arrays. An index temporary declared in a
// loop body (int idx = i*64 + j; y[idx] = x[idx] ...) is substituted into
// its uses (indextemp.go: declared once with a signed type as wide as its
// names', never written again, initialized from iterators, parameters
// and constants with + - * / %); the model and the printed statements see
// the expression, and the declaration is dropped.
//
// A one-dimensional array that C indexes with products of parameters,
// A[i*n + j] or u[(i*n + j)*n + k], is delinearized (delin.go): when the
// products of every access to it form one chain 1, n, n*m, ... and every
// subscript but the outermost provably stays within its extent on the
// statement's domain, the model sees A[i][j] (Array.Strides gives the
// products), as Polly's delinearization does for parametric sizes. The
// statements keep C's single subscript. When a subscript stays within its
// extent only for some parameter values (A[i*lda + j] with j < n needs
// n <= lda), the model is built under that condition: Context includes
// it and Assumption gives it in C, for the caller to check at run time
// (the pipeline runs the original code when it fails).
//
// The model takes distinct arrays for disjoint memory. Where C does not
// guarantee it (pointers, array parameters), the caller checks it at run
// time with the bounds of AccessExtent (extent.go): per array and
// subscript, the least and greatest value over the elements the region
// accesses, as quasi-affine expressions of the parameters.
//
// # May accesses
//
// A subscript that is not affine but reads array elements (A[B[i]],
// A[*p]) or computes with products, divisions or math functions of the
// iterators (A[i*i], A[(i*j) % n], A[i / m]) makes a may access
// (Access.May): the instance touches one element of the relation, which
// leaves every such subscript free ({ S[i, j] -> A[i, o1] } for
// A[i][B[j]]), within [0, extent) when the array's declared extent is an
// integer constant and binds the subscript (an inner one, or the
// outermost of an array declared in the region; C ignores the outermost
// extent of a parameter), the affine subscripts exact. The reads of the
// subscript are ordinary reads of the statement (B[j], exact); its side
// effects, unknown calls and calls of function-like macros are rejected
// as anywhere else. A may access of a delinearized array leaves every
// subscript of the model free. The free output dimensions are named o0,
// o1, ... (with a longer prefix when a parameter or iterator starts
// with o). A statement with a may access to the array it writes is no
// update (Statement.Update): the element it updates depends on data.
// Coefficients refuses may accesses. Package deps keeps every pair of
// instances that may touch one element and never lets a may-write kill.
//
// # What is rejected
//
// A region that cannot be modelled is rejected as a whole with
// "file:line:col: error: <what> (<why>)" and left untouched: non-affine
// bounds or conditions (i*j, conditions on data), subscripts that are
// neither affine nor may accesses (a scalar the region writes, A[k]; a
// call of a macro or unknown function; A[i*n + j + 1] where j + 1 may
// reach n),
// calls of unknown functions or of macros that hide memory writes (or
// reads that cannot be expanded: # or ##, variable arguments, a body that
// is not an expression),
// writes to parameters or to loop iterators,
// pointer arithmetic, break/continue/return, loop conditions that do not
// bound the iterator in the direction of the step.
//
// # Representation
//
// Translation goes through an internal exact representation: quasi-affine
// expressions over named variables with floor divisions (aff), piecewise
// expressions (pexpr: guarded affs with disjoint guards) and conditions in
// disjunctive normal form (dnf). Only at the end are the domains and
// accesses built as presburger objects, by printing them in isl notation
// and parsing them with the engine. All coefficients are int64 with
// overflow checks; an overflow rejects the region.
//
// Disjunctions are kept small because every later stage multiplies them
// (a dependence relation has up to parts(D_S) x parts(D_T) parts): pieces
// and disjuncts that cannot hold under the enclosing loops and conditions
// are pruned as they are created (an emptiness test by the engine), the
// negation of a condition is distributed step by step with pruning,
// absorbed (x or (x and y) = x) and merged ((x and k) or (x and not k) =
// x); e % k == 0 and e % k != 0 are tested without the sign split of C's
// remainder; "i < min(a, b)" bounds become conjunctions; a domain with
// more than four parts is coalesced by the engine.
//
// Access relations are built as the access function (one piece per case
// of a piecewise subscript) intersected with the statement's domain.
// Scalar reads of names that turn out to be parameters are dropped; the
// reads of a statement come before its write in Accesses, as in C's
// evaluation of an assignment.
//
// # Updates
//
// Statement.Update (update.go) is the one recognizer of a statement that
// updates its left side x with an associative and commutative operator,
// from which every pass recognizes reductions (dependence summaries, the
// scheduler's reduction loops, statement splitting, the vector kernels).
// It works on the statement's expression tree, not on printed text:
// x op= e, x++ and x--, x = x op e, x = e op x, chains x = a + x - b whose
// leaves hold x once (through parentheses), min and max as conditionals
// (x = x < e ? x : e) or as fmin/fmax calls. The operators are + (with -
// as the sign of a term: x = e - x is no update), *, &, |, ^, && and ||,
// min and max; /, %, shifts and comparisons are not associative. The
// model then checks that the statement reads its written element exactly
// as often as the pattern shows x (so e does not read it under another
// spelling). Update.Exact tells the forms that compute x op e as written
// from those that hold x in a longer chain (regrouping them changes
// floating-point rounding). Each pass takes the operators and forms it
// can use.
//
// # Glossary
//
//	Scop            pet_scop / isl's "scop" (pet, PPCG)
//	Statement       pet_stmt
//	Access.Rel      pet_expr_access_get_may_read/may_write/must_write (a
//	                write is a must-write unless Access.May: no
//	                data-dependent control, only data-dependent subscripts)
//	Access.May      pet's may accesses of an access with a non-affine index
//	FlatSchedule    the 2d+1 schedule of Feautrier / Bastoul (CLooG, OpenScop)
//	Schedule        pet_scop_get_schedule (isl schedule tree)
//
// # Papers
//
// Feautrier, "Dataflow analysis of array and scalar references" (1991) and
// "Some efficient solutions to the affine scheduling problem" (1992) for the
// model; Bastoul, "Code generation in the polyhedral model is easier than
// you think" (PACT 2004) for the 2d+1 form; Verdoolaege and Grosser, "Polyhedral
// Extraction Tool" (IMPACT 2012) for what a front end should model;
// Moses et al., "Polygeist: Raising C to Polyhedral MLIR" (PACT 2021) for
// statement formation and the initial 2d+1 schedule.
package scop
