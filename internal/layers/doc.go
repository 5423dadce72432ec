// Package layers holds the test that enforces the import direction of
// tessera's packages: every package imports only packages of lower
// layers, along the data flow of the optimizer (C text → model →
// dependences → schedule → AST → lowering to C → pipeline → commands).
// It has no code; its test reads the module's imports with `go list`.
//
// The layers, lowest first (a package may import only packages of lower
// layers):
//
//	layer                   packages
//	arithmetic              presburger/ints
//	base                    ast, cfront, internal/cli, internal/ctext, internal/ctoken,
//	                        internal/graph, internal/hostcache, internal/layers,
//	                        presburger/internal/ints, presburger/internal/islref
//	engine internals        presburger/internal/sys
//	engine                  presburger
//	engine users            presburger/calc, schedule, internal/testutil
//	model                   scop
//	model analyses          deps, internal/split, openscop
//	model rewrites          internal/expand, internal/multiversion, internal/scoptest
//	scheduling              internal/directive, scheduler
//	scheduling (composite)  internal/iss
//	AST generation          astgen
//	AST passes              internal/astopt, internal/emit, internal/selfcheck, internal/vector
//	lowering                internal/aliascheck, internal/ccguard, internal/cdecl, internal/csplit,
//	                        internal/fpcontract, internal/liveout, internal/omp,
//	                        internal/scalarize
//	lowering (composite)    internal/cexpand, internal/outline, internal/privatize,
//	                        internal/unsigned
//	reports                 internal/explain
//	pipeline                pipeline
//	back ends               mlir
//	tools                   bench
//	tools over tools        internal/progfuzz
//	commands                cmd/..., bench/cmd/..., internal/progfuzz/cmd/...
//
// Besides the order, two rules are checked on direct imports: cfront (C
// syntax) is not imported by the engine, the schedule trees, the
// scheduler or the AST generator, which work on sets and trees only; and
// pipeline is imported only by commands, tools and back ends that read
// its result. A new package must be added to the table of the test (and
// here) before it builds in: the test fails on a package it does not
// know.
package layers
