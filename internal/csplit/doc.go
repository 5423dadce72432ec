// Package csplit prints the statements of statement splitting (package
// split) in C with their temporaries contracted where the generated code
// allows it.
//
// # What it takes and gives
//
// Contract takes the split's Result, the AST of the region (after every
// AST pass: the statements' final order) and the printer of statement
// instances that the lowering uses (emit's Body callback), and gives a
// printer that prints an instance of a temporary's definition followed,
// adjacent in one block, by the instance of its update with the same
// arguments as
//
//	const double split_tmp0_v3 = <e>;
//	corr[c3][c5] = corr[c3][c5] + split_tmp0_v3;
//
// and every other instance as before. It sets Temp.Contracted on each
// temporary all of whose instances are printed so (its array is then
// never used and split.Result.Wrap does not declare it), and returns one
// remark per temporary saying whether it was contracted.
//
// # Why it is correct
//
// Each value of the temporary is read only by the update instance with
// the same iteration vector (the split makes it so), and every legal
// schedule runs the definition before that read with no other write of
// the element in between; so where the two are adjacent, a scalar holds
// the value as well as the array. A temporary that is contracted in some
// places only keeps its array for the others.
//
// # Limits
//
// Only instances printed through the printer are seen: a vectorized
// region prints its statements itself, so the caller does not contract
// there. The names of the scalars are fresh against the names given
// (Config.Taken).
package csplit
