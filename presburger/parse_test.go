package presburger

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// oracleCases are inputs checked point by point against the syntax-tree
// oracle (parse_oracle_test.go), before and after a print/parse round
// trip. Their existential witnesses lie within the oracle's search range
// for the test points.
var oracleCases = []string{
	"[n, m] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }",
	"{ S[i] -> [i, 0] }",
	"{ [i] -> [o] : o = i + 1 }",
	"{ S1[i] : 0 <= i < 3; S2[i, j] : i = j }",
	"{ [i] : i mod 2 = 0 and -4 <= i <= 4 }",
	"{ [i] : i % 3 = 1 }",
	"{ [i] : exists (e0 = floor((i)/2): 2e0 = i) }",
	"{ [i, i] }",
	"{ [2i] : 0 <= i < 3 }",
	"{ S[0, i] : i >= -1 }",
	"{ [i] : i != 3 }",
	"{ [i] -> [min(i, 2)] }",
	"{ [i, j] -> [max(i, j, 1)] }",
	"{ [i] : min(i, 3) >= max(-i, 0) }",
	"{ [[i] -> [j]] -> [k] : k = i + j }",
	"{ A[i] -> [B[j] -> C[k]] : i = j + k }",
	"{ [i] : not (0 <= i <= 5) }",
	"{ [i] : not (i >= 2 and i <= 4) or i = 3 }",
	"{ [i] : i >= 0 implies i <= 2 }",
	"{ [i] : true }",
	"{ [i] : false }",
	"[n] -> { : n > 0 }",
	"[n] -> { : }",
	"{ [i, j] : 3j >= 2i + 1 and j <= floor((i + 7)/3) }",
	"{ [i] : (i + 1) mod 3 = 2 }",
	"{ [i, j] : i = 2j + 1 and 0 <= j < 3 }",
	"[n] -> { [i] : exists e : i = 3e and 0 <= e < n }",
	"{ [i] : exists (a, b : i = 2a + 3b and 0 <= a <= 2 and 0 <= b <= 1) }",
	"{ [i, j] : i + j <= 4 and i - j >= 3 }",
	"{ [i] : ceil(i/3) = 1 }",
	"{ [i] : [i/2] = 1 }",
	"{ [i] : i // 2 = -1 }",
	"{ [i] : floord(i, 2) = ceild(i, 2) }",
	"{ [i] : 2i mod 4 = 2 }",
	"{ [i] : 2 * i = 4 or 3*i >= 9 }",
	"{ [i] : (i) * 2 + (i - 1) * -1 >= 0 }",
	"{ [i] : i/2 >= 1 }",
	"{ [i] -> [i/2] }",
	"{ [i] : 0 <= i, 1 - i <= 3 }",
	"{ [i, j] : [i, j] << [1, 1] }",
	"{ [i, j] : [i, j] >>= [0, 2] }",
	"{ [i, j] : i, j <<= 1, 0 }",
	"{ [i] : 0 <= i <= 6 and not (exists e : i = 3e) }",
	"{ [i, j] : 0 <= i, j <= 4 and not exists (k : i = 2k + j) }",
	"{ [i] : (exists e : i = 2e) implies i >= 4 }",
	"{ [i] : ((i >= 0)) and (i + 1) * 2 <= 8 }",
	"{ [i] : -(-i) >= 2^2 - 5 }",
	"{ [i] : i >= 0 && i <= 3 || !(i > -2) }",
	"{ [x, y] -> [x + y, x - y] : -1 <= x, y <= 1 }",
	"[n] -> { [i] -> [n - i] }",
	"{ [i] : exists (e0 = [(i + 1)/2], e1: e1 = i - 2e0 and e1 >= 0) }",
	"{ [i] : 3 > i > -3 >= -i - 5 }",
	"{ S[i] -> S[i + 1] : 0 <= i <= 3; S[i] -> T[] : i = 4 }",
	"{ [i] : 6 // 4 <= i <= 7 // 2 }",
	"{ [i] : i mod 2 + i mod 3 = 1 }",
	"{ [i] : floor(floor(i/2)/2) = 1 }",
	"{ [i] -> [o] : 3o <= i <= 3o + 2 }",
	"{ [i, j] : 2j <= i + 1 <= 2j + 1 and j >= 0 }",
	"{ [i] -> [a, b] : 4a <= i <= 4a + 3 and 2b <= a <= 2b + 1 }",
	"[n] -> { [i] -> [a] : 2a <= i + n <= 2a + 1 and a > n }",
	"{ [i] -> [floor(i/4), i mod 4, floor(i/2) mod 2] }",
	"{ [i, j = 2i + 1] : 0 <= i <= 2 and j < 5 }",
	"{ [i] -> [(i)] : i >= 0; [i] -> [(-i)] : i < 0 }",
	"{ [i] -> [o = i mod 3] }",
	"[n] -> { [i] : 0 <= i < 6 and not exists (e : i = n + 2e) }",
	"[n] -> { [i] : exists (f : f = i + 1 and not exists (e : f = 2e + n and e >= 0)) }",
	"{ [i, j] : not (exists (e : i = 3e) or j > 1) }",
}

