// Package calc is tessera's iscc-like calculator on Presburger sets and
// relations: it reads statements over literals in isl notation and prints
// the results, which makes the engine usable (and testable) from text.
//
// It takes a program text and gives printed values; `tessera calc [FILE]`
// calls Main. The language:
//
//	# comment to the end of the line
//	S := [n] -> { S[i] : 0 <= i < n };      assignment
//	R := { S[i] -> S[i + 1] };
//	R(S);                                   a bare expression is printed
//	print dom R;                            so is print expr
//
// Operators, from the loosest to the tightest binding:
//
//	A = B, A != B, A <= B, A >= B, A < B, A > B   equality, (strict) inclusion: True/False
//	A << B, A <<= B, A >> B, A >>= B              pairs of A x B of the same space in lexicographic
//	                                              order (maps: pairs of domain elements whose images
//	                                              of the same space compare so)
//	A + B, A - B                                  union, difference
//	A * B, A % B                                  intersection (map * set: intersect domain), gist
//	A . B                                         composition: B after A (set . map: apply)
//	dom, ran, lexmin, lexmax, deltas, coalesce,   prefix operators (domain, range,
//	  sample, card, identity, params, wrap,         reverse, affine_hull and
//	  unwrap, aff, poly, deltas_map,                convex_hull are synonyms)
//	  domain_map, range_map
//	A^-1, R(S)                                    reverse, application of R to S
//
// Values are unions of sets, unions of maps, integers (card), piecewise
// quasi-polynomials (card of a parametric set) and booleans.
// Printed results have their redundant constraints removed. lexmin and
// lexmax of a set unbounded in the optimum's direction are errors (as in
// isl), never a partial answer. card counts without enumerating: a
// parameter-free set (or map: its pairs) prints its exact number of
// points, a parametric set the piecewise quasi-polynomial in the
// parameters as iscc prints it ("[n] -> { n : n > 0 }"); the counts of
// the members of a union are added. The card of a parametric map is not
// supported yet. lexmin and
// lexmax use the engine's parametric LexMin when it exists, else they
// handle parameter-free sets (one point per space). Operations the engine
// does not provide yet fail with "not yet supported: ...".
//
// Errors carry the position of the offending token: Run returns a *Error
// ("file:line:col: message"), Main prints "file:line:col: error: message"
// and exits with status 1. No input makes it panic: evaluation recovers
// the engine's panics (budget, overflow) into errors at the statement.
//
// Glossary to iscc (barvinok's calculator): the same operator spellings
// for +, *, -, ., ^-1, application, dom, ran, lexmin, lexmax, deltas,
// coalesce, sample, card, identity, params; iscc prints the card of a
// parameter-free set as "{ 10 }", we print the plain count, and iscc's
// card of a map counts the images of each domain element, ours the
// pairs.
package calc
