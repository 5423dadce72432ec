// Package unsigned makes regions with unsigned iterators or parameters
// (size_t n, for (size_t i = 0; i < n; i++), an int iterator compared with
// a size_t bound) safe to model over the integers.
//
// C computes an expression with an unsigned operand modulo 2^w, and
// converts a signed operand of a comparison with an unsigned one to
// unsigned. The model computes over the integers. The two agree when no
// value involved is negative and none reaches 2^w. Analyze checks the
// loop bounds, conditions and subscripts of the region for that:
//
//   - an expression that mixes in an unsigned name is built of names,
//     non-negative literals, +, multiplication and division by literals,
//     comparisons and logical operators; a subtraction only as P - c
//     with P a parameter expression, checked at run time as P >= c;
//   - a signed iterator in such an expression counts up from a
//     non-negative start; a signed parameter in it is checked >= 0 at run
//     time;
//   - every value is at most W*p + K for parameters p, with W and K
//     computed from the expressions: the parameters are checked at run
//     time to be at most (M - K)/W, M the largest value of the narrowest
//     unsigned type involved (at most LLONG_MAX);
//   - a subscript whose unsigned names are all 64 bits wide may subtract:
//     the address C computes modulo 2^64 is the model's.
//
// Input: the parsed file, the region and its model (for the names of its
// parameters). Output: a Plan, or an error (a *cfront.Error at the
// expression) that says why the region's unsigned arithmetic cannot be
// modelled; the region is then kept. A region without unsigned names gets
// a plan that asks for nothing.
//
// The plan is then applied by the lowering: the generated iterators are
// signed and wide enough (long long when a name is a 64-bit unsigned,
// Plan.Wide), the unsigned parameters are converted to that type in the
// generated bounds (Plan.CastParams, through a helper macro that
// AddHeader defines: no n - 1 wraps when n is 0), the statements see their
// unsigned iterators converted back to their type (Plan.IterValue), so
// that they compute what the original computes, and the optimized code
// runs only when Plan.Cond holds at run time.
//
// Limits: the types are those of the LP64 data model (long is 64 bits);
// a type it does not know as an integer type is not treated as unsigned;
// the bounds W and K saturate at 2^60, and constants in unsigned
// arithmetic are at most 2^20, beyond which the region is kept.
package unsigned
