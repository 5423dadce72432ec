// Package astopt holds the post-passes on the generated AST (package ast):
// normalization of expressions and conditions, unswitching and
// loop-invariant code motion (LICM). The pipeline runs them between the
// AST generator and the C emitter: Run takes the tree of one
// region and returns the rewritten tree, with ast.Decl nodes (`const int
// inv0 = ...;` in C) binding the hoisted expressions.
//
// The pipeline calls Run with Options.LICM (skipped with Options.NoLICM)
// before renaming the bindings that clash with identifiers of the source
// file, so the Decl names inv0, inv1, ... never capture a name of a
// statement body. Decls sit just before loops (before the Mark of a marked
// loop, so that an OpenMP pragma still precedes its loop): outside a
// parallel loop they are shared read-only constants, inside it private.
//
// # Passes
//
// The passes are values in one table (Passes), run in table order, in
// the style of Go's cmd/compile: a name, a doc line and a Run function. A
// second table (passOrder) states which pass must precede which; a test
// checks the first table against it. With Config.Check, ast.Verify runs
// after every pass.
//
//	normalize   reassociate by rank; condCollapse of nested ?:
//	ifcollapse  if (a) if (b) S → if (a && b) S
//	ifconcat    adjacent ifs with the same condition merged
//	unswitch    invariant if conditions hoisted out of loops
//	isplit      innermost loops split at the invariant bound of a guard
//	            on their iterator (index-set splitting)
//	licm        invariant subexpressions of cost >= K bound to Decls
//	cse         equal expressions share one Decl in scope
//
// # Rank
//
// Every name has a rank, the loop depth at which its value may change:
// constants and parameters 0, a loop iterator the depth of its loop (the
// outermost is 1), a Decl the depth of the loops around it. The rank of an
// expression is the largest rank of its names; an expression of rank r is
// invariant in every loop deeper than r. Normalization sorts the operands
// of associative-commutative operators by rank (stably) and groups equal
// ranks, so that the operands that are invariant in an inner loop form
// one subexpression that LICM can hoist:
//
//	(3 < j) && (i < 56) && (j < 56)  →  ((3 < j) && (j < 56)) && (i < 56)
//
// Decl names take their definition depth as rank (the depth of the
// loops around the Decl), not the largest rank of their value's names:
// an expression using the name can only be hoisted to where the name is
// visible. For the Decls LICM makes both coincide, since each is placed
// just below the deepest loop its value depends on.
//
// By default the arguments of User statements are not reassociated
// (Config.NormalizeArgs): they become array subscripts in the emitted C,
// and gcc analyzes them best in the generator's order (c5 - c3 - 1 rather
// than -c3 - 1 + c5, whose invariant part LICM would then bind to a
// name, which hides the induction from gcc's analysis; docs/RESULTS.md
// has the instruction counts). Their invariant subexpressions are still
// hoisted.
//
// # Exactness
//
// Every rewrite keeps the sequence of statement instances (ast.Interpret
// of the input and of the output agree; the property tests check it on
// random and tiled trees). The arguments:
//
//   - Only integer expressions are rewritten. The AST holds nothing else:
//     loop bounds, conditions and User arguments are integers (statement
//     bodies, which may be floating point, are opaque to the AST and never
//     touched), so reassociating + * min max is exact.
//   - Overflow: C's int arithmetic is assumed not to overflow in the
//     reassociated forms, as it does not in the original ones. The values
//     of generated code are loop bounds and subscripts of arrays, far
//     below the range of int; a sum of k terms bounded by B stays bounded
//     by kB whatever its order.
//   - && and || are short-circuit in C. Reordering their operands, or
//     evaluating an operand that short-circuit would have skipped, is exact
//     when every operand is side-effect free and total: it cannot fault.
//     The AST's conditions have no side effects except in calls (never
//     reordered, never hoisted); the operators that can fault are division
//     and remainder by zero, and the interpreter's domain checks of exact
//     division and pdivq. So an operand is reordered or hoisted only when
//     it has no call, every floord, ceild and % in it divides by a non-zero
//     constant, and it has no exact division nor pdivq (function total).
//     Otherwise the operands keep their order.
//   - Hoisting evaluates an expression before a loop that may run no
//     iteration and above the guards between the loop and the use; the
//     same totality condition makes that harmless. Unswitching evaluates
//     the condition once before the loop instead of at every iteration:
//     exact for a total invariant condition.
//   - ifcollapse and ifconcat change no evaluation order; nothing in the
//     tree assigns a name a condition uses (only For and Decl bind names,
//     and they are scoped).
//
// # Cost model
//
// The paper's cost(e): the sum of the costs of e's operators (names and
// constants 0), from a per-target CostTable (add/sub 1, multiplication by
// a constant 1, by a variable 3, floord/ceild/%// by a constant 4, min/max
// 2, comparison 1, ...). An invariant expression is hoisted only when its
// cost is at least the threshold K (Config.Threshold, default 1). Loops
// of a constant trip count of at most 4 are fully unrolled by gcc and
// clang at -O2/-O3; nothing is hoisted out of them alone (the paper sets
// the cost of expressions in small loops to 0 for the same reason).
//
// # Glossary (paper → here)
//
//	Normalize(T)          normalize, ifcollapse, ifconcat
//	rank                  scope.rank
//	deconstruct/construct flatten / normalizer.assoc, normalizer.sum
//	stableSort, groupExpressions  groups
//	condCollapse          normalizer.selectExpr (?:), ifcollapse (if)
//	ifconcat              ifconcat
//	LICM(T), Promote      licm (hoister), rank < loop depth
//	cost(e), K            CostTable.Cost, Config.Threshold
//	loop hoist if (TVM)   unswitch
//
// # Measured
//
// The dynamic instruction counts of the kernels with and without these
// passes are in docs/RESULTS.md ("Measurements formerly in code
// comments"): the passes remove most on time-skewed stencils and
// contractions whose subscripts the generator leaves as sums.
//
// # References
//
// Liang Jiali, Hua Baojian, Lyu Yashuai, Su Zhenyu: a heuristic
// loop-invariant code motion for the tree IR of TVM (rank-based
// normalization, condition merging, ifconcat, cost threshold K, small
// inner loops); seed licm-tvm-ir.txt. Halide's LICM and CSE on its tree
// IR is the baseline they compare against.
package astopt
