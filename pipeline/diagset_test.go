package pipeline

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
)

// TestDiagSet: diagSet.has agrees with slices.Contains on a list that
// grows between the questions.
func TestDiagSet(t *testing.T) {
	var s diagSet
	var diags []Diagnostic
	for k := 0; k < 200; k++ {
		d := Diagnostic{Pos: cfront.Pos{Line: k % 7}, File: "x.c", Severity: "note", Msg: fmt.Sprint(k % 5)}
		if got, want := s.has(diags, d), slices.Contains(diags, d); got != want {
			t.Fatalf("step %d: has %v, Contains %v", k, got, want)
		}
		if k%3 != 0 {
			diags = append(diags, d)
		}
	}
}
