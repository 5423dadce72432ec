// Package sys is the solver layer of the presburger engine: exact integer
// and rational questions about one conjunction of affine constraints given
// as raw int64 rows.
//
// # What it takes and gives
//
// A System is NVars integer variables and two lists of rows of NVars+1
// entries (coefficients, then constant): equalities r·(x,1) = 0 and
// inequalities r·(x,1) >= 0. Systems are plain values; the functions of this
// package never modify their arguments (Normalize is the one method that
// edits its receiver).
//
//   - IsIntegerEmpty, Sample: exact integer emptiness and a point.
//   - Min, Max (of an affine objective), LexMin, LexMax: exact optima over
//     the integer points with Kind Empty / Unbounded / Bounded.
//   - Project: exact integer projection as a union of Pieces whose local
//     variables are all defined by floor divisions (Div).
//   - RationalProject, IsRationalEmpty: the real shadow and rational
//     emptiness (Farkas multipliers, loop bounds).
//   - RemoveRedundant, ImplicitEqualities: same integer points, fewer
//     inequalities / more equalities.
//   - Enumerate: the integer points of a bounded system (or of its
//     projection onto the first variables) in lexicographic order.
//
// All arithmetic is checked (package ints): a result that does not fit in
// int64 panics with *ints.OverflowError, never wraps; the simplex tableau
// alone continues in math/big instead (below), so that its answers never
// depend on the size of intermediate numbers. Searches count steps
// and panic with *BudgetError past DefaultBudget steps, so no call loops
// forever; the public presburger package turns both panics into its Error.
//
// # Algorithms
//
// Integer emptiness and projection follow Pugh's Omega test (W. Pugh, "The
// Omega test: a fast and practical integer programming algorithm for
// dependence analysis", CACM 35(8), 1992), in function omega:
//
//  1. Normalize: divide each row by the gcd of its coefficients (floor on
//     the constant of inequalities), detect 0 >= 1 and non-dividing gcds,
//     keep the tightest parallel inequality, turn opposite pairs that meet
//     into equalities.
//  2. Equalities that mention an eliminated variable are solved: through a
//     unit coefficient by substitution; otherwise a unimodular change of the
//     eliminated variables (Euclid's algorithm on their columns, in place of
//     Pugh's "mod hat" variable, to the same effect) leaves one eliminated
//     variable x_j with coefficient g; if the row still has kept variables f,
//     x_j exists iff g divides f, which we express with a new local
//     q = floor(f/g) and the stride equality f - g·q = 0 (x_j = -q).
//  3. A variable bounded on one side only is dropped with its rows.
//  4. Fourier-Motzkin elimination where it is exact (every lower or every
//     upper coefficient is 1), choosing the variable that makes the fewest
//     rows. (Chernikov's rule is not used here: normalization tightens
//     constants between steps, so rows stop being combinations of the
//     inputs and the rule can drop the row that shows infeasibility;
//     TestChernikovTighteningRegression.)
//  5. Otherwise, when projecting and the variable's rows mention no other
//     eliminated variable, one piece per bound a·x + L >= 0 of its smaller
//     side: x is set to that bound rounded, -floor(L/a) (or floor(U/b) for
//     an upper bound), a new local; x exists iff one of these values
//     satisfies all rows, so the union is exact and small.
//  6. Otherwise Pugh's inexact step: when only emptiness is asked, the real
//     shadow first (no integer point there: none at all); then the dark
//     shadow (b·L + a·U >= (a-1)(b-1); a point there is a point of the
//     problem); then the splinters: for each lower bound a·x + L >= 0 and
//     0 <= i <= (a·m - a - m)/m (m the largest upper coefficient), the
//     problem with a·x + L = i. The search for emptiness stops at the first
//     non-empty leaf; a projection keeps every leaf as a piece (after
//     normalizing it and dropping it when it is integer-empty).
//
// # Simplex and branch and bound (simplex.go, bb.go, optimum.go)
//
// The questions IsIntegerEmpty, Sample, Min/Max, LexMin/LexMax and
// IsRationalEmpty are first asked to an exact simplex tableau: integer
// rows with one denominator each (fraction-free, rows kept primitive), every
// variable and constraint an "unknown" in a row or a column, columns at 0,
// constraints added one at a time and made non-negative by primal pivots
// (restore), equalities as a constraint driven to 0 and whose column is
// then killed, Bland's rule throughout (no cycling). The rows are int64
// until an operation (a pivot, the row of a new constraint) would leave
// int64: then every row is converted to big.Int and the operation goes on
// there, from the row where it stopped (tabnum.go; int64 entries are kept
// off MinInt64 so that negation and gcds cannot overflow); a rollback
// after which every entry fits converts back. The pivoting rules read
// entries through a sign and an exact ratio comparison, one code for both
// representations; only the row arithmetic exists twice. The values the
// searches read (samples, optima) are exact rationals of any size; only
// their conversion to an int64 bound, point or optimum can overflow, when
// that integer itself does not fit (a branch on such a value, or an
// answer out of int64). An undo log (add
// unknown, kill column, mark empty) gives snapshot/rollback, so a search
// adds a bound, explores, and removes it again; removing a constraint
// that sits in a column first pivots it into a row along a direction that
// keeps the sample feasible. The design follows the Simplex of MLIR's
// Presburger library (and isl_tab's undo records); the code is ours.
//
// On the tableau: integer feasibility (Sample, IsIntegerEmpty) is a depth
// first branch and bound on the last fractional variable of the sample,
// after the equalities with a unit coefficient have been substituted into
// the other rows and these normalized (compress.go: x = 32a, y = 32b and
// y - 2x >= 1 give b - 2a >= 1, where the relaxation of the rows as
// given lets the search crawl through one fractional vertex per tile;
// the point found gets the substituted variables back);
// Min is branch and bound on the objective, pruning nodes whose rational
// optimum (rounded up) cannot beat the best point, with "unbounded"
// decided by Meyer's theorem (an unbounded rational optimum plus one
// integer point); LexMin fixes x_0, x_1, ... in turn at the ceiling of
// its rational minimum when the tableau with that fixing still has an
// integer point (the last point found usually shows it, else a branch and
// bound sample), otherwise raises the variable's lower bound; LexMax is
// LexMin of the negated variables. A search that finishes is exact,
// bounded polyhedron or not (every leaf is rationally empty, integral, or
// pruned by a valid bound). A search that passes its limits
// (bbNodeLimit nodes, bbDepthLimit depth = 20 + 2n: a dive deeper than
// that mostly follows an unbounded direction of a parametric set, and
// cost seconds per check at the old fixed 300; bbStepLimit simplex
// steps), that
// meets a relaxation unbounded where it needs a bound (LexMin of a
// variable unbounded below), or that needs an int64 bound or answer that
// does not fit gives up, and the Omega-test answer below is used instead
// (which may itself panic with *ints.OverflowError).
// The Omega-test answers remain the oracles of the differential tests.
//
// A System's Cancel channel, when closed, stops the queries on it at
// their next budget check (every cancelEvery steps, and whenever a budget
// runs out, so that a cancellation is never taken for a budget overrun)
// with a CancelledError; Cancel(true) does the same for every running
// query (the differential tests against isl use it to stop a case that
// ran past its time limit). No fallback of the engine answers a
// CancelledError: the solver's one recover (stoppedBy) catches only the
// budget and overflow limits it is asked for, and presburger turns the
// cancellation into an Error of Kind Cancelled at its boundary.
//
// Enumerate fixes the variables one at a time on one tableau: two warm
// LPs give the range of x_k for the current prefix, each value is an
// equality added and rolled back; the last variable of a full enumeration
// takes its whole range; a projection checks each full prefix by branch
// and bound. When a range does not fit in int64 it continues (after the
// last point given) with Min/Max searches.
//
// Optima are also found by search over the emptiness oracle (minValue),
// the fallback of the simplex path: Meyer's
// theorem (the integer hull of a rational polyhedron has the recession cone
// of the polyhedron when it has integer points) makes "obj unbounded below"
// the integer emptiness question { d : A d >= 0, E d = 0, obj·d <= -1 };
// then an exponential probe and a binary search on obj <= v. Sample and
// LexMin fix one variable after the other at its optimum.
//
// Rational questions use Fourier-Motzkin over the rationals with strict rows
// and Chernikov's rule (a row combined from more than k+1 inputs after k
// eliminations is redundant; equality substitutions start a new base; a
// weaker parallel row is dropped only when the tighter one's history is a
// subset of its own, TestCoordinatorRationalEmptyRegression), plus an exact
// redundancy test on the output of RationalProject. That test asks, row by
// row in order, whether the kept rows before it and all the rows after it
// imply it: by linear programming on the simplex tableau (ratredundant.go),
// with Clarkson's output-sensitive method from 24 rows when there is no
// equality (clarkson.go: one program per row over the facets found so far,
// a ray from an interior point to name the next facet, a symbolic
// perturbation of that point for crossings at one point), and by
// Fourier-Motzkin only when the simplex runs out of its budget (Clarkson's
// points are int64: when they overflow, the sequential test answers). It
// does not eliminate down to no variable for every row, which is doubly
// exponential in the rows: the Farkas systems of dependences with mod
// locals have thousands of rows in a dozen variables. An elimination step
// that would pass maxRatRows (20,000) rows panics with *BudgetError at
// once (pruning the redundant rows and retrying costs far more than the
// caller's fallback to a simpler answer). TestRatIrredundantRandom checks
// both tests against Fourier-Motzkin.
//
// ImplicitEqualities also computes the affine hull of the integer points
// (hull.go): from one sample p0, an integer kernel basis of the differences
// of the points found so far gives candidate equalities c·x = c·p0; for each
// one not yet implied we look for a point on either side, which raises the
// dimension, or else keep the equality. At most NVars rounds.
//
// RemoveRedundant drops r when the other rows and r <= -1 have no integer
// point; ImplicitEqualities turns r into an equality when the rows and
// r >= 1 have no integer point.
//
// # Budget
//
// Every top-level call has DefaultBudget steps (a step is roughly one row
// produced, copied or normalized, one splinter or one probe), which bounds
// its memory to a few hundred MB and its time to seconds. The benchmark
// systems (3-deep dependence systems, tiled domains, 7-9 variables) take a
// few hundred to a few thousand steps.
//
// # Known limits
//
// Branch and bound is exponential in the worst case: integer-empty
// polytopes that are thin in no coordinate direction (lattice-shaped
// emptiness, e.g. from equalities with coefficients 2 and 3 over long
// ranges) run to the node limit and then cost the Omega test's time too.
// There is no equality compression (Hermite) nor generalized basis
// reduction before branching. Scheduler-like integer programs (30
// bounded variables, 6 Farkas-like blocks of equalities, about 90 rows)
// cost more as the coefficients on the multipliers grow; the systems
// recorded from the scheduler itself are checked by TestSchedulerProblems
// (timings in docs/RESULTS.md, not here).
//
// Fourier-Motzkin is doubly exponential in the worst case: dense systems
// (8 variables, a dozen rows with coefficients up to 3 in every column)
// can exceed the budget; branch and bound answers them now
// (TestDenseSystems). When the simplex path gives up as well,
// IsIntegerEmpty tries a deterministic local
// search for a point (findWitness; a point found is checked, so the answer
// "non-empty" stays exact); when that fails too, the call panics with
// *BudgetError rather than answer. In a sample of such systems about two
// thirds are answered this way. Project may return many overlapping pieces when splinters
// are needed (Pugh's example of the dark shadow gives 17); pieces are
// normalized but not freed of redundant rows (RemoveRedundant does that).
//
// # Glossary
//
// System ~ isl_basic_set / MLIR IntegerRelation (no locals);
// IsIntegerEmpty ~ isl_basic_set_is_empty / MLIR isIntegerEmpty;
// Project ~ isl_basic_set_project_out with exact existential elimination
// (isl computes divs with isl_basic_set_compute_divs); Div ~ isl div;
// RationalProject ~ isl_basic_set_remove_dims on a rational set (Fourier-
// Motzkin) / MLIR fourierMotzkinEliminate; Min/Max ~ isl_basic_set_min_val;
// LexMin ~ isl_basic_set_lexmin (non-parametric); RemoveRedundant ~
// isl_basic_set_remove_redundancies; ImplicitEqualities ~
// isl_basic_set_detect_equalities / MLIR detectImplicitEqualities;
// tableau ~ isl_tab / MLIR SimplexBase (restore ~ restoreRow, drive ~
// computeRowOptimum, killed column ~ isl's dead column, snapshot/rollback
// ~ isl_tab_snap/isl_tab_rollback); Enumerate ~ isl_set_foreach_point.
package sys
