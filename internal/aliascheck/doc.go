// Package aliascheck builds the run-time check that the arrays of a
// region do not overlap, as the model assumes (each array name its own
// memory).
//
// Two declared arrays are distinct objects, but a pointer (a pointer
// variable, or an array parameter, which C passes as a pointer) may point
// into any array, and two pointers into the same one: a function called
// as f(n, x, x + 1) reads through one name what it writes through the
// other. For every pair of arrays that may overlap and of which the
// region writes at least one, the optimized code runs only when the
// address ranges the region accesses are disjoint:
//
//	if ((const char *)(&y[n - 1] + 1) <= (const char *)&x[0] || (const char *)(&x[n - 1] + 1) <= (const char *)&y[0]) {
//	  optimized
//	} else {
//	  original
//	}
//
// Input: the parsed file (cfront.File), the region (cfront.Region) and its
// model (scop.Scop). Output: Check gives the C condition ("" when no pair
// needs one) and a remark for --explain; the caller puts the region's new
// text under the condition, with the original text in the else branch.
// Pairs and Condition are its two steps, for a caller that only asks
// whether a check can be made.
//
// The ranges come from scop.AccessExtent: per subscript, the least and
// greatest value over the elements the region accesses, as expressions of
// the parameters; C computes the addresses of the two corner elements
// (through the declared extents, or the strides of a delinearized array),
// which bound every accessed address of a row-major array. Pairs that
// need no check: two declared arrays, two arrays only read, an array
// declared inside the region or allocated by tessera, a parameter or
// pointer declared restrict (the caller promises that what it modifies is
// reached through it alone).
//
// Limits: arrays whose rows are reached through pointers (double **a,
// double *a[N]) have no single address range, nor has an array accessed
// where a subscript has no closed-form bounds; a region where such an
// array may overlap another, or where more than 120 pairs would be
// compared, gets an *Error (the caller keeps its code, with a warning)
// unless Config.AssumeNoAlias says the arrays do not overlap. A restrict
// hidden in a macro or a typedef is not seen (the check is then made).
package aliascheck
