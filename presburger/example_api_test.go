package presburger_test

import (
	"fmt"

	"github.com/tessera-opt/tessera/presburger"
)

// The iteration domain of a triangular loop nest
//
//	for (i = 0; i < n; i++)
//	  for (j = 0; j <= i; j++)
//	    S(i, j);
//
// and a schedule that interchanges the two loops, in isl notation. The
// image of the domain under the schedule is the set of time stamps at which
// S runs.
func Example() {
	dom := presburger.MustParseSet("[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }")
	sched := presburger.MustParseMap("[n] -> { S[i, j] -> [j, i] }")

	fmt.Println(sched.IntersectDomain(dom))
	fmt.Println(dom.Apply(sched).Coalesce())
	// Output:
	// [n] -> { S[i, j] -> [j, i] : 0 <= i < n and 0 <= j <= i }
	// [n] -> { [i0, i1] : i0 >= 0 and i0 <= i1 < n }
}

// Parse errors give the line and column of the offending token.
func ExampleParseSet() {
	s, err := presburger.ParseSet("{ S[i] : 0 <= i < 10 }")
	fmt.Println(s, err)

	_, err = presburger.ParseSet("{ S[i] : 0 <= i < n }")
	fmt.Println(err)
	// Output:
	// { S[i] : 0 <= i <= 9 } <nil>
	// 1:19: unknown identifier 'n' (declare parameters as in "[n] -> { ... }")
}

func ExampleSet_Intersect() {
	a := presburger.MustParseSet("{ [i] : 0 <= i <= 10 }")
	b := presburger.MustParseSet("{ [i] : 5 <= i <= 20 }")

	fmt.Println(a.Intersect(b))
	fmt.Println(a.Subtract(b))
	fmt.Println(a.Union(b))
	// Output:
	// { [i] : 5 <= i <= 10 }
	// { [i] : 0 <= i <= 4 }
	// { [i] : 0 <= i <= 10 or 5 <= i <= 20 }
}

// The elements of array A that the statement S[i, j] reads through the
// access A[i + j], for the points of a triangle.
func ExampleSet_Apply() {
	dom := presburger.MustParseSet("{ S[i, j] : 0 <= i <= 3 and 0 <= j <= i }")
	access := presburger.MustParseMap("{ S[i, j] -> A[i + j] }")

	fmt.Println(dom.Apply(access))
	// Output:
	// { A[i0] : 0 <= i0 <= 6 }
}

// Composing the write access of S with the inverse of the read access of T
// relates each instance of S to the instances of T that read what it
// wrote: a flow dependence.
func ExampleMap_ApplyRange() {
	write := presburger.MustParseMap("{ S[i] -> A[2i] : 0 <= i < 10 }")
	read := presburger.MustParseMap("{ T[j] -> A[j] : 0 <= j < 20 }")

	dep := write.ApplyRange(read.Reverse())
	fmt.Println(dep)
	fmt.Println(dep.Range())
	// Output:
	// { S[i] -> T[2i] : 0 <= i <= 9 }
	// { T[j] : 0 <= j <= 18 and j mod 2 = 0 }
}

// The first and the last iteration of a parametric loop nest, for every
// value of n for which the nest runs at all.
func ExampleSet_LexMin() {
	dom := presburger.MustParseSet("[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }")

	fmt.Println(dom.LexMin())
	fmt.Println(dom.LexMax())
	// Output:
	// [n] -> { S[0, 0] : n > 0 }
	// [n] -> { S[n - 1, n - 1] : n > 0 }
}

// For every i, the next j after i in the relation (isl_map_lexmin).
func ExampleMap_LexMin() {
	later := presburger.MustParseMap("[n] -> { S[i] -> S[j] : 0 <= i < j < n }")

	fmt.Println(later.LexMin())
	// Output:
	// [n] -> { S[i] -> S[i + 1] : 0 <= i <= n - 2 }
}

