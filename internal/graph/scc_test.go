package graph

import (
	"math/rand"
	"reflect"
	"testing"
)

func TestSCCTopo(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		succ [][]int
		want [][]int
	}{
		{"empty", 0, nil, [][]int{}},
		{"no edges keeps the node order", 3, [][]int{nil, nil, nil}, [][]int{{0}, {1}, {2}}},
		{"edge against the node order", 3, [][]int{nil, nil, {0}}, [][]int{{1}, {2}, {0}}},
		{"cycle", 4, [][]int{{2}, nil, {0, 3}, nil}, [][]int{{0, 2}, {1}, {3}}},
		{"self loop", 2, [][]int{{0}, {0}}, [][]int{{1}, {0}}},
		{"chain of cycles", 5, [][]int{{1}, {0, 4}, {3}, {2, 0}, nil}, [][]int{{2, 3}, {0, 1}, {4}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := SCCTopo(c.n, c.succ); !reflect.DeepEqual(got, c.want) {
				t.Errorf("SCCTopo = %v, want %v", got, c.want)
			}
		})
	}
}

// TestSCCTopoRandom checks SCCTopo on seeded random graphs against the
// definition: two nodes share a component exactly when each reaches the
// other, and no edge goes from a component to an earlier one.
func TestSCCTopoRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 300; iter++ {
		n := rng.Intn(9)
		succ := make([][]int, n)
		for v := range succ {
			for w := 0; w < n; w++ {
				if rng.Intn(4) == 0 {
					succ[v] = append(succ[v], w)
				}
			}
		}
		reach := make([][]bool, n)
		for v := range reach {
			reach[v] = make([]bool, n)
			reach[v][v] = true
			stack := []int{v}
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, w := range succ[x] {
					if !reach[v][w] {
						reach[v][w] = true
						stack = append(stack, w)
					}
				}
			}
		}
		comps := SCCTopo(n, succ)
		pos := make([]int, n)
		seen := 0
		for ci, c := range comps {
			for k, v := range c {
				pos[v] = ci
				seen++
				if k > 0 && c[k-1] >= v {
					t.Fatalf("graph %v: component %v not sorted", succ, c)
				}
			}
		}
		if seen != n {
			t.Fatalf("graph %v: components %v do not cover the nodes", succ, comps)
		}
		for v := 0; v < n; v++ {
			for w := 0; w < n; w++ {
				same := reach[v][w] && reach[w][v]
				if same != (pos[v] == pos[w]) {
					t.Fatalf("graph %v: components %v wrong for %d, %d", succ, comps, v, w)
				}
			}
			for _, w := range succ[v] {
				if pos[w] < pos[v] {
					t.Fatalf("graph %v: order %v puts %d before %d", succ, comps, w, v)
				}
			}
		}
	}
}
