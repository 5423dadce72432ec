// Package directive reads and applies user-directed schedules: short
// transformation scripts (tile, interchange, skew, shift, stripmine,
// unroll, parallel, vectorize, fuse, distribute; region selects the region
// of the file, see Script.ForRegion) on the loops of a region,
// named by statement and source iterator, in the spirit of the scheduling
// languages of Halide, TVM and Tiramisu. docs/SCHEDULE.md is the user's
// reference, with examples.
//
// # What it takes and gives
//
// Parse takes the text of a script and gives a *Script (one Command per
// non-blank line, '#' comments), or an *Error with the line and column of
// the offending token. Apply takes a Script and the original schedule tree
// of a region (package scop builds it: a Domain node whose tuples are the
// statements S0, S1, ... with the source iterator names as dims, and one
// band per loop) and gives the transformed tree, built with the
// transformations of package schedule (Cursor.TileBand, InterchangeBand,
// SkewBand, ShiftBand, StripMineBand, SplitBand, JoinBand, MarkMember,
// FuseSequence, DistributeBand). Check tells whether a tree respects the
// dependences of package deps: deps.Check on the flattened tree for the
// order, and for every "parallel" or "simd" mark that the marked loop
// carries no dependence. Coincidence recomputes the coincident flag of
// every band member from the dependences (the AST generator and package
// vector trust those flags). Legal is Apply then Check, and blames an illegal
// result on the command after which the schedule became and stayed
// illegal; its error names the violated dependence and a pair of
// instances: "schedule violates the flow dependence S0[i=3] -> S1[i=4] on
// A".
//
// # Loop names
//
// A loop is named by a statement and a label. The labels of a statement
// start as its iterators (the dim names of its domain tuple, i.e. the C
// iterator names, renamed only when an inner loop shadows an outer one).
// A label stands for an affine expression of the iterators and denotes the
// band member whose partial schedule for that statement is that
// expression on its domain. Apply resolves a name by walking the path of
// the statement from the root and comparing member schedules with the
// expression (presburger IsEqual), so labels survive any restructuring
// (joins, splits, fusion, tiling) that keeps the member's expression.
// Commands that change expressions update the labels: skew sets
// j := j + f*i (for every statement of the band), shift sets i := i + c
// (for the statement), tile and stripmine add l_t := s*floor(l/s) for the
// tile loop of l. A second-level tiling names l_t_t, and so on.
//
// # Representation and invariants
//
// A Script is a plain list of Commands (Op, statement names, loop names
// and integers, each with its position); Script.String prints the
// canonical form and Parse(s.String()) equals s up to positions (the fuzz
// target checks it). Integers are bounded by 2^20 in absolute value so
// that the schedules built from them stay far from int64 overflow. Apply
// never modifies its input tree (trees are immutable values).
//
// # Glossary
//
//	Script/Command   a schedule "directive" file (Halide's schedule, TVM's
//	                 s[op].tile, Tiramisu's tile/interchange/parallelize)
//	label            a loop name (Halide Var, TVM IterVar)
//	Check            isl/PPCG's legality test plus a coincidence test of
//	                 the marked member (isl_schedule_node_band_member_get_coincident
//	                 computed rather than trusted)
//
// # Papers
//
// Ragan-Kelley et al., "Halide" (PLDI 2013) for the separation of
// algorithm and schedule; Baghdadi et al., "Tiramisu" (CGO 2019) for
// polyhedral scheduling commands checked against dependences; Verdoolaege
// et al., "Schedule Trees" (IMPACT 2014) for the tree transformations.
package directive
