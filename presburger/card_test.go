package presburger

import (
	"math/big"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/presburger/internal/islref"
)

// enumCount counts the points of s for the parameter values params by
// enumeration (the oracle).
func enumCount(t *testing.T, s Set, params []int64) int64 {
	t.Helper()
	var n int64
	if err := s.ForeachPoint(params, func([]int64) bool { n++; return true }); err != nil {
		t.Fatalf("enumerating %v: %v", s, err)
	}
	return n
}

func TestCountLarge(t *testing.T) {
	pow := func(e uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), e) }
	cases := []struct {
		set  string
		want *big.Int
	}{
		{"{ [i] : 0 <= i < 100000000 and i mod 1000000 = 7 }", big.NewInt(100)},
		{"{ [i, j] : 0 <= i < 2147483648 and 0 <= j < 2147483648 }", pow(62)},
		{"{ [i, j, k] : 0 <= i < 4294967296 and 0 <= j < 4294967296 and 0 <= k < 4 }", pow(66)},
		{"{ [i, j] : 0 <= i < 1000000000 and 0 <= j <= i }", big.NewInt(500000000500000000)},
		{"{ [i] : 0 <= i < 1000000000 and i mod 3 = 1 }", big.NewInt(333333333)},
		{"{ [i, j] : 0 <= i < 1000000 and 0 <= j < 1000000 and (i + j) mod 2 = 0 }", big.NewInt(500000000000)},
		{"{ [i] : 0 <= i <= 9; [i] : 5 <= i <= 14 }", big.NewInt(15)},
		{"{ [i] : exists (e : i = 4e and 0 <= i <= 1000000000000) }", big.NewInt(250000000001)},
		{"{ [i, j] : 0 <= i <= 1000000 and 0 <= 2j <= i }", big.NewInt(250001000001)},
		{"{ [i] : 1 <= i <= 0 }", big.NewInt(0)},
		// A lattice polygon without unit coefficients: sliced along i.
		{"{ [i, j] : 0 <= 2i + 3j <= 20000 and 0 <= 3i - 2j <= 20000 }", big.NewInt(30772308)},
		{"{ [i, j] : 0 <= i <= 1000 and 0 <= j <= 1000 and 7i + 11j <= 5000 and 13i - 3j >= 100 }", big.NewInt(138915)},
		{"{ [] }", big.NewInt(1)},
	}
	for _, c := range cases {
		n, err := MustParseSet(c.set).Count()
		if err != nil || n.Cmp(c.want) != 0 {
			t.Errorf("Count(%s) = %v, %v; want %v", c.set, n, err, c.want)
		}
	}
}

func TestCardErrors(t *testing.T) {
	for _, s := range []string{"{ [i] : i >= 0 }", "{ [i, j] : 0 <= i <= 10 }"} {
		if _, err := MustParseSet(s).Count(); err == nil {
			t.Errorf("Count(%s): no error for an unbounded set", s)
		}
	}
	if _, err := MustParseSet("{ [i, j] : 0 <= i < 4294967296 and 0 <= j < 4294967296 }").Card(); err == nil {
		t.Error("Card of 2^64 points: no overflow error")
	}
	// Millions of slices without a closed form: a budget error at once.
	_, err := MustParseSet("{ [i, j] : 0 <= 2i + 3j <= 10000000 and 0 <= 3i - 2j <= 10000000 }").Count()
	if e, ok := err.(*Error); !ok || e.Kind != Budget || !strings.Contains(e.Msg, "too many points") {
		t.Errorf("Count of a huge lattice polygon: %v, want a budget error", err)
	}
}

func TestCardPwString(t *testing.T) {
	cases := []struct{ set, want string }{
		{"[n] -> { [i] : 0 <= i < n }", "[n] -> { n : n > 0 }"},
		{"[n] -> { [i, j] : 0 <= i < n and 0 <= j <= i }", "[n] -> { (1/2 * n + 1/2 * n^2) : n > 0 }"},
		{"[n, m] -> { [i, j] : 0 <= i < n and 0 <= j < m }", "[n, m] -> { n * m : n > 0 and m > 0 }"},
		{"[n] -> { [i] : 0 <= i < 10 }", "[n] -> { 10 }"},
		{"[n] -> { [i] : 0 <= i < n and i < 0 }", "[n] -> { 0 }"},
		{"[n] -> { [i] : 1 <= i <= n - 2 }", "[n] -> { (-2 + n) : n >= 3 }"},
	}
	for _, c := range cases {
		f, err := MustParseSet(c.set).CardPw()
		if err != nil || f.String() != c.want {
			t.Errorf("CardPw(%s) = %v, %v; want %s", c.set, f, err, c.want)
		}
	}
}

