// Package iss performs index-set splitting on the model of a region of
// one statement: it cuts a loop of the statement in three at the
// hyperplane x = y of an outer loop y, the pieces x < y, x = y and x > y
// in that order, when every dependence that the loop x carries has its
// source, or its target, on that hyperplane. The pieces x < y and x > y
// then carry no dependence and may run in parallel, or vectorize.
//
// The typical nest is an all-pairs path update: S[k, i, j] writes
// path[i][j] and reads path[k][j], so only the instances with i = k feed
// or follow the other rows; and path[i][k], read along j, is written at
// j = k:
//
//	for k: for i: for j: S      becomes   for k: { parallel for i < k: { for j < k: S; S(k, i, k); for j > k: S }
//	                                                for j < k: S(k, k, j); ...
//	                                                parallel for i > k: ... }
//
// # What it takes and gives
//
// Split takes the model (package scop) of a region and its dependences
// (package deps, with the loops that carry each dependence) and gives a
// schedule tree: bands of the statement's flat schedule dimensions
// between the cuts, and at each cut a sequence of three filters (the
// pieces). The tree keeps the original schedule around and inside the
// cuts. It is checked against the dependences (deps.Check) and its
// coincident flags are computed from them (directive.Coincidence), so the
// caller may use it like any scheduled tree. Split also gives the number
// of loops it marked and a remark that says what was cut and why.
//
// With parallel set, every loop that can be is cut, and the outermost
// band of each piece x < y or x > y whose first member is coincident gets
// a "parallel" mark (no band inside a marked one gets one). Without it,
// only the innermost loop is cut, for the vector stage: the count is then
// 1 when a band right under one of its pieces is coincident.
//
// # Limits
//
//   - One statement per region, under two loops or more, with a flat
//     schedule of one map; the dimension of a cut loop must be its
//     iterator (+x), and the cuts go in the order of the flat dimensions.
//   - With parallel set, a loop that carries nothing stops the search:
//     it is parallel already.
//   - Regions whose dependences have floor divisions are left alone: the
//     emptiness tests may be slow there, for nests that are not of the
//     kind this cut serves.
//   - The hyperplanes tried are x = y only (no offset, no coefficient).
//
// A zero count means nothing was cut (the tree is then the zero Tree);
// an error is an engine error or an illegal tree (which would be a bug
// of this package: the caller keeps its own schedule).
//
// # Glossary
//
//	index-set splitting   Griebl, Feautrier and Lengauer, "Index set
//	                      splitting" (IJPP 2000); isl's schedule-tree
//	                      filters of a sequence node hold the pieces
package iss
