// Package expand performs scalar expansion on a polyhedral model: it gives
// each web of a scalar temporary its own array, indexed by the loops that
// do not carry the web's values, so that the anti and output dependences
// of the scalar disappear and the scheduler can tile and parallelize the
// nests around it (a reduction kept in a scalar temporary, the state
// variables of a recursive filter).
//
// # What it takes and gives
//
// Expand takes a *scop.Scop and a Config and gives a Result: a new Scop in
// which the accesses of the expanded webs go to new arrays (the original
// is not modified; statements that change are copies), the list of webs
// expanded (scalar, new array, expansion loops, lower bounds, extents as C
// text) and the scalars not expanded with the reason.
//
// # Webs
//
// The statements that access a scalar x are joined by the value-based
// flow dependences of x (deps.Compute with Config.Dataflow): a web is one
// connected component. Joining statements rather than single accesses is
// coarser than the classical def-use webs but never wrong: one storage
// per web.
//
// # When a web is expanded
//
//   - Config.Dead says that x is not live after the region and that no
//     code outside the model reads or aliases it (the caller knows the
//     file); x is not a parameter of the model.
//   - Every read instance of the web has a source in the region: the
//     domain of each read is covered by the range of the value-based flow
//     dependences reaching it (no upward-exposed read).
//   - The expansion loops, the common enclosing loops of the web's
//     statements whose iterator is equal at the source and the target of
//     every value-based flow dependence of the web, are not empty.
//   - The iterator of each expansion loop has a constant minimum and a
//     maximum that is one affine expression of the parameters over the
//     union of the web's statement domains (so the extent is exact).
//   - A declaration statement that declares x declares nothing else.
//
// # Why it is correct
//
// Each read instance r has exactly one value-based source w (the last
// write of x before r). w and r agree on every expansion iterator, so
// they address the same element of the new array; any write of that
// element between w and r would be a write of x between them in the
// original, contradicting that w is the last one. Webs of other scalars
// and the parts of x not expanded keep their storage: a read outside the
// web never has its source inside it. The new model's dependences are
// computed afresh and every later stage (scheduler, self-check) uses
// them.
//
// # In the pipeline
//
// pipeline/expand.go calls Expand after the dependences with Config.Dead
// from the file around the region (package cexpand: declared in the
// region, or a local of the enclosing function not mentioned after the
// region, address never taken, not static/volatile/extern), schedules
// both models and keeps the expanded one only when it tiles more loops or
// runs more of the deepest statements in parallel without losing in the
// other, or, for the vector stage, when neither is worse and its
// innermost loops have better accesses (scheduler.InnermostScores); the
// storage is allocated with __builtin_malloc around the generated code
// and freed after it (cexpand.Storage). --noexpand
// (pipeline.Options.NoExpand) turns the stage off.
//
// # Glossary
//
//	web                 a def-use web (Muchnick), here over statements
//	expansion           scalar/array expansion, Feautrier 1988
//	                    ("Array expansion", ICS); privatization is the
//	                    special case of expansion along one parallel loop
//
// # Papers
//
// Feautrier, "Array expansion" (ICS 1988); Maydan, Amarasinghe and Lam,
// "Array data-flow analysis and its use in array privatization" (POPL
// 1993).
package expand
