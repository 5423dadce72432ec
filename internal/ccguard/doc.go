// Package ccguard works around C-compiler bugs that the generated code
// could meet: it inserts statements that keep the compiler from a
// transformation it gets wrong, where the generated loops are at risk.
//
// gcc 12.2 (Debian 12.2.0-14)
// vectorizes some two-deep loop nests as an outer loop and then gets the
// order of overlapping stores wrong. The smallest case:
//
//	for (c0 = 2; c0 < n; c0++)
//	  for (c1 = 0; c1 <= m; c1++)
//	    A[c0 + c1] = D[c0] + C[c1 + c0];
//
// at -O3 leaves in A[x] the value of the smallest c0 that wrote it instead
// of the largest (the same with c1 running from c0 - 1 to c0 + 2 and
// A[c1], at -O2). Each iteration of c0 rewrites elements the previous ones
// wrote: an output dependence carried by the outer loop through a subscript
// of the inner loop. The original program may contain such a nest too, but
// tessera creates them (loop distribution can leave one) and must not hand
// gcc code it miscompiles.
//
// Insert puts an empty volatile asm statement at the start of the
// body of every loop at risk: gcc does not vectorize a loop whose body holds
// one, as an outer loop or otherwise, while the inner loop stays free to be
// vectorized the usual way. A loop is at risk when it is not parallel, its
// body holds exactly one loop and that loop no loop, and a statement of the
// inner loop writes an array element through a subscript that moves with
// the inner iterator and also with the outer one (in the subscript itself
// or through the inner loop's bounds). The test is syntactic and
// conservative: it may guard a loop whose stores never overlap, which only
// forgoes gcc's outer-loop vectorization there.
//
// It takes the region's AST (package ast) and model (package scop) and
// gives the AST with guard statements inserted, and a Guards value that
// names them (typed: a set of the AST's User nodes) and prints them
// through emit's Body callback. It is its own package because the
// workarounds depend on the C compiler, not on the schedule, and must
// stay apart from the transformations that are right for every compiler.
package ccguard
