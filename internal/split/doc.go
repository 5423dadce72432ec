// Package split cuts reduction statements in two through a temporary
// array, so that the scheduler can choose a different loop order for each
// part (statement splitting, Moses et al., "Polygeist: Raising C to
// Polyhedral MLIR", PACT 2021, section III-D).
//
// # What it takes and gives
//
// Apply takes one region of a parsed file and its model (package scop) and
// gives a new model in which every candidate statement
//
//	A[i][j] = A[i][j] + e;        (or +=, -=, *=, e + A[i][j], A[i][j] * e, e * A[i][j])
//
// is replaced, at the same place of the loop body, by the two statements
//
//	T[k][i] = e;                  (T: the temporary, see Expansion)
//	A[i][j] = A[i][j] + T[k][i];
//
// together with the declaration of each temporary (C text to print at the
// top of the emitted region and the free at its end: Temp.Decl, and
// Result.Wrap around the region's text; AddHeaders includes what a
// temporary on the heap needs, Result.OnHeap) and one Decision per
// reduction statement saying whether it was split and why (printed by
// --explain).
//
// The new model is built by the same translation as the original one
// (scop.FromRegionBody on the rewritten statements), so the new statements
// have exact domains, accesses and schedules: dependence analysis, the
// scheduler, deps.Check and the pipeline's self-check treat them like any
// other statement. Splitting is always semantics preserving: T runs right
// before the update in every iteration and the temporary is fresh, and
// the update keeps the order of its floating-point operations (a sum
// x + a + b, which C evaluates as (x + a) + b, is not split since
// x + (a + b) would round differently).
//
// # The heuristic (the seed's)
//
// A statement is a candidate when
//   - it is surrounded by at least three loops;
//   - it is a reduction update of its left side with + (or -) or *
//     written with the left side as an operand of the outermost operator
//     (scop.Statement.Update, an exact form: x op= e, x = x op e,
//     x = e op x) whose left side uses every enclosing loop but the
//     innermost, and not the innermost;
//   - the rest of the right-hand side (e) reads two or more distinct
//     array access patterns (A[k][i] and A[k][j] are two);
//   - (ours, profitability) one of them is strided along the reduction
//     loop k and contiguous along the left side's last loop j, like
//     B[k][j]: the order the split lets the scheduler choose (k before j,
//     j innermost) reads it contiguously. A[i][k] * A[j][k] is
//     contiguous along k already; splitting it only adds a store.
//
// # Expansion of the temporary
//
// The paper's temporary has minimal expansion, one dimension indexed by
// the innermost (reduction) loop k: T[k] (ExpandInner, --split-expand=inner).
// Its dependences have distance zero along k, which lets Pluto put k
// outermost. Our scheduler does not do that: it puts i outermost and
// finds (i | k, j), whose i loop carries the temporary's anti dependences
// (not parallel) and whose (k, j) band of two loops is not tiled, so the
// do-no-harm rule of the pipeline keeps the original schedule, with the
// split's extra store.
//
// ExpandPermutable (the default) indexes the temporary by every loop but
// the last one the left side uses: T[k][i] for loops (i, j, k). Its
// dependences then have a positive distance along j and zero along i and
// k, so all dependences of the nest keep non-negative distances: the
// scheduler keeps one permutable band of three loops, tiles it, i stays
// parallel, and k now comes before j in the band (the order the seed
// wants). Statements under more than three loops are not split in this
// mode (the temporary would have three or more dimensions). The
// temporary has the size of an M x N array: larger than the paper's, the
// price of keeping the nest tilable. The innermost loop indexes its
// outer dimension (T[k][i], not T[i][k]) so that the temporary is not
// contiguous along k: the scheduler's choice of the innermost point loop
// counts contiguous references, and T[i][k] made it put the reduction
// loop k innermost again.
//
// # Contraction at emission
//
// Each value of the temporary is read by exactly one instance of the
// update, the one with the same iteration vector, and every legal
// schedule keeps the definition before that read with no other write of
// the element in between. So where the generated code prints the
// definition right before the update with the same arguments, the
// lowering prints a scalar instead (const double split_tmp0_v1 = e;
// A[i][j] = A[i][j] + split_tmp0_v1;), and when every instance is printed
// that way the array is never declared (Temp.Contracted). What remains of
// the split is its effect on the schedule (loop order, tile shapes).
// Package csplit does this on the generated AST (it needs the AST, which
// this package, below the scheduler, does not import).
//
// # When a split is undone (pipeline)
//
// The pipeline schedules the split model before keeping it, and keeps
// the original statements when the scheduler (1) tiles and parallelizes
// nothing in the split region, (2) gives the split statements the loop
// order of the unsplit one (the split would only change the cache
// model's tile sizes: Result.SameOrder, given both models' Schedule), or
// (3) with --parallel, moves the outermost parallel loop of the statement
// deeper or loses it (Result.LostParallel: the temporary's dependences
// are carried by the left side's last loop, which may be the statement's
// only parallel loop). With --vectorize nothing is split (the temporary
// hides a matrix product's pattern from package vector).
//
// # Measured effect
//
// The split's effect was measured on the suite with and without it
// (docs/RESULTS.md, "Measurements formerly in code comments"): it gains
// where the tile sizes of the split band suit the cache better, and the
// contraction at emission is what keeps it from costing a store per
// instance. Scheduling a region with candidates costs more (the
// pipeline schedules both models to decide). --split is off by default.
//
// # The temporary
//
// Each extent is max(x) - lo + 1 over the statement's domain for the
// iterator x of the dimension, computed exactly (presburger DimMin/DimMax)
// as an affine expression of the parameters. When the bound does not
// exist (unbounded loop), is not affine (floor divisions) or the lower
// bound is not a constant, the statement is not split and the Decision
// says so. A temporary of constant size up to StackElems elements is a
// stack array; a larger constant one is a heap block; a parametric one
// uses a stack buffer of StackElems elements when its size, computed at
// run time, fits, and a heap block otherwise (malloc, checked, freed at
// the end of the region). The extents are computed in long arithmetic
// from int parameters with coefficients bounded at translation time, and
// their product is checked against PTRDIFF_MAX / sizeof(element) before
// every multiplication, so the size computation cannot overflow.
//
// # Glossary
//
//	Apply        Polygeist's reduction statement splitting (-split/-nosplit)
//	temporary    "partial array expansion" (Feautrier 1988)
package split