// Projecting out the inner dimension of a triangle leaves the range of
// the outer loop; projecting out a parameter leaves the points for some
// value of it.
func ExampleSet_ProjectOut() {
	dom := presburger.MustParseSet("[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }")

	fmt.Println(dom.ProjectOut(presburger.SetDim, 1, 1))
	fmt.Println(dom.ProjectOut(presburger.Param, 0, 1))
	// Output:
	// [n] -> { S[i] : 0 <= i < n }
	// { S[i, j] : i >= 0 and 0 <= j <= i }
}

// The parameter values for which a set has points.
func ExampleSet_Params() {
	dom := presburger.MustParseSet("[n, m] -> { S[i] : 0 <= i < n and i < m }")

	fmt.Println(dom.Params())
	// Output:
	// [n, m] -> { : n > 0 and m > 0 }
}

// Emptiness is decided over the integers: the first set has rational
// points but no integer point, and no integer is both 3 mod 4 and 2 mod 6.
func ExampleSet_IsEmpty() {
	band := presburger.MustParseSet("{ [i, j] : 1 <= 3i - 3j <= 2 }")
	mods := presburger.MustParseSet("{ [i] : 0 <= i <= 100 and i mod 4 = 3 and i mod 6 = 2 }")
	tri := presburger.MustParseSet("[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }")

	fmt.Println(band.IsEmpty())
	fmt.Println(mods.IsEmpty())
	fmt.Println(tri.Intersect(presburger.MustParseSet("[n] -> { S[i, j] : j > i }")).IsEmpty())
	fmt.Println(tri.IsSubset(presburger.MustParseSet("[n] -> { S[i, j] : i >= j }")))
	// Output:
	// true
	// true
	// true
	// true
}

func ExampleSet_Coalesce() {
	s := presburger.MustParseSet("{ [i] : 0 <= i <= 4; [i] : 5 <= i <= 9; [i] : 20 <= i <= 29 }")

	fmt.Println(s.NParts(), s)
	c := s.Coalesce()
	fmt.Println(c.NParts(), c)
	// Output:
	// 3 { [i] : 0 <= i <= 4 or 5 <= i <= 9 or 20 <= i <= 29 }
	// 2 { [i] : 0 <= i <= 9 or 20 <= i <= 29 }
}

// Card counts in int64; Count is exact whatever the size.
func ExampleSet_Count() {
	tri := presburger.MustParseSet("{ [i, j] : 0 <= i < 4 and 0 <= j <= i }")
	fmt.Println(tri.Card())

	cube := presburger.MustParseSet("{ [i, j, k] : 0 <= i, j, k < 3000000 }")
	fmt.Println(cube.Count())
	_, err := cube.Card()
	fmt.Println(err)
	// Output:
	// 10 <nil>
	// 27000000000000000000 <nil>
	// presburger: overflow: Card: the count 27000000000000000000 exceeds int64
}

// The number of points of a parametric set is a piecewise quasi-polynomial
// in the parameters.
func ExampleSet_CardPw() {
	tri := presburger.MustParseSet("[n] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }")
	f, err := tri.CardPw()
	if err != nil {
		panic(err)
	}
	fmt.Println(f)
	fmt.Println(f.Eval([]int64{100}).RatString())

	even := presburger.MustParseSet("[n] -> { [i] : 0 <= i < n and i mod 2 = 0 }")
	g, err := even.CardPw()
	if err != nil {
		panic(err)
	}
	fmt.Println(g)
	fmt.Println(g.Eval([]int64{7}).RatString(), g.Eval([]int64{-3}).RatString())
	// Output:
	// [n] -> { (1/2 * n + 1/2 * n^2) : n > 0 }
	// 5050
	// [n] -> { floor((1 + n)/2) : n > 0 }
	// 4 0
}

// A union set holds sets of different spaces, here the domains of two
// statements.
func ExampleParseUnionSet() {
	u, err := presburger.ParseUnionSet("[n] -> { S[i] : 0 <= i < n; T[i, j] : 0 <= i, j < n }")
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	// Output:
	// [n] -> { S[i] : 0 <= i < n; T[i, j] : 0 <= i < n and 0 <= j < n }
}
