package sys

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The integer programs of the affine scheduler: testdata/scheduler_ilp.txt
// holds the problems (lexmin over x >= 0) that the scheduler's integer
// program solver was asked while scheduling six PolyBench kernels (matrix
// products, stencils, a factorization), with its answers; schedulerLike builds larger ones of the same shape.

type schedProblem struct {
	s       *System
	want    []int64 // nil: no point
	unknown bool    // the scheduler gave up (no recorded answer)
}

func loadSchedProblems(t testing.TB) []schedProblem {
	f, err := os.Open("testdata/scheduler_ilp.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []schedProblem
	var cur *System
	parse := func(s string) []int64 {
		s = strings.Trim(s, "[]")
		var r []int64
		for _, w := range strings.Fields(s) {
			v, err := strconv.ParseInt(w, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			r = append(r, v)
		}
		return r
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "n "):
			if cur != nil {
				out = append(out, schedProblem{s: cur, unknown: true})
			}
			n, _ := strconv.Atoi(line[2:])
			cur = New(n)
			for i := 0; i < n; i++ {
				r := make([]int64, n+1)
				r[i] = 1
				cur.AddIneq(r)
			}
		case strings.HasPrefix(line, "eq "):
			cur.AddEq(parse(line[3:]))
		case strings.HasPrefix(line, "ineq "):
			cur.AddIneq(parse(line[5:]))
		case strings.HasPrefix(line, "result "):
			f := strings.Fields(line[7:])
			var want []int64
			if strings.Contains(line, "true") {
				want = parse(strings.Join(f[:len(f)-2], " "))
			}
			out = append(out, schedProblem{s: cur, want: want})
			cur = nil
		}
	}
	if cur != nil {
		out = append(out, schedProblem{s: cur, unknown: true})
	}
	return out
}

func TestSchedulerProblems(t *testing.T) {
	var total time.Duration
	defer func() { t.Logf("total %v", total) }()
	for k, p := range loadSchedProblems(t) {
		start := cpuNow()
		r := LexMin(p.s)
		el := cpuNow() - start
		total += el
		if p.unknown {
			t.Logf("problem %d (%d vars, %d rows, no recorded answer): %v in %v", k, p.s.NVars, len(p.s.Eq)+len(p.s.Ineq), r.Kind, el)
			if r.Kind == Bounded && !p.s.Contains(r.Point) {
				t.Errorf("problem %d: point outside", k)
			}
			continue
		}
		if p.want == nil {
			if r.Kind != Empty {
				t.Errorf("problem %d: %v, want Empty", k, r)
			}
			continue
		}
		if r.Kind != Bounded || fmt.Sprint(r.Point) != fmt.Sprint(p.want) {
			t.Errorf("problem %d (%d vars): %+v, want %v", k, p.s.NVars, r, p.want)
		}
		if el > 200*time.Millisecond {
			t.Errorf("problem %d: %v of CPU time", k, el)
		}
	}
}

// schedulerLike builds an integer program shaped like the scheduler's
// Farkas systems: nc "schedule coefficient" variables first (0 <= c <= 16),
// then nl Farkas multipliers (0 <= l <= 16), each dependence giving
// equalities sum(coef·c) = sum(mult·l) (+ a constant multiplier), and a
// non-triviality row per statement.
// multCoef bounds the multiplier coefficients of schedulerLike (1: unit
// coefficients, as Farkas multipliers of unit-coefficient rows have).
var multCoef = 1

