// Package presburger is tessera's exact integer-set engine ("our isl"):
// sets and relations of integer tuples with symbolic parameters, defined by
// affine constraints, floor divisions and existential quantifiers, closed
// under the usual operations, every decision exact over the integers.
//
// # Objects
//
// isl vocabulary in Go case, all values immutable and safe to share:
//
//	Space               parameters + one tuple (set) or two tuples (map)     isl_space
//	BasicSet, BasicMap  one conjunction of constraints with locals           isl_basic_set, isl_basic_map
//	Set, Map            finite union of basic objects of one space           isl_set, isl_map
//	UnionSet, UnionMap  one Set/Map per space, sorted by tuple names         isl_union_set, isl_union_map
//	BasicBuilder        the only mutable form: rows in, BasicMap out
//
// # Column layout
//
// Every constraint row of a basic object of space sp with k locals has
// sp.NDim()+k+1 entries:
//
//	[ params... | in dims... | out dims... | locals... | constant ]
//	  0           sp.Offset(In) sp.Offset(Out) sp.Offset(Div)   NCols()-1
//
// A set has no input dims: its dims are the output dims (SetDim == Out).
// An equality row r means r·(x,1) == 0, an inequality row r·(x,1) >= 0.
// A local is either known, floor(Row·(x,1)/Den) with Den > 0 and Row
// referring only to earlier columns and the constant, or an unknown
// existential (Den == 0). The defining constraints of a known local
// (Den*q <= Row·(x,1) <= Den*q + Den - 1) are implicit: they are not
// stored among the inequalities but are added whenever the solver is asked.
//
// # Invariants
//
// Rows are normalized (gcd divided out, inequality constants tightened,
// duplicates merged, opposite inequalities turned into equalities, rows
// sorted); a basic object found empty by these plain checks is the
// canonical empty one (PlainIsEmpty). A Set/Map holds no plainly empty
// part; operations drop parts the solver proves empty where it is cheap
// to do so. Parameters are matched by name: binary operations first align
// the parameter lists (AlignParams). Tuple mismatches are programmer
// errors and panic with "presburger: space mismatch ...".
//
// # Exactness and errors
//
// Arithmetic is int64 with overflow checks (internal/ints); the solver is
// internal/sys (Omega-test style elimination, exact projection with
// floor-division pieces). Overflow and solver budgets panic with a
// *presburger.Error (Kind Overflow or Budget); defer Recover(&err) to turn
// them into errors.
//
// # Operations and algorithms
//
// Intersection concatenates the locals of both operands. Subtraction
// a \ b splits a along the negated constraints of b (disjoint pieces
// a ∧ c1 ∧ ... ∧ c(i-1) ∧ ¬ci); this requires every local of b to be a
// function of the dims, so unknown existentials of b are first eliminated
// exactly by integer projection (sys.Project), which introduces known
// floor divisions. Projection (ProjectOut, Domain, Range, ApplyRange) turns
// the dims into unknown existentials and lets simplification recover
// divisions from equalities and bound pairs. Emptiness and samples call
// the solver after the plain checks.
//
// References: W. Pugh, "The Omega test" (CACM 1992) for exact projection;
// S. Verdoolaege, "isl: An Integer Set Library for the Polyhedral Model"
// (ICMS 2010) for the representation and the operations.
package presburger