// testBox calls f with every parameter valuation in {-1, 2} and point of
// the given arity in [-r, r].
func testBox(np, nd int, r int64, f func(pv, pt []int64)) {
	pv := make([]int64, np)
	pt := make([]int64, nd)
	var recP, recD func(k int)
	recD = func(k int) {
		if k == nd {
			f(pv, pt)
			return
		}
		for v := -r; v <= r; v++ {
			pt[k] = v
			recD(k + 1)
		}
	}
	recP = func(k int) {
		if k == np {
			recD(0)
			return
		}
		for _, v := range []int64{-1, 2} {
			pv[k] = v
			recP(k + 1)
		}
	}
	recP(0)
}

// checkAgainstOracle compares u with the syntax tree of src on box points.
func checkAgainstOracle(t *testing.T, src string, u UnionMap) {
	t.Helper()
	r, err := newIslReader(src)
	if err != nil {
		t.Fatal(err)
	}
	o := r.readObject()
	var params []string
	for _, p := range o.params {
		params = append(params, p.name)
	}
	// The spaces to check: those of the pieces.
	for _, m := range u.Maps() {
		sp := m.Space()
		nd := sp.Dim(In) + sp.Dim(Out)
		mp := m.AlignParams(params)
		testBox(len(params), nd, 3, func(pv, pt []int64) {
			want := false
			for _, p := range o.pieces {
				lp := lowerPiece(p, params, false)
				if lp.space.TuplesEqual(sp) && oracleContains(p, params, pv, pt) {
					want = true
					break
				}
			}
			full := append(append([]int64{}, pv...), pt...)
			if got := mp.Contains(full); got != want {
				t.Fatalf("%s: space %v: params %v point %v: parsed object says %v, oracle says %v\nobject: %v",
					src, sp, pv, pt, got, want, u)
			}
		})
	}
}

func TestParseOracle(t *testing.T) {
	for _, src := range oracleCases {
		u, _, err := ParseUnion(src)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		checkAgainstOracle(t, src, u)
	}
}

// unionEqual compares two union maps space by space.
func unionEqual(a, b UnionMap) bool {
	if len(a.maps) != len(b.maps) {
		// Empty maps are not kept; still compare by emptiness.
		for _, m := range a.maps {
			if o, ok := b.MapOf(m.space); !ok && !m.IsEmpty() || ok && !o.IsEqual(m) {
				return false
			}
		}
		for _, m := range b.maps {
			if o, ok := a.MapOf(m.space); !ok && !m.IsEmpty() || ok && !o.IsEqual(m) {
				return false
			}
		}
		return true
	}
	for i, m := range a.maps {
		if !m.space.TuplesEqual(b.maps[i].space) || !m.IsEqual(b.maps[i]) {
			return false
		}
	}
	return true
}

func TestParsePrintRoundTrip(t *testing.T) {
	for _, src := range oracleCases {
		u, _, err := ParseUnion(src)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		text := u.String()
		v, _, err := ParseUnion(text)
		if err != nil {
			t.Errorf("%s: printed as %q which does not parse: %v", src, text, err)
			continue
		}
		if !unionEqual(u, v) {
			t.Errorf("%s: printed as %q which parses to a different object %v", src, text, v)
		}
		if again := v.String(); again != text {
			t.Errorf("%s: printing is not stable: %q then %q", src, text, again)
		}
	}
}

