package graph

import "slices"

// SCCTopo returns the strongly connected components of the directed graph
// with nodes 0..n-1 and edges v -> w for w in succ[v], each component
// sorted, the components in a topological order of the condensation (a
// component comes before every component it has an edge to). Among the
// components whose predecessors are all placed, the one with the
// smallest node comes first.
//
// We first find the components by Tarjan's algorithm (one depth-first
// search keeping, for every node, its discovery index and the smallest
// index reachable through the search tree and one back edge), then order
// the condensation by Kahn's algorithm.
func SCCTopo(n int, succ [][]int) [][]int {
	comps := tarjan(n, succ)
	compOf := make([]int, n)
	for ci, c := range comps {
		for _, v := range c {
			compOf[v] = ci
		}
	}
	nc := len(comps)
	indeg := make([]int, nc)
	csucc := make([][]int, nc)
	for v := 0; v < n; v++ {
		for _, w := range succ[v] {
			a, b := compOf[v], compOf[w]
			if a != b && !slices.Contains(csucc[a], b) {
				csucc[a] = append(csucc[a], b)
				indeg[b]++
			}
		}
	}
	order := make([][]int, 0, nc)
	done := make([]bool, nc)
	for len(order) < nc {
		best := -1
		for ci := range comps {
			if !done[ci] && indeg[ci] == 0 && (best < 0 || comps[ci][0] < comps[best][0]) {
				best = ci
			}
		}
		done[best] = true
		order = append(order, comps[best])
		for _, b := range csucc[best] {
			indeg[b]--
		}
	}
	return order
}

// tarjan returns the strongly connected components, each sorted, in the
// order Tarjan's algorithm completes them (a reverse topological order).
func tarjan(n int, succ [][]int) [][]int {
	index := make([]int, n)
	low := make([]int, n)
	on := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	var comps [][]int
	next := 0
	var visit func(v int)
	visit = func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		on[v] = true
		for _, w := range succ[v] {
			if index[w] < 0 {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if on[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] != index[v] {
			return
		}
		var c []int
		for {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			on[w] = false
			c = append(c, w)
			if w == v {
				break
			}
		}
		slices.Sort(c)
		comps = append(comps, c)
	}
	for v := 0; v < n; v++ {
		if index[v] < 0 {
			visit(v)
		}
	}
	return comps
}
