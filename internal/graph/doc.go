// Package graph holds the graph algorithms that several stages share on
// small dependence-like graphs of statements or pieces of code: the
// strongly connected components of a directed graph, in a topological
// order of its condensation (Tarjan, then Kahn's algorithm with ties
// broken by the smallest node, so that the order is deterministic and
// keeps the nodes' own order where the edges allow it).
//
// It takes a graph as successor lists over the nodes 0..n-1 and gives
// components as sorted lists of nodes. It imports nothing of tessera's;
// the AST generator (the components of section 5.7 of Grosser,
// Verdoolaege and Cohen, isl's isl_tarjan) and the scheduler (the scalar
// cuts between strongly connected components, as in Pluto) use it.
package graph
