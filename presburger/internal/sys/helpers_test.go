package sys

import (
	"errors"
	"flag"
	"math/rand"
	"testing"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
)

var long = flag.Bool("long", false, "run the long random tests")

// rounds scales the number of random cases: plain go test stays fast, -long
// runs many more.
func rounds(n int) int {
	if *long {
		return n * 20
	}
	if testing.Short() {
		return n / 4
	}
	return n
}

func randRow(rng *rand.Rand, n int, coef, cst int64) []int64 {
	r := make([]int64, n+1)
	for {
		nz := false
		for i := 0; i < n; i++ {
			if rng.Intn(3) > 0 {
				r[i] = rng.Int63n(2*coef+1) - coef
				if r[i] != 0 {
					nz = true
				}
			} else {
				r[i] = 0
			}
		}
		if nz {
			break
		}
	}
	r[n] = rng.Int63n(2*cst+1) - cst
	return r
}

// randSystem makes a random system over n variables.
func randSystem(rng *rand.Rand, n, neq, nineq int, coef, cst int64) *System {
	s := New(n)
	for i := 0; i < neq; i++ {
		s.AddEq(randRow(rng, n, coef, cst))
	}
	for i := 0; i < nineq; i++ {
		s.AddIneq(randRow(rng, n, coef, cst))
	}
	return s
}

// addBox adds -B <= x_i <= B for i in [from, to).
func addBox(s *System, from, to int, B int64) {
	n := s.NVars
	for i := from; i < to; i++ {
		lo := make([]int64, n+1)
		lo[i], lo[n] = 1, B
		hi := make([]int64, n+1)
		hi[i], hi[n] = -1, B
		s.AddIneq(lo)
		s.AddIneq(hi)
	}
}

// enumerate calls f on every point of [-B, B]^n (f must not keep x).
func enumerate(n int, B int64, f func(x []int64)) {
	x := make([]int64, n)
	for i := range x {
		x[i] = -B
	}
	for {
		f(x)
		i := 0
		for ; i < n; i++ {
			if x[i] < B {
				x[i]++
				break
			}
			x[i] = -B
		}
		if i == n {
			return
		}
	}
}

func bruteEmpty(s *System, B int64) bool {
	empty := true
	enumerate(s.NVars, B, func(x []int64) {
		if empty && s.Contains(x) {
			empty = false
		}
	})
	return empty
}

// pieceContains evaluates the locals of pc at the kept point x through their
// Divs and checks the piece's constraints.
func pieceContains(pc Piece, x []int64) bool {
	keep := len(x)
	full := append([]int64(nil), x...)
	for k, d := range pc.Divs {
		if len(d.Row) != keep+len(pc.Divs)+1 || d.Den <= 0 {
			panic("bad div shape")
		}
		for j := keep + k; j < keep+len(pc.Divs); j++ {
			if d.Row[j] != 0 {
				panic("div uses a later local")
			}
		}
		tmp := append(append([]int64(nil), full...), make([]int64, len(pc.Divs)-k)...)
		full = append(full, ints.FloorDiv(evalRow(d.Row, tmp), d.Den))
	}
	return pc.Sys.Contains(full)
}

// catch runs f and returns the panic value (nil if none).
func catch(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}

func isOverflow(r any) bool {
	err, ok := r.(error)
	var oe *ints.OverflowError
	return ok && errors.As(err, &oe)
}

// parseRows is a tiny helper for table tests: each row is a []int64 literal.
func sysOf(n int, eq, ineq [][]int64) *System {
	s := New(n)
	for _, r := range eq {
		s.AddEq(r)
	}
	for _, r := range ineq {
		s.AddIneq(r)
	}
	return s
}