// TestPrintTable pins the printed form of typical objects.
func TestPrintTable(t *testing.T) {
	cases := []struct{ in, out string }{
		{"[n, m] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }", "[n, m] -> { S[i, j] : 0 <= i < n and 0 <= j <= i }"},
		{"{ S[i] -> [i, 0] }", "{ S[i] -> [i, 0] }"},
		{"{ [i] -> [o] : o = i + 1 }", "{ [i] -> [i + 1] }"},
		{"{ S1[i] : 0 <= i < 10; S2[i, j] : i = j }", "{ S1[i] : 0 <= i <= 9; S2[i, i] }"},
		{"{ [i] : exists (e0 = floor((i)/2): 2e0 = i) }", "{ [i] : i mod 2 = 0 }"},
		{"{ [i] : (i + 1) mod 3 = 2 }", "{ [i] : (i + 1) mod 3 = 2 }"},
		{"{ [i] : i != 3 }", "{ [i] : i <= 2 or i >= 4 }"},
		{"{ [i] -> [min(i, 10)] }", "{ [i] -> [i] : i <= 10; [i] -> [10] : i >= 11 }"},
		{"{ [[i] -> [j]] -> [k] : k = i + j }", "{ [[i] -> [j]] -> [i + j] }"},
		{"[n] -> { : n > 0 }", "[n] -> { : n > 0 }"},
		{"[n] -> { [i] : exists e : i = 3e and 0 <= e < n }", "[n] -> { [i] : 0 <= i <= 3n - 3 and i mod 3 = 0 }"},
		{"{ S[i] : false }", "{  }"},
		{"{ [i] : i >= 1 }", "{ [i] : i > 0 }"},
		{"[n] -> { [i] : i <= n - 1 }", "[n] -> { [i] : i < n }"},
		{"{ [i, j] : i + j <= 10 }", "{ [i, j] : j <= 10 - i }"},
		{"{ [i] : 2i >= 3 }", "{ [i] : i >= 2 }"},
		{"{ A[i] : i = 5 }", "{ A[5] }"},
		{"{ : false }", "{  }"},
		{"{ [i] : 0 <= i <= 3 and 2 * floor(i / 2) < i }", "{ [i] : 0 <= i <= 3 and i mod 2 > 0 }"},
	}
	for _, c := range cases {
		u, _, err := ParseUnion(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		got := u.String()
		if got != c.out {
			t.Errorf("%s\n  printed %s\n     want %s", c.in, got, c.out)
		}
	}
}

func TestPrintEmpty(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"{ S[i] : false }", "{ S[i] : false }"},
		{"[n] -> { : 1 = 0 }", "[n] -> { : false }"},
		{"{ [i] -> A[j, k] : i < 0 and i > 0 }", "{ [i] -> A[j, k] : false }"},
	} {
		var got string
		if m, err := ParseMap(c.in); err == nil {
			got = m.String()
		} else {
			got = MustParseSet(c.in).String()
		}
		if got != c.out {
			t.Errorf("%s printed %s, want %s", c.in, got, c.out)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"{ [i] : q >= 0 }", "1:9: unknown identifier 'q'"},
		{"{ [i] : i * i >= 0 }", "1:11: non-affine expression: product of two non-constant terms"},
		{"{ [i, j] : i >= 0 and\n  j * i <= 3 }", "2:5: non-affine"},
		{"{ [i : 0 <= i] }", "1:6: expected ']' after tuple"},
		{"{ [i] : i >= }", "1:14: expected an expression"},
		{"{ [i] : i }", "1:11: expected a comparison operator"},
		{"[n] -> { [i] : i mod n = 0 }", "1:18: the modulus of 'mod' must be an integer constant"},
		{"{ [i] : i mod 0 = 0 }", "must be positive"},
		{"{ [i] : i / 0 = 0 }", "division by zero"},
		{"{ [i] : i / i = 0 }", "division by a non-constant"},
		{"[n -> { [i] }", "1:4: expected ']' after parameter list"},
		{"{ [i] ", "1:7: expected ';' or '}'"},
		{"{ [i] } x", "1:9: unexpected 'x'"},
		{"{ [i] : i >= 99999999999999999999 }", "does not fit in 64 bits"},
		{"{ [i] : i >= 9223372036854775807 + 9223372036854775807 }", "integer overflow"},
		{"{ [i] : exists (e: i = 2e }", "1:27: expected ')' to close 'exists ('"},
		{"{ [i] : i @ 2 }", "1:11: unexpected character '@'"},
		{"{ [i] -> }", "expected a tuple after '->'"},
		{"{ [i] : [i, 1] << [2] }", "lexicographic comparison of lists of different lengths"},
		{"[n, n] -> { [i] }", "parameter 'n' declared twice"},
		{"{ S[i]; T[i, j] }", "1:9: element of space"},
		{"{ [i] -> [j] }", "expected a set, found a map element"},
	}
	for _, c := range cases {
		_, err := ParseSet(c.in)
		if err == nil {
			t.Errorf("%q: no error, want %q", c.in, c.want)
			continue
		}
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %v is not a *ParseError", c.in, err)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q, want it to contain %q", c.in, err, c.want)
		}
	}
}

