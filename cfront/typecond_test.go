package cfront

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTypeCond checks the preprocessor condition recorded for a type
// macro defined under #ifdef chains (PolyBench's DATA_TYPE), with include
// guards left out, through #elif/#else, and through a typedef.
func TestTypeCond(t *testing.T) {
	dir := t.TempDir()
	header := `#ifndef _K_H
# define _K_H
# if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && !defined(DATA_TYPE_IS_DOUBLE)
#  define DATA_TYPE_IS_DOUBLE
# endif
#ifdef DATA_TYPE_IS_INT
#  define DATA_TYPE int
#endif
#ifdef DATA_TYPE_IS_FLOAT
#  define DATA_TYPE float
#endif
#ifdef DATA_TYPE_IS_DOUBLE
#  define DATA_TYPE double
#endif
#if defined(USE_SINGLE) /* comment */
# define REAL float
#elif LEVEL > 2
# define REAL long double
#else
# define REAL double
#endif
#define PLAIN double
typedef DATA_TYPE elem_t;
#endif /* !_K_H */
`
	if err := os.WriteFile(filepath.Join(dir, "k.h"), []byte(header), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "#include \"k.h\"\nint main(void) { return 0; }\n"
	f, err := ParseFile(filepath.Join(dir, "k.c"), []byte(src), Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ typ, want string }{
		{"DATA_TYPE", "(defined(DATA_TYPE_IS_DOUBLE))"},
		{"const DATA_TYPE", "(defined(DATA_TYPE_IS_DOUBLE))"},
		{"elem_t", "(defined(DATA_TYPE_IS_DOUBLE))"},
		{"REAL", "!(defined(USE_SINGLE)) && !(LEVEL > 2)"},
		{"PLAIN", ""},
		{"double", ""},
		{"_K_H", ""},
	} {
		if got := f.TypeCond(tc.typ); got != tc.want {
			t.Errorf("TypeCond(%q) = %q, want %q", tc.typ, got, tc.want)
		}
	}
	if got, ok := f.ResolveType("DATA_TYPE"); !ok || got != "double" {
		t.Errorf("ResolveType(DATA_TYPE) = %q, %v", got, ok)
	}
}
