// Package progfuzz is a seeded random generator of static-control C
// programs and a differential tester of `tessera opt` on them.
//
// # What it takes and gives
//
// Generate takes a seed and gives a Program: one self-contained C file
// (no header needed) with static global arrays of double, float and int
// (1 to 3 dimensions, sizes as macros or constants), deterministic
// initialization, a kernel function whose body is one `#pragma scop`
// region of 1 to 3 loop nests (depth 1 to 4), and a main that prints every
// array and every scalar (function-local ones are live out of the region
// through a global) after the kernel in the dump format of package bench
// (`tessera-array NAME COUNT full|checksum` ... `tessera-end NAME`), so
// bench.CompareOutputs compares two runs.
//
// The loop nests use affine bounds on several outer iterators and the
// size macros, MIN/MAX macros and ternaries in bounds, C division by
// constants, occasional steps of 2 or -1, if statements with affine
// conditions (&&, ||, %, !=), 1 to 4 statements per nest with affine
// subscripts (coefficients -2..2, constant offsets, sometimes (i + 1) / 2
// or (i + j) % 3), reductions (+=, *=,
// -=) on elements invariant in inner loops, scalar temporaries (global,
// function-local and region-local), ternaries, sqrt and fabs, int and
// floating-point arithmetic. Every subscript stays in bounds: iterator
// ranges are over-approximated by interval arithmetic (the macros have
// known values) and each array dimension gets an offset and an extent
// covering every access. Int arithmetic is kept far from overflow (every
// int value written is reduced modulo a small constant or accumulated a
// bounded number of times) so the programs have no undefined behaviour.
//
// Nearly half of the nests are kernel-shaped (patterns.go): matrix products
// (C += A*B, A times its transpose, triangular), matrix-vector products,
// 1-d and 2-d stencils under a time loop (in place or ping-pong), LU-like
// updates with divisions by the pivot, all-pairs shortest paths (min-plus) and dot products
// through a scalar, on new arrays or on arrays other nests use. Half of
// the programs are "simple" (kernel-like bounds and subscripts), the
// others use every form above. Some programs put their nests in two
// regions or two kernel functions, spell double as DATA_TYPE, use
// PolyBench's _PB_N aliases, pass the arrays and the size as parameters.
// Of those that pass the arrays, about 30% (decided from the seed alone,
// so that other seeds keep their programs) pass the arrays of two or more
// dims as pointers indexed with one subscript, A[(i) * LD_A1 + (j)], the
// row lengths named by macros: tessera delinearizes them under a run-time
// check of the row lengths against the loop bounds (scop/delin.go).
//
// A share of the programs (40%, chosen by a draw of its own, polybench.go)
// are written in PolyBench/C's style: the kernel takes every size as an int
// parameter (n, m, p) and every array as a parameter, with the extents of
// the size macros or C99 VLA extents in the int parameters
// (DATA_TYPE A[n][m + 1]); bounds and subscripts go through the int
// parameters or _PB_N macros that expand to them; DATA_TYPE is float when
// DATA_TYPE_IS_FLOAT is defined, else double, and constants are sometimes
// written SCALAR_VAL(0.5); scalar temporaries are locals of the kernel
// declared before the region without an initializer, used as
// accumulators (symmetric products, LU decomposition, forward and
// backward substitution, column norms, the scalar reductions above), and some are printed
// after the kernel, so their final value counts. Half of those programs
// also run the float twins (FloatTwin, WithFloat: -DDATA_TYPE_IS_FLOAT for
// the original and the output, tolerant flows within FloatRelTol) of the
// first and the last of their flows.
//
// Check (run.go) compiles the original and the output of `tessera opt`
// for each Flow with gcc -O2 -march=native -fopenmp -ffp-contract=off,
// runs both (OMP_NUM_THREADS=2) and compares their outputs with
// bench.CompareOutputs: byte for byte for flows that must not reassociate,
// within RelTol for --vectorize and --reductions. A crash, a panic, a
// timeout, a compiler error on tessera's output or a different output is
// a failure; a region tessera declines with a diagnostic (exit status 1,
// original code kept) is counted as Declined and is not a failure (the
// output is still compiled and compared). For every output with OpenMP
// parallel loops two variants also run (variants.go): "forced" makes
// tessera's run-time cost checks hold, so that the parallel versions run
// at these small sizes, and "reversed" runs every parallel loop
// sequentially backwards, which finds an illegal parallel mark
// deterministically.
//
// tessera runs under a 4 GB address-space limit (Config.MemLimitKB) and a
// 60 s wall-clock limit, so a run away scheduler fails as tessera-oom or
// tessera-timeout instead of swapping a shared machine. Each outcome
// records what the output used (OpenMP parallel loops, simd marks, vector
// intrinsics, tiling, reduction clauses), counted by Stats, to see what a
// campaign exercised.
//
// Reduce (reduce.go) shrinks a failing program line by line (statements,
// blocks, if wrappers) while the same kind of failure remains. The
// command internal/progfuzz/cmd/progfuzz runs campaigns (-seed, -n, -j,
// -per flows per program), checks one file (-check) or reduces one
// (-reduce); -pb runs only PolyBench-style programs. testdata/ holds reduced reproducers of the bugs found,
// checked by TestKnownBugs (skipped until fixed; PROGFUZZ_KNOWN=1 runs
// them anyway).
//
// # Invariants
//
//   - Generate is a pure function of the seed: the same seed gives the same
//     bytes on every platform (math/rand/v2 PCG, no map iteration order);
//     it draws again (from the same seed) while an array would exceed 2^20
//     elements. Array names skip the size macros' letters (M, N, P).
//   - The programs that are not PolyBench style are the bytes they were
//     before that style was added (its draws only happen for its programs).
//   - Every generated program is valid C99 without OpenMP (in both
//     precisions for PolyBench style), has no
//     out-of-bounds access, no signed overflow and no data-dependent control
//     flow inside the region (checked with -fsanitize=address,undefined on
//     hundreds of seeds; floating-point division by zero may happen and is
//     defined by IEEE 754).
//
// # Glossary
//
// Flow: one set of `tessera opt` flags. Declined: tessera kept the
// region's original code and printed an error diagnostic for it.
//
// # References
//
// The idea of differential testing of compilers with random programs free
// of undefined behaviour follows Csmith (Yang, Chen, Eide, Regehr, PLDI
// 2011); restricting the programs to static control parts, as needed to
// test a polyhedral optimizer, is our own and no Csmith code is used.
package progfuzz
