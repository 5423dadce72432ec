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
//     iterator. A write of stride 0 is a reduction: see item 5.
//
//  2. Marks: a vectorizable innermost loop is wrapped in ast.Mark
//     "ivdep" (#pragma GCC ivdep, honoured without -fopenmp) or "simd"
//     (Config.OpenMP: #pragma omp simd, needs -fopenmp or -fopenmp-simd).
//
//  3. Register-tiled FMA kernel (kernel.go): a point
//     nest for i / for k / for j whose single statement is
//     X[..i..][j] (+)= b1 * ... * Y[..][j] * ... with the b's invariant
//     along j and Y invariant along i (it is loaded once for the R rows;
//     A[i][j + k] is not) becomes the seed's "second innermost" scheme: j is
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
//  4. Packed contraction kernel (packed.go), tried first on every nest
//     that is not inside a loop: a statement
//     X[..b..][..i..][j] (+)= t1 + t2 + ... where every term is a product
//     of factors (array elements, scalars, literals) and no factor
//     depends on both i and j, all of whose instances the nest executes
//     (so the nest is one contiguous segment of the execution and can be
//     reordered freely inside). The dimensions are classified from the
//     access relations: j is the one dimension of the last subscript of
//     the write (coefficient 1), the dimensions absent from the write
//     are the reduction dimensions, i is the first other written
//     dimension such that every term has a factor varying with it and
//     none varying with both; the rest are batch dimensions. The domain
//     must be a box in the parameters (hull bounds from DimMin/DimMax,
//     single affine pieces) except for constraints on (i, j) alone
//     (a triangle j <= i), which are tested per register tile. The nest is
//     replaced, whatever the scheduler's band and tile sizes were, by
//     the GotoBLAS/BLIS loop order: batch loops; jc over blocks of NC
//     columns; pc over blocks of the outer reduction dimension (at most KC
//     elements of the flattened reduction, the blocks balanced, since a
//     short last block next to an edge panel runs its micro-kernel on
//     few reduction steps per packing); pack B (the factors not
//     varying with i, per term) into NR-column micro-panels (reduction
//     step by reduction step over all the micro-panels when every read
//     is contiguous or invariant along j, so each row is read once from
//     start to end; micro-panel by micro-panel otherwise); ic over
//     blocks of MC rows (the OpenMP loop with --parallel); pack A (the
//     factors varying with i) into MR-row micro-panels; ir, then jr,
//     over micro-tiles (the A micro-panel stays in L1 while the KC x NC
//     block of B, sized for L2, streams past it); an MR x NR register
//     tile loaded from X, updated by one broadcast and NR/lanes FMAs per
//     row and reduction step, and stored back. The micro-kernel
//     prefetches the B micro-panel's lines 16 reduction steps ahead
//     (the buffer has that much slack), and a full tile first prefetches
//     the lines of X of the next tile of its row when that tile is full
//     too (so every prefetched address is an element the nest writes). Tiles cut by the domain or the block edges run the
//     same code on a zero-padded temporary, copied in and out only where
//     they meet the domain. Each element of X receives its reduction
//     terms in the original lexicographic order of the reduction
//     dimensions, term by term per block (a sum of several terms is
//     reassociated, as --vectorize flows allow: they are compared with
//     the kernel's tolerance); the A*B factor grouping rounds once per
//     product differently, as FMA contraction does. Packing reads only
//     elements the original reads (the hull of i and j comes from the
//     domain, the reduction box is independent of them). Sizes:
//     KC=256, MC=120 (rounded to MR), and NC from the L2 size of one
//     core (Config.L2, else the host's from sysfs as the scheduler reads
//     it): the largest multiple of NR with KC x NC elements in half of
//     L2, at most 2048 (504 doubles for a 2 MiB L2 and 8 x 3 vectors of
//     8 doubles; blockCols); MR x NR
//     is 6 x 2 vectors for 16 registers and 8 x 3 for 32, or
//     --unroll-jam rows (its default 4 means "from the registers") with
//     as many vectors as fit. B's buffer is static (one per kernel); A's
//     and the temporary are locals of the row-block loop (per thread).
//     When the extent of the inner reduction dimensions is symbolic the
//     packed code runs only when it is at most KC, the original nest
//     otherwise. Config.NoPack turns this off (the unpacked kernel of
//     item 3 then applies to plain matmul nests).
//
//  5. Horizontal reductions (hred.go, the seed's "innermost" scheme): an
//     innermost loop that is not vectorizable only because its one
//     statement X += e (or X = X + e, scop's Update "+") accumulates into
//     an X invariant along the loop, with no other access to X's array
//     and every other access of stride 0 or 1, gets a vector accumulator
//     (GCC vector extensions on every target: contiguous reads become
//     vector loads, invariant ones stay scalars that GCC broadcasts),
//     one horizontal sum after the full vectors, and the scalar
//     statement for the remainder. Legal because the loop's only
//     dependences are the accumulation into X; it reassociates the sum,
//     as --vectorize flows may. Config.NoReduce turns it off. The loop
//     needs at least hredMinTrips (4) full vectors: a constant trip count
//     below that keeps the scalar loop, a symbolic one is tested at run
//     time (if (trips >= 4 * lanes) scheme else the original loop), since
//     the horizontal sum and the remainder cost more than a short chain
//     saves.
//     The same scheme takes integer reductions (int and long long, whose
//     width is the same on every target): sums, and maxima and minima
//     written as a conditional (X = X < e ? e : X and its variants,
//     scop's Update) or as a call of a function-like macro whose
//     expansion on two plain names is such a conditional
//     (Config.Macros; the macro has one definition the compiler always
//     sees). A maximum's accumulator starts with X in every lane; each
//     vector step takes the new value in the lanes where it wins (a
//     vector comparison's mask, blended bitwise, which gcc turns into
//     the target's max or min instruction); a scalar loop takes the
//     maximum of the lanes. On integers, reads of another constant
//     stride along the loop are gathered lane by lane ((V){e at k, e at
//     k+1, ...}) when some read is contiguous: integer sums, maxima and
//     minima give the same result in any order, so the scheme is exact,
//     and the gathered lanes cost what the scalar loop's loads cost
//     while the contiguous reads and the operations go by vectors.
//     Floating-point maxima and minima keep the scalar loop (NaNs and
//     signed zeros make their result depend on the order).
//
//  6. Interchange (interchange.go): a coincident loop whose body is one
//     innermost loop that is not vectorizable (a reduction along it, as
//     out[..][w] += in[..][w + s] * wt[..][s] along s, or a product of a
//     matrix's columns with a vector) is swapped with it when the statements are
//     unit-stride or invariant along the coincident loop, which then runs
//     innermost with a mark. Legal because every dependence inside the
//     coincident loop keeps its value, and the nest is a rectangle (the
//     inner bounds do not depend on the outer iterator). When the inner
//     loop could also take a horizontal reduction, a constant trip count
//     of at least hredMinTrips vectors keeps the reduction, a shorter one
//     the interchange, and a symbolic one chooses at run time. A loop
//     under a "parallel" mark is never moved inside.
//
// Order of the attempts at a node: the packed kernel (4) at a nest that is
// not inside a loop; then the unpacked kernel (3) at a matmul point nest;
// then the interchange (6) at a loop around one innermost loop; at an
// innermost loop, a mark (2) when it is vectorizable, else the horizontal
// reduction (5), else nothing (the report says why).
//
// # Representation of vector code
//
// Every statement the stage adds is an ast.User node whose Payload says
// what it prints (payload.go); Result.Body dispatches on the payload's
// type and no pass reads the node's Name ("vecp:0:fma", ...), which is a
// label for dumps only. The payloads' Part method tells package omp
// which nodes only do part of a statement's work (see ast.Payload).
//
// Packed kernels use nodes with a packedStmt payload (the kernel, the
// operation, the term, the number of the operation's own arguments)
// whose arguments are (op-specific expressions, statement arguments...):
// pa/pb pack a term of A or B, za/zb zero-pad, acc/st and acct/stt load
// and store the register tile from X or the temporary, ldb, bc and fma
// are the micro-kernel, tin/tout copy a partial tile, adecl/bdecl/tdecl
// declare the buffers. The rest of the kernel is ordinary For, If and
// Decl nodes.
//
// Horizontal reductions use nodes with an hredStmt payload (decl, acc,
// hsum) and the statement's arguments.
//
// Kernels written with intrinsics (avx2) are guarded: the rewritten node
// is a Block of guard line "if", kernel, guard line "else", a copy of the
// nest as it was generated, guard line "endif" (guardLine payloads),
// printed as #if defined(__AVX2__) &&
// defined(__FMA__) / #else / #endif (Target.Guard; each line ends in a
// comment because the emitter takes only statement texts ending in ';',
// '}' or "*/"), and the #include <immintrin.h> of Result.Header is under
// the same condition. So the output builds with any C compiler for any
// target (plain gcc -O2 runs the scalar nest) and gives the same results
// within the kernels' tolerance (TestGuardGCC). The AST interpreter does
// not know the preprocessor: it would run both branches.
//
// The register-tiled kernel's statements carry a kernelStmt payload and
// the arguments (r, v, statement arguments...): its op is acc (load an
// accumulator), ldb (load the contiguous operand), bc (broadcast), fma,
// st (store); r and v index the register tile. Result.Body wraps the
// pipeline's statement printer and prints them from the statement's
// cfront syntax with the iterators substituted, like scalar statements.
// The interpreter does not know these statements: the pipeline checks the
// scalar AST before Vectorize, and the tests compile and run the C.
// Vector variables are named tsv_*; Result.Header is the #include line
// (or the typedefs) the file needs at its top.
//
// # Which schedule the stage gets (package pipeline)
//
// When the scheduler's new schedule tiles nothing (it neither tiles nor
// parallelizes, or with --parallel the parallel flow prefers the original
// loops with parallel marks), the pipeline runs the stage on the new
// schedule and on the original one (with coincident flags computed from
// the dependences) and keeps the new one only when Gains says that it
// vectorizes more of the deepest statements (those of the largest domain
// dimension, a kernel counting 3, a mark 2, a horizontal reduction or a
// mark after an interchange 1;
// Result.Vectorized lists the statements a scheme covered). A tie keeps
// the original: a reordering that vectorizes no more of the deepest
// statements gains nothing from the vector stage and loses the
// original's locality (a distributed nest with marks only on its
// boundary loops, a fused nest that gives up parallel outer loops; the
// measurements are in docs/RESULTS.md).
//
// # Targets
//
// The default target is the host's (--target=native, HostTarget), chosen
// as -march=native chooses: from GOARCH and the feature flags of
// /proc/cpuinfo (TargetFor, which the tests call with injected features):
// avx512 when the host has AVX-512 Foundation, avx2 with AVX2 and FMA,
// sse2 on other amd64, neon on arm64, generic otherwise; Target.Why says
// which and why, and the vector reports (--explain) quote it. An explicit
// --target=NAME overrides it. avx2 writes the kernels with intrinsics
// (#include <immintrin.h>). sse2, avx512, neon and generic write the same
// kernels with GCC's vector extensions at the target's width (16, 64, 16
// and 32 bytes): a typedef tsv_v{d,f}{bytes} with vector_size, element
// alignment and may_alias, loads and stores through it, acc += a * b
// (gcc contracts it to FMA where the target has one). The kernels of
// avx2 and avx512 are guarded (Target.Guard: __AVX2__ and __FMA__,
// __AVX512F__), so that a compiler not generating that ISA (no
// -march=native, or -march=x86-64-v2) compiles the scalar nest instead
// of a vector kernel it would have to split and spill; the other
// targets' vector types have a width their baseline ISA has. Marks are
// the same on every target; horizontal reductions use the vector
// extensions on every target, unguarded (any width builds anywhere). An
// unknown --target is an error listing the known ones (TestParseTarget).
//
// Register tile (registerTile): the packed kernel keeps mr x nv vector
// accumulators in registers while it loads nv vectors of B and
// broadcasts one element of A per row and reduction step, so it needs
// mr*nv + nv + 1 vector registers. Of the tiles that fit the target's
// register file (Target.Regs: 16 ymm for avx2, 32 zmm for avx512) with
// at most 8 rows and 4 vectors, it takes the one with the most
// accumulators (independent FMA chains that cover the FMA latency), on a
// tie the one with more rows (each B vector then feeds more FMAs):
// 6 x 2 for 16 registers, 8 x 3 for 32. --unroll-jam fixes the rows and
// takes as many vectors as fit.
//
// # Measuring
//
// `go run ./bench/cmd/gemmbench` prints matrix-product GFLOP/s from 64 to 2048 for
// gcc on the original, tessera without and with --vectorize, and OpenBLAS
// on one thread, in one run (docs/BENCH.md describes its table);
// `tessera bench --flow 'vec=tessera:--vectorize'` runs the suite.
//
// # Glossary and papers
//
// Wang, Pang, Xu, Zhao, Tao, Zhu, "Matrix Multiplication Vector Code
// Generation Based on Polyhedron Model" (Computer Science 49(10), 2022):
// the schemes, the cost model, the vec mark and the intrinsic emission.
// PPCG's vec mark corresponds to our kernel nodes; isl's coincident flag
// is ast.For.Parallel.
package vector
