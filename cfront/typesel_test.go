package cfront

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRealWorldTypeSelect: an element type chosen in a header by
// "#if !defined(...)" defaults and #ifdef switches resolves to the
// default, or to the one a predefined macro selects, and the cast
// "(ELEM)i" parses as a cast in both cases.
func TestRealWorldTypeSelect(t *testing.T) {
	path := filepath.Join("testdata", "realworld", "typesel.c")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		defines map[string]string
		want    string
	}{
		{nil, "double"},
		{map[string]string{"TYPE_IS_FLOAT": ""}, "float"},
		{map[string]string{"TYPE_IS_INT": ""}, "int"},
	} {
		f, err := ParseFile(path, src, Config{Defines: tc.defines})
		if err != nil {
			t.Errorf("%v: %v", tc.defines, err)
			continue
		}
		if len(f.Regions) != 1 {
			t.Errorf("%v: %d regions", tc.defines, len(f.Regions))
			continue
		}
		v := f.Lookup(f.Regions[0], "v")
		if v == nil || v.Elem != tc.want || len(v.Dims) != 1 {
			t.Errorf("%v: v = %+v, want elem %s", tc.defines, v, tc.want)
		}
		got := FormatStmt(f.Regions[0].Body[0], "", " ", nil)
		want := "for (i = 0; i < _LEN_P; i++)\n v[i] = (ELEM)i * s + LIT(0.5);\n"
		if got != want {
			t.Errorf("%v: body %q, want %q", tc.defines, got, want)
		}
		var sawCast bool
		Walk(f.Regions[0].Body[0], func(n Node) bool {
			if _, ok := n.(*Cast); ok {
				sawCast = true
			}
			return true
		})
		if !sawCast {
			t.Errorf("%v: (ELEM)i not parsed as a cast", tc.defines)
		}
	}
}