// TestCardPwOracle checks the parametric count against enumeration for
// several parameter values.
func TestCardPwOracle(t *testing.T) {
	sets := []string{
		"[n] -> { [i, j] : 0 <= i < n and 0 <= j <= i }",
		"[n, m] -> { [i, j] : 0 <= i < n and i <= j < m }",
		"[n, m] -> { [i, j] : 0 <= i <= n and 0 <= j <= m and i + j <= 5 }",
		"[n] -> { [i, j, k] : 0 <= i < n and 0 <= j <= i and j <= k <= n - i }",
		"[n] -> { [i] : 0 <= i <= n; [i] : 5 <= i <= 2n }",
		"[n] -> { [i, j] : 0 <= i < n and 0 <= j < n and i != j }",
		"[n] -> { [i, j] : 0 <= i < n and 2i <= 3j <= 2n + 3 and j <= 2 }",
	}
	for _, src := range sets {
		s := MustParseSet(src)
		f, err := s.CardPw()
		if err != nil {
			t.Errorf("CardPw(%s): %v", src, err)
			continue
		}
		np := len(s.Space().Params())
		for trial := range 30 {
			params := make([]int64, np)
			for i := range params {
				params[i] = int64((trial*7+i*3)%13) - 3
			}
			want := enumCount(t, s, params)
			if got := f.Eval(params); got.Cmp(new(big.Rat).SetInt64(want)) != 0 {
				t.Errorf("CardPw(%s) = %v at %v: %v, want %d", src, f, params, got, want)
			}
		}
	}
}

// TestCountRandom compares Count with enumeration on random bounded sets
// (seeded; the seed is in the message).
func TestCountRandom(t *testing.T) {
	for seed := uint64(1); seed <= 150; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
		src := randomBoundedSet(r)
		s := MustParseSet(src)
		want := enumCount(t, s, nil)
		got, err := s.Count()
		if err != nil {
			t.Errorf("seed %d: Count(%s): %v", seed, src, err)
			continue
		}
		if got.Cmp(big.NewInt(want)) != 0 {
			t.Errorf("seed %d: Count(%s) = %v, want %d", seed, src, got, want)
		}
	}
}

// randomBoundedSet returns a union of one to three basic sets in two or
// three dims inside a small box, with random affine constraints, strides
// and existentials.
func randomBoundedSet(r *rand.Rand) string {
	nd := 2 + r.IntN(2)
	names := []string{"i", "j", "k"}[:nd]
	term := func() string {
		s := itoa(r.IntN(9) - 4)
		for _, v := range names {
			c := r.IntN(7) - 3
			if c != 0 {
				s += " + " + itoa(c) + v
			}
		}
		return s
	}
	out := "{ "
	for p := range 1 + r.IntN(3) {
		if p > 0 {
			out += "; "
		}
		out += "[" + join(names) + "] : "
		for i, v := range names {
			if i > 0 {
				out += " and "
			}
			out += "-" + itoa(r.IntN(4)) + " <= " + v + " <= " + itoa(r.IntN(6))
		}
		for range r.IntN(3) {
			out += " and 0 <= " + term()
		}
		switch r.IntN(4) {
		case 0:
			out += " and (" + term() + ") mod " + itoa(2+r.IntN(3)) + " = 0"
		case 1:
			out += " and exists (e : " + term() + " = " + itoa(2+r.IntN(2)) + "e)"
		case 2:
			out += " and exists (e : 0 <= " + itoa(2+r.IntN(2)) + "e - i <= 1 and e <= j)"
		}
	}
	return out + " }"
}

