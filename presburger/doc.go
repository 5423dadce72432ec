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
//	PwQPolynomial       piecewise quasi-polynomial in the parameters         isl_pw_qpolynomial
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
// A parameter domain (NewParamSpace, Params, parsed "{ : cond }") and a
// set with an empty tuple (Domain of a map from [], parsed "{ [] : cond }")
// are distinct for printing only (Space.IsParamSpace): they have the same
// points and are compatible in every operation, but each prints the way
// isl prints it, so printed results read back into isl as the same kind
// of object. AffineHull keeps strides as isl does: equalities over the
// dims and the values of the parts' known divisions, those divisions
// becoming existentially quantified (i = 3e for { [i] : i mod 3 = 0 }).
//
// # Exactness and errors
//
// Arithmetic is int64 with overflow checks (package presburger/ints, which
// the packages above the engine use too); the solver is
// internal/sys (Omega-test style elimination, exact projection with
// floor-division pieces). The algebra (Intersect, Subtract, ...) keeps
// value results: overflow and solver budgets panic with a
// *presburger.Error (Kind Overflow or Budget), which a caller turns into
// an error with `defer presburger.Recover(&err)` at its own boundary.
// Recover converts only the engine's panics; any other panic is a bug and
// goes on. Queries that can fail on their data (parsing, LexMinPwMultiAff,
// DimMin, CardPw, SubtractWithin, ...) return errors or a bool, and a Query
// runs the questions a stage spends its time in (IsEmpty, Sample,
// RemoveEmptyParts, SubtractWithin, LexMinPoint, Coefficients) with a
// cancel channel (Kind Cancelled; the solver checks it every few hundred
// steps, at its budget checks) and an error result. Inside the package, optional work
// (simplifications, pruning) falls back on a budget overrun through one
// helper (orOnBudget, survives), never by swallowing other panics.
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
// # Glossary (isl name → ours)
//
//	isl_map_intersect / _union / _subtract / _complement   Intersect, Union, Subtract, Complement
//	isl_map_is_empty / _is_subset / _is_equal              IsEmpty, IsSubset, IsEqual (PlainIsEmpty is cheap)
//	isl_map_apply_range / _apply_domain / isl_set_apply    ApplyRange, ApplyDomain, Apply
//	isl_map_reverse / _domain / _range / _params           Reverse, Domain, Range, Params
//	isl_map_project_out / _eliminate                       ProjectOut, Eliminate
//	isl_map_insert_dims / _add_dims / _move_dims           InsertDims, AddDims, MoveDims, AddParams
//	(moving a basic map's columns into another space)      Remap: dims permuted, inserted, made existential
//	isl_map_fix_si / _lower_bound_si / _upper_bound_si     FixVal, LowerBound, UpperBound
//	isl_map_equate / _order_lt                             Equate, OrderLT
//	isl_map_identity / isl_map_lex_lt[_first] ...          Identity, LexLT/LE/GT/GE[First], Set.LexLTSet ...
//	isl_map_deltas / _deltas_map                           Deltas, DeltasMap
//	isl_map_range_product / _flat_range_product / _product RangeProduct, FlatRangeProduct, Product, DomainProduct
//	isl_set_product / _flat_product / wrap / unwrap        Set.Product, FlatProduct, Wrap, Unwrap
//	isl_map_domain_map / _range_map                        DomainMap, RangeMap
//	isl_set_sample_point                                   Sample
//	isl_set_count_val / barvinok's isl_set_card            Count (exact, big), Card (int64), CardPw
//	isl_pw_qpolynomial                                     PwQPolynomial (parametric counts)
//	isl_set_foreach_point                                  ForeachPoint, Points, Contains
//	isl_map_remove_redundancies / _detect_equalities       RemoveRedundancies, DetectEqualities, Simplify
//	isl_map_compute_divs / isl_map_make_disjoint           ComputeDivs, MakeDisjoint
//
// Set, Map and the union types have the same verbs where they make
// sense; the union forms pair members by space.
//
// Counting (card.go) decomposes each disjoint basic set variable by
// variable: equalities are solved (unimodular changes of variables),
// a variable with unit coefficients is summed between its lower and
// upper bounds in the chambers where each bound is the active one
// (Faulhaber's formulas for the sums of powers), bounds with non-unit
// coefficients on the parameters become floor divisions of the
// parameters, and a dimension without a closed form is sliced under a
// step budget. The result is exact in big integers, and a piecewise
// quasi-polynomial when the set has parameters.
//
// References: W. Pugh, "The Omega test" (CACM 1992) for exact projection;
// S. Verdoolaege, "isl: An Integer Set Library for the Polyhedral Model"
// (ICMS 2010) for the representation and the operations.
package presburger
