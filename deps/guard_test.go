package deps

import (
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

// TestCheckHugeCoefficients: a schedule whose check needs values near
// 2^63 (divisions by 2^63-2) is decided exactly: not legal, with a pair of
// S0 instances that the schedule runs in the wrong order. (The engine
// overflowed int64 here until its simplex continued in math/big;
// cancelpair_test covers a witness that is an engine error.)
func TestCheckHugeCoefficients(t *testing.T) {
	_, d := computeCached(t, "testdata/reverse.c", Config{})
	sched := presburger.MustParseUnionMap("[n] -> { S0[i] -> [0, floor((9223372036854775807 i + n)/9223372036854775806)]; S1[i] -> [1, 3 i] }")
	ok, w := CheckContext(sched, d, nil)
	if ok || w == nil || w.Err != nil || len(w.Params) != 1 || len(w.Source) != 1 || len(w.Target) != 1 ||
		!strings.Contains(w.String(), "from S0[") || !strings.Contains(w.String(), "to S0[") {
		t.Fatalf("CheckContext = %v, %v; want not legal with a pair of S0 instances", ok, w)
	}
	// The time floor((M i + n)/(M - 1)), M = MaxInt64, of S0[i].
	time := func(i int64) *big.Int {
		v := new(big.Int).Mul(big.NewInt(math.MaxInt64), big.NewInt(i))
		v.Add(v, big.NewInt(w.Params[0]))
		return v.Div(v, big.NewInt(math.MaxInt64-1)) // Euclidean: the floor
	}
	if time(w.Source[0]).Cmp(time(w.Target[0])) < 0 {
		t.Fatalf("witness %v: the schedule runs the source first", w)
	}
	t.Logf("witness: %v", w)
}

// TestCheckBugPanics: a programmer error inside the check (a schedule
// whose tuple does not match the statement's, so that the engine panics
// on the space mismatch) goes on as a panic: the check must not turn a
// bug into "illegal".
func TestCheckBugPanics(t *testing.T) {
	_, d := computeCached(t, "testdata/reverse.c", Config{})
	sched := presburger.MustParseUnionMap("[n] -> { S0[i, j] -> [0, i]; S1[i, j] -> [1, i] }")
	defer func() {
		r := recover()
		if msg, _ := r.(string); !strings.HasPrefix(msg, "presburger: ") {
			t.Fatalf("panic %v, want the engine's space mismatch", r)
		}
	}()
	ok, w := CheckContext(sched, d, nil)
	t.Fatalf("CheckContext returned %v, %v instead of panicking", ok, w)
}