func schedulerLike(rng *rand.Rand, nc, nl, ndep int) *System {
	n := nc + nl
	s := New(n)
	// A planted point keeps the system non-empty: small coefficients,
	// multipliers anywhere in their box.
	x0 := make([]int64, n)
	for i := range x0 {
		if i < nc {
			x0[i] = int64(rng.Intn(3))
		} else {
			x0[i] = int64(rng.Intn(17))
		}
	}
	x0[1] = 1
	for i := 0; i < n; i++ {
		lo := make([]int64, n+1)
		lo[i] = 1
		s.AddIneq(lo)
		hi := make([]int64, n+1)
		hi[i], hi[n] = -1, 16
		s.AddIneq(hi)
	}
	// Each dependence: 3 equalities tying a few coefficients to a few
	// multipliers of its own.
	per := nl / ndep
	for d := 0; d < ndep; d++ {
		for e := 0; e < 3; e++ {
			r := make([]int64, n+1)
			for k := 0; k < 3; k++ {
				r[rng.Intn(nc)] += int64(rng.Intn(3) - 1)
			}
			for k := 0; k < 3 && per > 0; k++ {
				l := nc + d*per + rng.Intn(per)
				r[l] -= int64(1 + rng.Intn(multCoef))
			}
			r[n] = -evalRow(r, append(x0, 0))
			s.AddEq(r)
		}
		// validity: a combination of coefficients >= 0
		r := make([]int64, n+1)
		for k := 0; k < 4; k++ {
			r[rng.Intn(nc)] += int64(rng.Intn(5) - 2)
		}
		if v := evalRow(r, append(x0, 0)); v < 0 {
			r[n] = -v
		}
		s.AddIneq(r)
	}
	sum := make([]int64, n+1)
	for i := 1; i < nc; i++ {
		sum[i] = 1
	}
	sum[n] = -1
	s.AddIneq(sum)
	return s
}

func TestSchedulerLikeLexMin(t *testing.T) {
	const seed = 31
	rng := rand.New(rand.NewSource(seed))
	var worst time.Duration
	kinds := map[Kind]int{}
	gaveUp := 0
	for it := 0; it < rounds(40); it++ {
		s := schedulerLike(rng, 8+rng.Intn(6), 12+rng.Intn(10), 4+rng.Intn(3))
		start := time.Now()
		var r Result
		if p := catch(func() { r = LexMin(s) }); p != nil {
			if _, ok := p.(*BudgetError); !ok {
				panic(p)
			}
			t.Logf("seed %d it %d: %v (%v)", seed, it, p, time.Since(start))
			gaveUp++
			continue
		}
		el := time.Since(start)
		worst = max(worst, el)
		kinds[r.Kind]++
		switch r.Kind {
		case Bounded:
			if !s.Contains(r.Point) {
				t.Fatalf("seed %d it %d: point %v outside", seed, it, r.Point)
			}
			// No point below it in the first coordinates it differs on:
			// checked against the rational bound of each prefix.
			u := s.Clone()
			for i, v := range r.Point {
				row := make([]int64, s.NVars+1)
				row[i], row[s.NVars] = -1, v-1
				w := u.Clone()
				w.AddIneq(row)
				if pt, ok := Sample(w); ok {
					t.Fatalf("seed %d it %d: %v has a point %v lexicographically smaller than %v", seed, it, w, pt, r.Point)
				}
				row[i], row[s.NVars] = 1, -v
				u.AddEq(row)
			}
		case Empty:
			if pt, ok := Sample(s); ok {
				t.Fatalf("seed %d it %d: empty but sample %v", seed, it, pt)
			}
		default:
			t.Fatalf("seed %d it %d: %v", seed, it, r.Kind)
		}
	}
	t.Logf("worst LexMin %v, kinds %v, %d over the budget", worst, kinds, gaveUp)
	if gaveUp*100 > rounds(40) {
		t.Errorf("%d of %d over the budget", gaveUp, rounds(40))
	}
}

// BenchmarkLexMinScheduler: 30-variable scheduler-like programs (10
// coefficients, 20 multipliers, 6 dependences; 0 <= x <= 16), and the
// recorded scheduler problems, with the simplex path and with the
// Omega-test search it replaced (the search mostly exceeds its budget on
// the 30-variable ones: then the sub-benchmark is skipped).
func BenchmarkLexMinScheduler(b *testing.B) {
	rng := rand.New(rand.NewSource(31))
	var sys []*System
	for len(sys) < 10 {
		sys = append(sys, schedulerLike(rng, 10, 20, 6))
	}
	b.Run("30vars-simplex", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			LexMin(sys[i%len(sys)])
		}
	})
	b.Run("30vars-search", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if r := catch(func() { lexOptSearch(sys[i%len(sys)], false, newBudget("LexMin")) }); r != nil {
				b.Skipf("the search fails: %v", r)
			}
		}
	})
	probs := loadSchedProblems(b)
	b.Run("recorded-simplex", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			LexMin(probs[i%len(probs)].s)
		}
	})
	b.Run("recorded-search", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if r := catch(func() { lexOptSearch(probs[i%len(probs)].s, false, newBudget("LexMin")) }); r != nil {
				b.Skipf("the search fails: %v", r)
			}
		}
	})
}
