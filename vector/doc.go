// Package vector writes SIMD code for the innermost loops of a generated
// AST (issue 9): it takes the scalar AST of one region (after astgen and
// astopt, checked by the pipeline's interpreter self-check) and the
// region's polyhedral model (package scop), and gives a rewritten AST plus
// a statement printer for the vector statements it introduced.
//
// # What it does
//
//  1. Analysis (analyze.go, vectorize.go): for every innermost loop, the
//     loop is vectorizable when its step is 1, the scheduler marked it
//     coincident (ast.For.Parallel: no dependence carried by it), every
//     access of the statements of its body has stride 0 (invariant,
//     broadcast) or 1 (contiguous, row-major) along it, and the arrays
//     are double or float. Strides come from the access relations
//     (exact quasi-affine coefficients, int64 with overflow checks)
//     composed with the linear part of the call arguments in the loop
//     iterator. A write of stride 0 is a reduction; horizontal reductions
//     are not generated, so such loops stay scalar.
//  2. Marks: a vectorizable innermost loop is wrapped in ast.Mark
//     "ivdep" (#pragma GCC ivdep, honoured without -fopenmp) or "simd"
//     (Config.OpenMP: #pragma omp simd, needs -fopenmp or -fopenmp-simd).
//  3. Register-tiled FMA kernel (kernel.go): a point
//     nest for i / for k / for j whose single statement is
//     X[..i..][j] (+)= b1 * ... * Y[..][j] * ... with the b's invariant
//     along j becomes the seed's "second innermost" scheme: j is
//     strip-mined by V vectors, i is unrolled and jammed R times
//     (Config.UnrollJam), and the R x V accumulators stay in registers
//     for the whole k loop: _mm256_loadu / _mm256_broadcast (or set1) /
//     _mm256_fmadd / _mm256_storeu in the pd or ps forms. The factors
//     that vary with i are broadcast once per row and k (A[i][k] straight
//     from memory with _mm256_broadcast_sd); those invariant along i and
//     j (alpha, y[k]) multiply the vector operand once per k, so the
//     product is associated as A*(alpha*B) rather than (alpha*A)*B: one
//     rounding per product differs, as with FMA contraction, while the
//     accumulation over k keeps the original order. The j remainder
//     and the i remainder run the scalar statement. Legality: the nest
//     holds one statement writing a distinct element per (i, j) and
//     reading only other arrays, so its only dependences are along k for
//     a fixed (i, j), and every (i, j) keeps its k order. The seed's
//     instruction-count model (costOf) prices vectorizing i, j or k; we
//     generate the kernel only when j is the cheapest.
//
// # Representation of vector code
//
// Vector statements are ast.User nodes named "vec:<kernel>:<op>" with
// arguments (r, v, statement arguments...): op is acc (load an
// accumulator), ldb (load the contiguous operand), bc (broadcast), fma,
// st (store); r and v index the register tile. Result.Body wraps the
// pipeline's statement printer and prints them from the statement's
// cfront syntax with the iterators substituted, like scalar statements.
// The interpreter does not know these statements: the pipeline checks the
// scalar AST before Vectorize, and the tests compile and run the C.
// Vector variables are named tsv_*; Result.Header is the #include line
// (or the typedefs) the file needs at its top.
//
// # Targets
//
// avx2 (default when /proc/cpuinfo has avx2 and fma) writes the kernel
// with intrinsics (#include <immintrin.h>). sse2, avx512, neon and generic
// write the same kernel with GCC's vector extensions at the target's
// width (16, 64, 16 and 32 bytes): a typedef tsv_v{d,f}{bytes} with
// vector_size, element alignment and may_alias, loads and stores through
// it, acc += a * b (gcc contracts it to FMA where the target has one).
// Marks are the same on every target. An unknown --target is an error
// listing the known ones.
//
// # Glossary and papers
//
// Wang, Pang, Xu, Zhao, Tao, Zhu, "Matrix Multiplication Vector Code
// Generation Based on Polyhedron Model" (Computer Science 49(10), 2022):
// the schemes, the cost model, the vec mark and the intrinsic emission.
// PPCG's vec mark corresponds to our kernel nodes; isl's coincident flag
// is ast.For.Parallel.
package vector
