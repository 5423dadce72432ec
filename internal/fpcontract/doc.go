// Package fpcontract keeps the multiply-adds that gcc leaves unfused in
// the original's reduction loops unfused in the optimized code too.
//
// gcc contracts a*b + c into one fused multiply-add across statements
// (-ffp-contract=fast is GNU C's default) wherever the target has FMA,
// with one exception under the AMD Zen tunings that -march=native picks
// (znver1 to znver3: --param avoid-fma-max-bits 128 or 256): a
// multiply-add whose sum is a loop's accumulator, kept in a register from
// one iteration to the next (s += a*b), stays a multiply and an add, the
// FMA's latency being longer than the add's. A new schedule often turns
// such a chain into a loop whose accumulator moves (an interchange puts
// the stride-1 loop innermost), and gcc then fuses: the optimized program
// rounds differently from the original, and on ill-conditioned inputs
// the difference shows in more than the last printed digit.
//
// For a statement that is such a chain in the original, the product is
// printed as tessera_unfused(a*b, tessera_nz). With gcc and a Zen tuning
// this is a*b + z where z is -0.0 hidden from the optimizer (an empty asm
// statement at the top of the function): x + -0.0 == x for every x, gcc
// contracts it into fma(a, b, -0.0), which is the rounded product, and the
// addition that follows stays an addition. That is the arithmetic of the
// original chain whether or not the new loop keeps it, and costs no more
// operations than the original. Elsewhere (other compilers and tunings,
// -ffp-contract=off) the macro is the product itself (Header).
//
// The chains are recognized as gcc 12 sees them: an update x += a*b,
// x -= a*b, x = x + a*b or x = x - a*b (the last operation of the right
// side a multiplication, all its operands of x's type) of a floating-point
// element x invariant in the innermost enclosing loop, directly in that
// loop's body (no condition around it), the body holding no loop,
// condition, call or other multiply-add (any other one ends gcc's
// deferral and all are fused) and, when x is an array element, no other
// array write (which would make gcc reload x from memory instead of
// keeping it in a register); a loop of at most 16 constant trips is
// unrolled completely before contraction and left alone.
//
// Not reproduced: when gcc vectorizes the original's chain as an in-order
// reduction (vector multiplies, additions in order), the remainder
// iterations after the vector loop are fused; packed kernels and
// horizontal reductions of package vector print their own arithmetic. The
// tunings are those of gcc 12 (znver1 to znver3); gcc 12 does not know
// znver4.
//
// It takes the region's syntax, its model and its AST, and gives a
// Control: the statement syntax the printer uses for each call (Syntax),
// whether a printed piece of the AST used the macro (Uses), the
// declaration of the macro's zero for a function that does (Declare),
// and the header that defines the macros (Header). The record of which
// calls printed the macro is typed data keyed by the AST's User nodes,
// not a search of the emitted text. It is its own package because it is
// a transformation in its own right, independent of the schedule: it
// depends only on the original program and on what the C compiler does
// with it.
package fpcontract
