// Package emit turns an ast tree into C text and splices it into the
// original file. It takes an ast.Node per SCoP region plus a callback that
// prints each statement instance (the caller knows the original statement
// text; emit knows only the tree), and gives C text, byte-range edits of
// the original file, and a safe way to write the result.
//
//   - Region prints a tree with C99 iterator declarations in the for
//     headers (or declared once at the top with IterDeclOutside), turning
//     marks into pragmas (parallel → #pragma omp parallel for, simd →
//     #pragma omp simd, ivdep → #pragma GCC ivdep, others → comments).
//     A RegionMark prints #pragma omp parallel before the loop it holds,
//     the parallel marks under it print #pragma omp for (worksharing
//     loops of the enclosing region), and a SingleMark prints #pragma
//     omp single.
//     The layout is ast.Printer's (isl style, two-space indentation).
//   - Expr prints an expression parenthesized for textual substitution.
//   - Prelude defines floord, ceild, min and max (guarded by #ifndef,
//     correct for negative numerators and divisors); PreludeEdit inserts it
//     once per file after the leading #include lines (and after a
//     byte-order mark). Config.HelperPrefix and PreludeFor(prefix) name
//     them with a prefix: tessera opt always prints tessera_floord,
//     tessera_min and so on, which no macro of the file or of its
//     headers can redefine; HelperConflicts lists the plain names a
//     file uses.
//   - Splice applies sorted, non-overlapping Edits and keeps every other
//     byte; SpliceWithPrelude also sorts and adds the prelude;
//     WriteFileAtomic writes a regular file through a temporary file,
//     fsync and rename (through a symbolic link to the file it leads to),
//     writes a character device or FIFO directly, refuses other kinds of
//     files, and refuses to overwrite an input file.
//
// A typical file: for each region r, text := Region(tree, cfg) and an Edit
// {r.Start, r.End, WrapScop(text)}; then SpliceWithPrelude(src, edits,
// cfg.HelperPrefix) and WriteFileAtomic(out, data, 0o644, inputPath).
//
// Tests: golden regions (testdata/region, -update), the prelude's macros
// and random regions compiled with gcc when present (the instance sequence
// printed by the program must equal ast.Interpret's; with -fopenmp and
// four threads, the same multiset per region), splice and prelude
// placement tables, a fuzz target for the prelude scanner.
//
// emit never reads dependences or schedules: whether a mark is legal was
// decided upstream. It imports only ast; positions from cfront arrive as
// plain byte offsets in Edits.
//
// Glossary: Region plays the part of isl_ast_node_print with PPCG's
// print_user callback (ppcg_print_macros for the prelude); Mark "parallel"
// is PPCG's OpenMP printing of coincident loops.
package emit
