package sys

import "testing"

// Benchmark systems of SCoP size.

// dep3 is the flow dependence of a 3-deep nest
//
//	for i, j, k in [0, N): A[i][j+1][k] = f(A[i-1][j][k+2])
//
// variables N, i, j, k (source), i', j', k' (sink), with the source before
// the sink: i' = i+1, j'+1 = j... (write A[i][j+1][k] read by A[i'-1][j'][k'+2]).
func dep3(fixN int64) *System {
	// columns: 0 N, 1 i, 2 j, 3 k, 4 i2, 5 j2, 6 k2, const 7
	s := New(7)
	for v := 1; v <= 6; v++ {
		lo := make([]int64, 8)
		lo[v] = 1
		s.AddIneq(lo) // x >= 0
		hi := make([]int64, 8)
		hi[v], hi[0], hi[7] = -1, 1, -1 // x <= N-1
		s.AddIneq(hi)
	}
	s.AddEq([]int64{0, 1, 0, 0, -1, 0, 0, 1})  // i = i2 - 1
	s.AddEq([]int64{0, 0, 1, 0, 0, -1, 0, 1})  // j + 1 = j2
	s.AddEq([]int64{0, 0, 0, 1, 0, 0, -1, -2}) // k = k2 + 2
	s.AddIneq([]int64{1, 0, 0, 0, 0, 0, 0, -1})
	if fixN > 0 {
		s.AddEq([]int64{1, 0, 0, 0, 0, 0, 0, -fixN})
	}
	return s
}

// tiled is a 2-d domain tiled by 32x16 with a skewed point loop, and the
// dependence between two tiles: variables N, t1, t2, i, j, t1', t2', i', j'
// with 32t1 <= i <= 32t1+31, 16t2 <= i+j <= 16t2+15, 0 <= i, j < N, the
// same for the primed ones, i' = i+1, j' = j-1 and the tiles differ.
func tiled() *System {
	// columns: 0 N, 1 t1, 2 t2, 3 i, 4 j, 5 u1, 6 u2, 7 i2, 8 j2, const 9
	s := New(9)
	add := func(m map[int]int64, c int64) {
		r := make([]int64, 10)
		for k, v := range m {
			r[k] = v
		}
		r[9] = c
		s.AddIneq(r)
	}
	for _, o := range []int{0, 4} {
		t1, t2, i, j := 1+o, 2+o, 3+o, 4+o
		add(map[int]int64{i: 1, t1: -32}, 0)
		add(map[int]int64{i: -1, t1: 32}, 31)
		add(map[int]int64{i: 1, j: 1, t2: -16}, 0)
		add(map[int]int64{i: -1, j: -1, t2: 16}, 15)
		add(map[int]int64{i: 1}, 0)
		add(map[int]int64{j: 1}, 0)
		add(map[int]int64{i: -1, 0: 1}, -1)
		add(map[int]int64{j: -1, 0: 1}, -1)
	}
	s.AddEq([]int64{0, 0, 0, 1, 0, 0, 0, -1, 0, 1}) // i2 = i + 1
	s.AddEq([]int64{0, 0, 0, 0, 1, 0, 0, 0, 1, -1}) // j2 = j - 1
	add(map[int]int64{5: 1, 1: -1}, -1)             // u1 >= t1 + 1
	return s
}

func BenchmarkIsIntegerEmpty(b *testing.B) {
	for _, c := range []struct {
		name string
		s    *System
	}{{"dep3", dep3(0)}, {"dep3N100", dep3(100)}, {"tiled", tiled()}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if IsIntegerEmpty(c.s) {
					b.Fatal("empty")
				}
			}
		})
	}
}

func BenchmarkProject(b *testing.B) {
	for _, c := range []struct {
		name string
		s    *System
		keep int
	}{{"dep3", dep3(0), 4}, {"tiled-tiles", tiled(), 3}, {"tiled-src", tiled(), 5}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if len(Project(c.s, c.keep)) == 0 {
					b.Fatal("empty")
				}
			}
		})
	}
}

func BenchmarkLexMin(b *testing.B) {
	for _, c := range []struct {
		name string
		s    *System
	}{{"dep3N100", dep3(100)}, {"tiledN100", func() *System {
		s := tiled()
		s.AddEq([]int64{1, 0, 0, 0, 0, 0, 0, 0, 0, -100})
		return s
	}()}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if r := LexMin(c.s); r.Kind != Bounded {
					b.Fatal(r.Kind)
				}
			}
		})
	}
}

// The benchmark systems are checked once (cheaply) in plain go test.
func TestBenchSystems(t *testing.T) {
	if IsIntegerEmpty(dep3(0)) || IsIntegerEmpty(tiled()) {
		t.Fatal("benchmark system empty")
	}
	r := LexMin(dep3(100))
	if r.Kind != Bounded || !dep3(100).Contains(r.Point) {
		t.Fatalf("LexMin dep3 = %+v", r)
	}
	want := []int64{100, 0, 0, 2, 1, 1, 0}
	for i := range want {
		if r.Point[i] != want[i] {
			t.Fatalf("LexMin dep3 = %v, want %v", r.Point, want)
		}
	}
	ps := Project(tiled(), 3)
	if len(ps) == 0 {
		t.Fatal("Project tiled empty")
	}
}
