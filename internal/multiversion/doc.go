// Package multiversion specializes a region of C code on the values of
// its parameters, so that a region whose subscripts or bounds multiply a
// parameter by a loop iterator (a stride: in[(i*u + p)*w + j*u + q]) can
// be modelled when the parameter is a known constant. The pipeline builds
// one version per value, each modelled and optimized on its own, and puts
// them under a run-time test of the parameter with the original code as
// the last branch:
//
//	if (u == 1) { region with u = 1 } else if (u == 2) { region with u = 2 } else { original }
//
// # What it takes and gives
//
// Params takes a parsed file and one of its regions and gives the names
// the region may be specialized on: each is an identifier that
//
//   - is an operand of a product whose other operand is a loop iterator
//     or a name declared in the region (i*u, u*x), or the divisor of one
//     (k / u, k % u): a stride. A name met only as the factor of a sum
//     ((c*H + p)*W) is a row length, which delinearization reads and
//     which no small constant would fit, and so is a name that is the
//     whole bound of a loop of the region (b*n*m + i*n + c with c < n);
//   - names a scalar variable of an integer type (a parameter, local or
//     global of the region's function; not a macro, an array or a
//     pointer);
//   - is not declared, assigned, incremented, addressed or used as a loop
//     iterator in the region, so that its value is the same at every use
//     (the assumption the model makes of every parameter).
//
// Select keeps those of the names whose substitution by a constant lets
// the caller's probe (the model's construction) accept the region: one
// name if one suffices, else a pair; the others stay symbolic.
//
// Versions takes the region, the names and the values to try and gives
// one Version per combination of values (at most Limit): the region with
// each name replaced by an integer literal of the name's type (2, 2L,
// 2U, ...; a narrower type's value is promoted to int as the literal is),
// the statements' source texts reprinted from the substituted trees, and
// the C condition under which the version computes what the original
// computes (u == 2). The original region is not modified.
//
// # Why the substitution is exact
//
// The region does not write the name, so every use reads the value it has
// when the region starts; under the version's condition that value is the
// literal's, and the literal has the type the name has after C's integer
// promotions, so every expression that reads the name computes the same
// value with the same type. The model of the version is then built,
// checked and optimized as any other region's; values outside the list
// run the original code.
//
// # Hand-blocked loops
//
// Unblock (unblock.go) takes a region whose loops were strip-mined by
// hand (for (ii = 0; ii < n; ii += 32) around for (i = ii; i < min(ii +
// 32, n); i++)) and gives the region with each block loop joined to its
// element loop (for (i = 0; i < n; i++)), with a scalar loaded or
// accumulated between the block loops substituted into its uses so that
// the blocks join. It proves the joined region equivalent with the
// engine: the same statement instances (ii = 32*floor(i/32)), and the
// blocked order executes every dependence of the joined region from
// source to target. An element loop bounded by its block alone
// (i < ii + 32) joins under the run-time condition (n - 0) % 32 == 0.
// A block loop stepping by a variable (ii += bs: cfront's For.StepVar)
// joins under bs >= 1 (unblockvar.go): the blocked nest then has no
// model, and the proof is that no dependence of the joined nest between
// two instances inside a joined loop goes backward along it (checked by
// the engine), so that the blocked order, a rectangular tiling of the
// joined one, runs every dependence forward for every size.
//
// # Default values
//
// DefaultValues, 1 and 2, are the strides of nearly every convolution and
// pooling layer; the command line's --versions flag sets others.
package multiversion