func TestParseKinds(t *testing.T) {
	if _, err := ParseUnionSet("{ S[i] -> T[i] }"); err == nil || !strings.Contains(err.Error(), "expected a set") {
		t.Errorf("ParseUnionSet of a map: %v", err)
	}
	if _, err := ParseUnionMap("{ S[i] }"); err == nil || !strings.Contains(err.Error(), "expected a map") {
		t.Errorf("ParseUnionMap of a set: %v", err)
	}
	if _, _, err := ParseUnion("{ S[i]; S[i] -> T[] }"); err == nil {
		t.Errorf("ParseUnion of a mix: no error")
	}
	u := MustParseUnionSet("[n] -> { S1[i] : 0 <= i < n; S2[i, j] : 0 <= i, j < n; S1[i] : i = n }")
	if u.NSets() != 2 {
		t.Errorf("union of S1, S2, S1: %d sets, want 2: %v", u.NSets(), u)
	}
	if got := MustParseUnionMap("[n] -> {  }").Params(); len(got) != 1 || got[0] != "n" {
		t.Errorf("declared parameters lost: %v", got)
	}
	b, err := ParseBasicSet("{ [i] : i = 0 or i = 1 }")
	if err == nil {
		t.Errorf("ParseBasicSet of a union: %v", b)
	}
	if b := MustParseBasicMap("{ [i] -> [j] : j = 2i }"); b.NLocal() != 0 {
		t.Errorf("basic map has locals: %v", b)
	}
}

// TestParseExpressions checks isl's expression quirks one by one on a
// single point.
func TestParseExpressions(t *testing.T) {
	cases := []struct {
		expr string
		i    int64
		want int64
	}{
		{"2i mod 4", 3, 6},   // 2*(i mod 4): the coefficient takes the whole factor
		{"2*i mod 4", 3, 6},  // same
		{"(2i) mod 4", 3, 2}, // (6) mod 4
		{"i mod 4 + 1", 5, 2},
		{"-i mod 3", 1, -1},
		{"i // 2", -3, -2},
		{"7 // 2", 0, 3},
		{"floor(i/2) + ceil(i/2)", 3, 3},
		{"0 + [i/3]", -1, -1},
		{"min(i, 2, -i)", 3, -3},
		{"max(i, 2)", 3, 3},
		{"2^3 - i", 1, 7},
		{"3*2*i", 1, 6},
		{"2(i + 1)", 1, 4},
		{"i - -1", 1, 2},
	}
	for _, c := range cases {
		src := fmt.Sprintf("{ [i] -> [%s] }", c.expr)
		m, err := ParseMap(src)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if !m.Contains([]int64{c.i, c.want}) {
			t.Errorf("%s: does not contain (%d, %d): %v", src, c.i, c.want, m)
		}
	}
}

