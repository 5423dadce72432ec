package cfront

import "testing"

// TestIndexedLookups: FuncOf and the globals of Lookup, answered from
// indexes, agree with a linear search at every offset and for every name
// (the last declaration of a global wins).
func TestIndexedLookups(t *testing.T) {
	src := `int a, b[10];
static double c;
void f(int n) {
  int i;
  for (i = 0; i < n; i++)
    b[i] = a;
}
int a;
float d;
void g(void) { c = d; }
int h(int x) { return x + a; }
`
	f, err := ParseFile("x.c", []byte(src), Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Funcs) != 3 {
		t.Fatalf("%d functions", len(f.Funcs))
	}
	for off := 0; off <= len(src); off++ {
		var want *Func
		for _, fn := range f.Funcs {
			if off >= fn.BodyStart && off < fn.BodyEnd {
				want = fn
			}
		}
		if got := f.FuncOf(off); got != want {
			t.Errorf("FuncOf(%d) = %v, want %v", off, got, want)
		}
	}
	for _, name := range []string{"a", "b", "c", "d", "e", "f"} {
		var want *Var
		for _, v := range f.Globals {
			if v.Name == name {
				want = v
			}
		}
		if got := f.Lookup(nil, name); got != want {
			t.Errorf("Lookup(%s) = %+v, want %+v", name, got, want)
		}
	}
	if v := f.Lookup(nil, "a"); v == nil || v.Pos.Line != 8 {
		t.Errorf("a: %+v, want the declaration of line 8", v)
	}
}
