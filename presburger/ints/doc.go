// Package ints is tessera's checked int64 arithmetic: the solver layer of
// the presburger engine uses it (through presburger/internal/ints, which
// forwards here), and so do the packages above the engine that compute on
// constraint rows and affine forms of their own (the AST generator, the
// scheduler), so that there is one implementation and one overflow panic
// value (*OverflowError), which presburger.Recover and presburger.AsError
// turn into an error of Kind Overflow.
//
// It takes int64 operands and gives exact int64 results, or panics with a
// *OverflowError when the exact result does not fit in an int64. Nothing
// wraps silently. The fast path of every operation is a few machine
// instructions (comparison tricks and math/bits); no big.Int is used.
//
// Division helpers follow the mathematical conventions used by isl and the
// Omega test: FloorDiv and CeilDiv round towards minus and plus infinity,
// Mod returns the non-negative remainder for a positive divisor (isl's
// fdiv_r), and GCD is always non-negative (GCD(0, 0) == 0).
//
// Row helpers work on constraint rows ([]int64): RowGCD (gcd of the
// entries), ScaleRow, CombineRows (r1*a + r2*b), all checked.
//
// Glossary: isl_int_fdiv_q = FloorDiv, isl_int_cdiv_q = CeilDiv,
// isl_int_fdiv_r = Mod, isl_seq_gcd = RowGCD, isl_seq_combine = CombineRows;
// MLIR's presburger::floorDiv/ceilDiv/mod/gcd are the same functions.
package ints
