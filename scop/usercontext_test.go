package scop

import (
	"slices"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/presburger"
)

// TestUserContextOtherParams: a user context applies to the whole file, so
// it may name parameters a region does not have; the region's context is
// then its projection onto the region's parameters, in the region's
// parameter space (the later stages expect exactly those parameters).
func TestUserContextOtherParams(t *testing.T) {
	src := "void f(int n, double B[n])\n{\n#pragma scop\nfor (int i = 0; i < n; i++)\n  B[i] = 0;\n#pragma endscop\n}\n"
	f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ ctx, want string }{
		{"[m] -> { : m >= 16 }", "[n] -> { : n >= 0 }"},
		{"[n, m] -> { : n >= m and m >= 16 }", "[n] -> { : n >= 16 }"},
		{"[m, n] -> { : n = 2m }", "[n] -> { : n >= 0 and n mod 2 = 0 }"},
	}
	for _, c := range cases {
		s, err := FromRegion(f, f.Regions[0], Config{File: "t.c", Context: c.ctx})
		if err != nil {
			t.Errorf("context %s: %v", c.ctx, err)
			continue
		}
		if !slices.Equal(s.Context.Space().Params(), s.Params) {
			t.Errorf("context %s: context params %v, region params %v", c.ctx, s.Context.Space().Params(), s.Params)
		}
		if want := presburger.MustParseSet(c.want); !s.Context.IsEqual(want) {
			t.Errorf("context %s: got %s, want %s", c.ctx, s.Context, want)
		}
	}
}
