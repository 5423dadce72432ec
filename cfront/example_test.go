package cfront_test

import (
	"fmt"

	"github.com/tessera-opt/tessera/cfront"
)

func Example() {
	src := `#include "k.h"
void k(int n, DATA_TYPE A[N][N]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j += 2)
      A[i][j] = A[i][j] * (DATA_TYPE)2;
#pragma endscop
}
`
	headers := map[string]string{"k.h": "#define DATA_TYPE float\n#define N 100\n"}
	f, err := cfront.ParseFile("k.c", []byte(src), cfront.Config{
		ReadFile: func(path string) ([]byte, error) { return []byte(headers[path]), nil },
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	r := f.Regions[0]
	fmt.Printf("region of %s, bytes [%d,%d)\n", r.Func, r.Start, r.End)
	outer := r.Body[0].(*cfront.For)
	inner := outer.Body.(*cfront.For)
	fmt.Println(outer.Iter, outer.Lower.Format(nil), outer.Bounds[0].Op, outer.Bounds[0].Expr.Format(nil), outer.Step)
	fmt.Println(inner.Iter, inner.Bounds[0].Op, inner.Bounds[0].Expr.Format(nil), inner.Step)
	stmt := inner.Body.(*cfront.ExprStmt)
	fmt.Println(stmt.X.Format(func(name string) (string, bool) {
		switch name {
		case "i":
			return "c0", true
		case "j":
			return "2 * c1", true
		}
		return "", false
	}))
	a := f.Lookup(r, "A")
	fmt.Println(a.Name, a.Elem, a.NDims(), a.Dims[1].Format(nil))
	// Output:
	// region of k, bytes [50,185)
	// i 0 < n 1
	// j <= i 2
	// A[c0][(2 * c1)] = A[c0][(2 * c1)] * (DATA_TYPE)2
	// A float 2 N
}
