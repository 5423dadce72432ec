package vector

import (
	"testing"

	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

func accessOf(t *testing.T, rel string) *scop.Access {
	t.Helper()
	m, err := presburger.ParseMap(rel)
	if err != nil {
		t.Fatal(err)
	}
	return &scop.Access{Rel: m}
}

// TestDisjointAccessesHugeCoefficients: accesses whose coefficients are
// near the int64 range are decided exactly (the engine continues in
// arbitrary precision where int64 overflows), and should an engine error
// come back instead, it counts as "may touch" without a panic.
func TestDisjointAccessesHugeCoefficients(t *testing.T) {
	a := accessOf(t, "[n] -> { S[i] -> A[i] : 0 <= i < n }")
	b := accessOf(t, "[n] -> { S[i] -> A[i + n] : 0 <= i < n }")
	if !disjointAccesses(a, b) {
		t.Fatal("A[i] and A[i + n] over 0 <= i < n touch the same element")
	}
	// For n >= 1 and 0 <= i < n, c's subscript is at least 0 and d's at
	// most 1 - (M - 1) < 0 (M = 2^63 - 1): they never meet.
	c := accessOf(t, "[n] -> { S[i] -> A[9223372036854775807 i + 9223372036854775806 n] : 0 <= i < n }")
	d := accessOf(t, "[n] -> { S[i] -> A[-9223372036854775807 i - 9223372036854775806 n + 1] : 0 <= i < n }")
	var err error
	func() {
		defer presburger.Recover(&err)
		c.Rel.Intersect(d.Rel).IsEmpty()
	}()
	var ok bool
	r := func() (r any) {
		defer func() { r = recover() }()
		ok = disjointAccesses(c, d)
		return nil
	}()
	switch {
	case r != nil:
		t.Fatalf("disjointAccesses panicked: %v", r)
	case err == nil && !ok:
		t.Fatal("the engine decides the huge accesses, yet disjointAccesses says they may touch")
	case err != nil && ok:
		t.Fatalf("engine error %v, yet disjointAccesses says disjoint", err)
	}
}

// TestDisjointAccessesBugPanics: a programmer error (accesses of two
// different statements, whose relations the engine refuses to
// intersect) goes on as a panic instead of answering "may touch".
func TestDisjointAccessesBugPanics(t *testing.T) {
	a := accessOf(t, "[n] -> { S[i] -> A[i] : 0 <= i < n }")
	b := accessOf(t, "[n] -> { T[i, j] -> A[i] : 0 <= i < n }")
	defer func() {
		if r := recover(); r == nil {
			t.Fatal("no panic")
		} else if _, isEngine := presburger.AsError(r); isEngine {
			t.Fatalf("panic %v is an engine error, want the space mismatch", r)
		}
	}()
	disjointAccesses(a, b)
}
