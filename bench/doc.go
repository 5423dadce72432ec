// Package bench is tessera's kernel suite and benchmark harness.
//
// # What it takes and gives
//
// It takes a Config (which kernels, which flows, dataset, runs, threads,
// compiler) and gives a Report: for every kernel and flow the median kernel
// time, the speedup over the baseline, the time `tessera opt` took, and
// whether the output matched the baseline's. The report prints as a text
// table, JSON, CSV or an SVG bar chart. Main implements the `tessera bench`
// command on top of Run.
//
// The package imports nothing else of tessera but internal/cli (the flag
// conventions all commands share): it runs commands. A flow is
// a way to build a kernel: the baseline compiles the C file as written
// (gcc -O3 -march=native by default); a Tessera flow runs the tessera
// binary (`tessera opt FLAGS kernel.c -o kernel.tessera.c`) and compiles its
// output the same way (with -fopenmp for --parallel); an External flow
// compiles the original with another compiler command, e.g. clang with
// Polly, and is skipped when that compiler is absent.
//
// # The kernel suite
//
// kernels/ holds one self-contained C program per kernel, written for this
// project from the mathematics of each algorithm, in the PolyBench style:
// the shared header kernels/tessera_bench.h selects the sizes
// (-DMINI_DATASET ... -DEXTRALARGE_DATASET), defines DATA_TYPE (double),
// times the kernel call only (stderr line "tessera-time: <seconds>") and
// dumps the output arrays to stdout (every element with %.17g for small
// arrays, long-double sums and 64 samples for large ones). Each kernel
// body sits between #pragma scop and #pragma endscop and uses only affine
// for loops over the size macros, array accesses with affine subscripts,
// and math functions. The files are embedded in the package (kernelFS), so
// the harness works from any directory; Manifest lists them with their
// category, flop formula and tolerance class.
//
// # External PolyBench/C trees
//
// Config.PolyBench (`tessera bench --polybench DIR`) replaces the suite by
// the kernels of a PolyBench/C 4.x tree: every KERNEL.c beside a KERNEL.h
// outside DIR/utilities (DiscoverPolyBench). They are compiled with
// DIR/utilities/polybench.c, -DPOLYBENCH_DUMP_ARRAYS and -DPOLYBENCH_TIME;
// the time is the number printed on stdout and the array dump on stderr is
// what the flows are compared on (ComparePolyBench, which also allows one
// unit in the last printed digit since PolyBench prints two decimals).
// Tolerance classes and flop formulas come from the suite kernel of the
// same name. The tests use a small PolyBench-shaped tree they write
// themselves; no PolyBench file is part of the package.
//
// # Checking outputs
//
// Every flow's stdout is compared with the baseline's (CompareOutputs),
// number by number within the kernel's relative tolerance (RelTolFP = 1e-9,
// RelTolLoose = 1e-6 for kernels with long recurrences), scaled by the
// array's magnitude; kernels of class TolExact (small integers, min/max)
// are compared byte for byte. A tolerance is needed even for flows that
// keep every reduction's order, because gcc contracts multiply-adds into
// FMAs differently once the loops change. Config.Strict compiles
// everything with -ffp-contract=off and then requires flows that do not
// reassociate (not --parallel, --vectorize or external) to match byte for
// byte. A mismatch makes the cell WRONG, and a WRONG cell never gets a
// speedup. The geometric mean of a flow is over its OK cells only.
//
// # Invariants
//
//   - The baseline runs first for every kernel; no other cell has a speedup
//     unless the baseline ran and matched.
//   - A failure (tessera opt, compiler, crash, timeout) is recorded in its
//     cell with the tool's message; Run goes on with the next cell.
//   - Times are read from the program's own timer (kernel only), median of
//     Config.Runs runs after one warm-up run.
//   - Floats appear only in measurements and reports, never in a decision
//     about code.
//
// # Glossary
//
// Cell: one (kernel, flow) result. Flow: a way of building a kernel.
// Dataset: the size class, as in PolyBench (MINI .. EXTRALARGE). Scop: the
// static control part between the pragmas, as in Pluto, PPCG and Polly.
//
// # References
//
// The dataset classes, the pragmas and the idea of a suite of small
// affine kernels follow PolyBench/C (L.-N. Pouchet); the evaluation setup
// (baseline compiler, Pluto-like flows, Polly as an external flow, speedup
// geomean) follows section 6 of the Polygeist paper (Moses et al.,
// PACT 2021). No code of PolyBench is used.
package bench
