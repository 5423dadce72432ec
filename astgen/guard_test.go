package astgen

import "testing"

func TestAbsorbConjs(t *testing.T) {
	c := func(coef ...int64) cons { return cons{a: aff{Coef: coef[:len(coef)-1], C: coef[len(coef)-1]}} }
	x, y, z := c(1, 0, 0), c(0, 1, -2), c(1, 1, 5)
	tests := []struct {
		name string
		in   [][]cons
		want []int // indices of the conjunctions kept
	}{
		{"one", [][]cons{{x}}, []int{0}},
		{"disjoint", [][]cons{{x}, {y}}, []int{0, 1}},
		{"subset-later", [][]cons{{x}, {x, y}}, []int{0}},
		{"subset-earlier", [][]cons{{x, y, z}, {y}}, []int{1}},
		{"equal", [][]cons{{x, y}, {y, x}, {z}}, []int{0, 2}},
		{"eq-differs", [][]cons{{{a: x.a, eq: true}, y}, {x}}, []int{0, 1}},
	}
	for _, tt := range tests {
		got := absorbConjs(tt.in)
		if len(got) != len(tt.want) {
			t.Errorf("%s: kept %d, want %d", tt.name, len(got), len(tt.want))
			continue
		}
		for i, k := range tt.want {
			if len(got[i]) != len(tt.in[k]) || !got[i][0].a.equal(tt.in[k][0].a) {
				t.Errorf("%s: conjunction %d is not input %d", tt.name, i, k)
			}
		}
	}
}
