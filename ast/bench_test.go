package ast

import "testing"

// BenchmarkInterpret runs a tiled triple nest of 256^2 instances (n = 256).
func BenchmarkInterpret(b *testing.B) {
	n := id("n")
	tree := loop("c0", ci(0), FloorDiv(Sub(n, ci(1)), ci(16)), 1,
		loop("c1", ci(0), Sub(n, ci(1)), 1,
			loop("c2", Mul(ci(16), id("c0")), Min(Sub(n, ci(1)), Add(Mul(ci(16), id("c0")), ci(15))), 1,
				user("S", id("c1"), id("c2")))))
	params := map[string]int64{"n": 256}
	for b.Loop() {
		ins, err := Interpret(tree, params)
		if err != nil || len(ins) != 256*256 {
			b.Fatal(err, len(ins))
		}
	}
}