func TestParseMultiUnionPwAff(t *testing.T) {
	cases := []struct{ in, want string }{
		{"[{ S_0[i, j] -> [(i)] }, { S_0[i, j] -> [(j)] }]", "{ S_0[i, j] -> [o0, o1] : o0 = i and o1 = j }"},
		{"[n] -> [{ S1[i] -> [(i)]; S2[i] -> [(i)] }]", "[n] -> { S1[i] -> [i]; S2[i] -> [i] }"},
		{"[{ S1[i] -> [(2i + 1)]; S2[i, j] -> [(floor(j/2))] }, { S1[i] -> [(0)]; S2[i, j] -> [(i)] }]",
			"{ S1[i] -> [2i + 1, 0]; S2[i, j] -> [floor(j/2), i] }"},
		{"[{ [i] -> [(i)] : i >= 0; [i] -> [(-i)] : i < 0 }]", "{ [i] -> [o] : (o = i and i >= 0) or (o = -i and i < 0) }"},
		{"[{ A[i] -> [(i)]; B[] -> [(0)] }, { A[i] -> [(1)] }]", "{ A[i] -> [i, 1] }"},
		{"[]", "{ }"},
	}
	for _, c := range cases {
		got, err := ParseMultiUnionPwAffAsUnionMap(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		want := MustParseUnionMap(c.want)
		if !got.IsEqual(want) {
			t.Errorf("%s: got %v, want %v", c.in, got, want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"[{ S[i] -> [(i), (i)] }]", "one output, found 2"},
		{"[{ S[i] }]", "found a set element"},
		{"[{ S[i] -> [(i)] } { S[i] -> [(i)] }]", "1:20: expected ']' to close a multi expression"},
		{"[{ S[i] -> [(q)] }]", "1:14: unknown identifier 'q'"},
	} {
		_, err := ParseMultiUnionPwAffAsUnionMap(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.in, err, c.want)
		}
	}
}

func TestParseAffineFunctions(t *testing.T) {
	// Each function is checked at a few points against the value it should
	// take (nil: undefined).
	type pt struct {
		in  []int64 // parameters then domain dims
		out []int64
	}
	cases := []struct {
		src string
		pts []pt
	}{
		{"{ S[i, j] -> [(i + j)] }", []pt{{[]int64{1, 2}, []int64{3}}}},
		{"[n] -> { [i] -> [(floor(i/2))] }", []pt{{[]int64{5, -3}, []int64{-2}}}},
		{"{ S[i, j] -> [(i), (j), (2i + j)] }", []pt{{[]int64{1, 2}, []int64{1, 2, 4}}}},
		{"{ [i] -> [(i)] : i >= 0; [i] -> [(-i)] : i < 0 }", []pt{{[]int64{-4}, []int64{4}}, {[]int64{3}, []int64{3}}}},
		{"[n] -> { [i] -> [(min(i, n))] }", []pt{{[]int64{2, 5}, []int64{2}}, {[]int64{7, 5}, []int64{5}}}},
		{"{ [i] -> [(max(i, 0)), (i mod 3)] : i <= 10 }", []pt{{[]int64{-2}, []int64{0, 1}}, {[]int64{11}, nil}}},
		{"[n] -> { [(n + 1)] }", []pt{{[]int64{4}, []int64{5}}}},
		{"{ [i] -> [(i)] : i >= 0; [i] -> [(0)] : i <= 0 }", []pt{{[]int64{0}, []int64{0}}, {[]int64{-1}, []int64{0}}}},
		{"{ A[i] -> B[(i + 1), (ceil(i/3))] }", []pt{{[]int64{4}, []int64{5, 2}}}},
	}
	for _, c := range cases {
		f, err := ParsePwMultiAff(c.src)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		for _, p := range c.pts {
			got, ok := f.Eval(p.in)
			if ok != (p.out != nil) || ok && fmt.Sprint(got) != fmt.Sprint(p.out) {
				t.Errorf("%s at %v: got %v (defined %v), want %v", c.src, p.in, got, ok, p.out)
			}
		}
		// Printed text parses back to the same graph.
		g, err := ParsePwMultiAff(f.String())
		if err != nil {
			t.Errorf("%s printed as %s: %v", c.src, f, err)
		} else if !g.AsMap().IsEqual(f.AsMap()) {
			t.Errorf("%s printed as %s parses to %s", c.src, f, g)
		}
	}
	a := MustParseAff("[n] -> { S[i] -> [(n - 2i)] }")
	if v := a.Eval([]int64{10, 3}); v != 4 {
		t.Errorf("Aff eval: %d", v)
	}
	m := MustParseMultiAff("{ S[i, j] -> T[(j), (i)] }")
	if v := m.Eval([]int64{1, 2}); fmt.Sprint(v) != "[2 1]" {
		t.Errorf("MultiAff eval: %v", v)
	}
	pa := MustParsePwAff("{ [i] -> [(i)] : i >= 0; [i] -> [(-i)] : i < 0 }")
	if v, ok := pa.Eval([]int64{-7}); !ok || v != 7 {
		t.Errorf("PwAff eval: %d %v", v, ok)
	}
	for _, c := range []struct{ src, want string }{
		{"{ [i] -> [j] }", "output 0 of a function is a new variable"},
		{"{ [i] -> [(q)] }", "unknown identifier 'q'"},
		{"{ [i] -> [(i/2)] }", "rational expression"},
		{"{ [i] -> [(i)] : i >= 0; [i] -> [(i + 1)] : i <= 0 }", "pieces overlap with different values"},
		{"{ [i] -> [(i)]; [i, j] -> [(i)] }", "differs from the first piece's space"},
		{"{ [i] -> [(i * i)] }", "non-affine"},
	} {
		_, err := ParsePwMultiAff(c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.src, err, c.want)
		}
	}
	for _, c := range []struct{ src, want string }{
		{"{ [i] -> [(i)] : i >= 0 }", "no condition"},
		{"{ [i] -> [(min(i, 0))] }", "piecewise"},
		{"{ [i] -> [(i)]; [i] -> [(i)] }", "one piece"},
	} {
		_, err := ParseMultiAff(c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseMultiAff %s: error %v, want %q", c.src, err, c.want)
		}
	}
	if _, err := ParseAff("{ [i] -> [(i), (i)] }"); err == nil {
		t.Errorf("ParseAff of two outputs: no error")
	}
}
