// Package deps computes the exact data dependences of a polyhedral model
// (package scop) and checks schedules against them.
//
// # What it takes and gives
//
// Compute takes a *scop.Scop and a Config and gives a *Deps: a list of
// dependence relations, each a presburger.Map from source statement
// instances to target statement instances ({ S0[i, j] -> S1[i', j'] }),
// labelled with its kind (Flow = read after write, Anti = write after
// read, Output = write after write, Input = read after read, on request),
// source and target statements and the array it goes through. Deps also
// gives the union of all relations (All, as a presburger.UnionMap, the
// input the scheduler and the legality check use) and summaries:
//
//   - Distances: for a relation between statements that share loops, the
//     set of distance vectors over the shared loops (Deltas of the
//     relation restricted to those loops), counted in execution order
//     (negated for a loop with a negative step), so that a carried
//     dependence has a lexicographically positive distance;
//   - Levels: the loop depths at which the relation is carried (1-based;
//     0 is the loop-independent part, ordered by textual position only);
//   - Loops: per loop of the original nest, whether it carries any
//     dependence (Parallel when it does not) and whether all the
//     dependences it carries come from reductions of one statement onto a
//     location invariant in the loop (ReductionCandidate).
//
// Check(schedule, deps) tells whether a new schedule (a UnionMap from
// statement instances to time vectors) respects every dependence, and if
// not gives a witness: the dependence and one concrete pair of instances
// (s, t) with sched(t) <=lex sched(s) (a Sample of the violated part).
// CheckContext restricts the test to parameter values (a parameter set).
// Legality always uses the memory-based flow, anti and output
// dependences. When the engine fails (budget, overflow) the answer is
// "not legal" with the engine's error in the witness.
//
// Reduction candidates come from scop's Statement.Update (x += e,
// x = x * e, x = e + x, x = x - e, x |= e, min and max, ...): a loop
// whose carried dependences all go from such a statement to itself
// through the element it updates.
//
// # Cost
//
// Compute is quadratic in the number of accesses (every pair of accesses
// to one array with a write) and each pair costs one composition and one
// intersection per shared loop depth; the parts of the domains multiply.
// Dataflow adds one composition and one subtraction per triple (write,
// intermediate write, read) of accesses to an array: it is the expensive
// option on domains with many disjuncts and divisions (see the
// BenchmarkCompute figures). A flow dependence whose composition would have
// more than maxKilledParts (1,024) parts keeps its memory-based relation
// (ValueBased unset, which the users of Dataflow read conservatively): 64 x
// 64 parts from a disjunction of mods took half a minute to subtract.
//
// # Memory-based dependences
//
// For two accesses a_S (in statement S) and a_T (in statement T) to the
// same array, at least one of them a write, the dependence is
//
//	{ S[i] -> T[j] : a_S(i) = a_T(j), i in D_S, j in D_T,
//	                 sched(S, i) <lex sched(T, j) }
//
// with the flat 2d+1 original schedule of scop. We do not build the
// lexicographic order in general: the two statements' 2d+1 vectors share
// the prefix of their common loops, so the order splits into one piece per
// common loop depth k (outer iterators equal, iterator k smaller for a
// positive step, larger for a negative one) plus one loop-independent piece
// when S precedes T in the text. Each piece is a plain conjunction, the
// union of the non-empty pieces is the dependence, and the depths of the
// non-empty pieces are the carrying levels.
//
// # Value-based (dataflow) dependences
//
// With Config.Dataflow the flow dependences are reduced to the last write
// before each read (Feautrier's source function), by subtraction rather
// than parametric lexmax:
//
//	Flow_value = Flow \ (Output ∘ Flow)
//
// where Output ∘ Flow = { w -> r : exists w' : w -> w' in Output (same
// element, w' after w), w' -> r in Flow (w' writes what r reads, before
// r) } is the set of writes overwritten before the read. This is exact
// when w' is a must-write and r reads one known element. A may access
// (scop's Access.May: a subscript that is not affine, A[B[i]]) touches
// one element of its relation, not all of them, so only must-writes
// kill, and a flow into a may-read keeps its memory-based relation
// (ValueBased unset): every actual last writer stays a source.
//
// # May accesses
//
// The memory-based relations of may accesses are built as any others:
// a_S(i) = a_T(j) over relations that are not functions gives every pair
// of instances that may touch one element, a sound over-approximation of
// the actual conflicts for any values of the data the subscripts read
// (checked by brute force in may_test.go against runs with concrete
// index arrays). Legality, parallel loops and the self-check use them
// as they are. A dependence through a may access is never a reduction
// dependence (ReductionCandidate): the element updated is not known. Anti and output
// dependences stay memory-based: they are what a transformation must
// respect unless it renames or expands memory (array expansion,
// privatization), so the scheduler must use Memory-based anti/output
// dependences together with value-based flow dependences.
//
// # Glossary
//
//	Dep              one isl_union_access_info result restricted to a pair
//	                 of accesses (pet/PPCG build the same relations)
//	Flow/Anti/Output isl_union_flow_get_must_dependence / ppcg's dep_flow,
//	                 dep_false (anti + output), RAW/WAR/WAW
//	Dataflow         isl_union_access_info_compute_flow with must-sources
//	Check            the legality test of isl/PPCG (is_strictly_positive of
//	                 the dependence deltas under the schedule)
//
// # Papers
//
// Feautrier, "Dataflow analysis of array and scalar references" (IJPP
// 1991) for value-based dependences; Pugh and Wonnacott, "An exact method
// for analysis of value-based array data dependences" (1993) for the
// kill-by-subtraction formulation; Bondhugula et al. (PLDI 2008) for how
// the scheduler uses the relations.
package deps
