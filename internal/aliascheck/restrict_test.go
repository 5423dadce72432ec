package aliascheck

import (
	"regexp"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
)

// TestRestrictQualified reads restrict from declarations: the cases
// name the variable v at the end of the text or before its extents.
func TestRestrictQualified(t *testing.T) {
	cases := []struct {
		decl  string
		param bool
		want  bool
	}{
		{"double *restrict v", true, true},
		{"double *v", true, false},
		{"const double * __restrict__ v", true, true},
		{"double *__restrict v", false, true},
		{"double * restrict * v", true, false},
		{"double *restrict const v", true, true},
		{"double (*restrict v)[8]", true, true},
		{"double v[restrict 8][8]", true, true},
		{"double v[const restrict]", true, true},
		{"double v[8][restrict 8]", true, false},
		{"double v[restrict 8]", false, false},
		{"double *restrict_ v", true, false},
	}
	for _, c := range cases {
		src := "void f(int n, " + c.decl + ", double *w);"
		at := regexp.MustCompile(`\bv\b`).FindStringIndex(src)[0]
		v := &cfront.Var{Name: "v", Pos: cfront.Pos{Offset: at, Line: 1, Col: at + 1}, Scope: cfront.LocalScope}
		if c.param {
			v.Scope = cfront.ParamScope
		}
		if got := restrictQualified([]byte(src), v); got != c.want {
			t.Errorf("%s: restrict %v, want %v", c.decl, got, c.want)
		}
	}
}