// TestCardPwRandom compares CardPw with enumeration on random
// parametric sets for parameter values from -2 to 9 (seeded). Some
// lattices defeat the decomposition (an error of kind Unsupported, never
// a wrong count); the test bounds their share.
func TestCardPwRandom(t *testing.T) {
	refused := 0
	const n = 25
	for seed := uint64(1); seed <= n; seed++ {
		r := rand.New(rand.NewPCG(seed, 5))
		src := randomParamSet(r)
		s := MustParseSet(src)
		f, err := s.CardPw()
		if e, ok := err.(*Error); ok && e.Kind == Unsupported {
			refused++
			continue
		}
		if err != nil {
			t.Errorf("seed %d: CardPw(%s): %v", seed, src, err)
			continue
		}
		for n := int64(-2); n <= 9; n++ {
			want := enumCount(t, s, []int64{n})
			if got := f.Eval([]int64{n}); got.Cmp(new(big.Rat).SetInt64(want)) != 0 {
				t.Errorf("seed %d: CardPw(%s) = %v at n = %d: %v, want %d", seed, src, f, n, got, want)
				break
			}
		}
	}
	if refused > n/10 {
		t.Errorf("CardPw refused %d of %d random sets", refused, n)
	}
}

// randomParamSet returns a union of basic sets in two dims bounded by
// the parameter n or by constants, with random constraints, strides and
// existentials.
func randomParamSet(r *rand.Rand) string {
	coef := func() string { return itoa(r.IntN(5) - 2) }
	bound := func(v string) string {
		switch r.IntN(3) {
		case 0:
			return itoa(r.IntN(3)) + " <= " + v + " <= n + " + itoa(r.IntN(3)-1)
		case 1:
			return itoa(r.IntN(3)-1) + " <= " + itoa(1+r.IntN(3)) + v + " <= " + itoa(1+r.IntN(2)) + "n"
		}
		return "0 <= " + v + " <= " + itoa(2+r.IntN(6))
	}
	out := "[n] -> { "
	for p := range 1 + r.IntN(2) {
		if p > 0 {
			out += "; "
		}
		out += "[i, j] : " + bound("i") + " and " + bound("j")
		for range r.IntN(3) {
			out += " and " + coef() + "i + " + coef() + "j + " + coef() + "n + " + itoa(r.IntN(7)-3) + " >= 0"
		}
		switch r.IntN(4) {
		case 0:
			out += " and (i + " + coef() + "j + " + coef() + "n) mod " + itoa(2+r.IntN(2)) + " = 0"
		case 1:
			out += " and exists (e : i + " + coef() + "j = " + itoa(2+r.IntN(2)) + "e)"
		}
	}
	return out + " }"
}

// TestCardPwGenerated counts the parametric sets of the isl-differential
// generator and checks every count it gives against enumeration at a
// dozen parameter points. Counts may be refused (no closed form, a
// budget), never wrong. TESSERA_CARD_SEEDS raises the number of seeds
// (default 120).
func TestCardPwGenerated(t *testing.T) {
	n := uint64(120)
	if v := os.Getenv("TESSERA_CARD_SEEDS"); v != "" {
		n, _ = strconv.ParseUint(v, 10, 64)
	}
	counted := 0
	for seed := uint64(1); seed <= n; seed++ {
		c := islref.GenCase(seed)
		if !strings.HasPrefix(c.Args[0], "S:") || !strings.Contains(c.Args[0], "->") {
			continue
		}
		u, err := ParseUnionSet(c.Args[0][2:])
		if err != nil {
			continue
		}
		for _, s := range u.Sets() {
			f, err := s.CardPw()
			if err != nil {
				continue
			}
			counted++
			np := s.Space().NParam()
			for trial := range 12 {
				params := make([]int64, np)
				for i := range params {
					params[i] = int64((trial*5+i*7+int(seed))%11) - 4
				}
				want := enumCount(t, s, params)
				if got := f.Eval(params); got.Cmp(new(big.Rat).SetInt64(want)) != 0 {
					t.Errorf("seed %d: CardPw(%v) = %v at %v: %v, want %d", seed, s, f, params, got, want)
					break
				}
			}
		}
	}
	if counted == 0 {
		t.Error("no set counted")
	}
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

func join(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}

func BenchmarkCardStrided(b *testing.B) {
	s := MustParseSet("{ [i] : 0 <= i < 100000000 and i mod 1000000 = 7 }")
	for b.Loop() {
		if _, err := s.Count(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCardTriangle(b *testing.B) {
	s := MustParseSet("{ [i, j] : 0 <= i < 300 and 0 <= j <= i }")
	for b.Loop() {
		if _, err := s.Count(); err != nil {
			b.Fatal(err)
		}
	}
}
