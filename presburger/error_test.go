package presburger

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/presburger/internal/ints"
	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

func recovered(f func()) (err error) {
	defer Recover(&err)
	f()
	return nil
}

func TestRecoverKinds(t *testing.T) {
	cases := []struct {
		v    any
		kind ErrorKind
	}{
		{&Error{Kind: Budget, Msg: "x"}, Budget},
		{&ints.OverflowError{Op: "mul", A: 1, B: 2}, Overflow},
		{&sys.BudgetError{Op: "IsIntegerEmpty", Steps: 3}, Budget},
	}
	for _, c := range cases {
		err := recovered(func() { panic(c.v) })
		var e *Error
		if !errors.As(err, &e) || e.Kind != c.kind {
			t.Errorf("Recover(%v) = %v, want kind %v", c.v, err, c.kind)
		}
	}
	if err := recovered(func() {}); err != nil {
		t.Errorf("Recover without panic = %v", err)
	}
	defer func() {
		if r := recover(); r != "other" {
			t.Errorf("foreign panic not re-raised: %v", r)
		}
	}()
	_ = recovered(func() { panic("other") })
}

func TestOverflowBecomesError(t *testing.T) {
	sp := NewSetSpace(nil, "S", []string{"i", "j"})
	b := NewBasicBuilder(sp)
	b.AddIneq([]int64{math.MaxInt64 / 2, 3, 0})
	b.AddIneq([]int64{-3, math.MaxInt64 / 2, 1})
	b.AddIneq([]int64{1, 1, math.MinInt64 / 2})
	s := b.BuildSet().ToSet()
	err := recovered(func() {
		c := s.Complement()
		c.Intersect(s).IsEmpty()
		c.Subtract(s).Sample()
	})
	var e *Error
	if err != nil && (!errors.As(err, &e) || e.Kind == 0) {
		t.Errorf("overflow surfaced as %T %v", err, err)
	}
}

func TestProgrammerErrorsPanic(t *testing.T) {
	expectPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			r := recover()
			msg, _ := r.(string)
			if !strings.HasPrefix(msg, "presburger: ") {
				t.Errorf("%s: panic %v, want a presburger: message", name, r)
			}
		}()
		f()
	}
	a := UniverseSet(NewSetSpace(nil, "S", []string{"i"}))
	b := UniverseSet(NewSetSpace(nil, "T", []string{"i"}))
	expectPanic("intersect", func() { a.Intersect(b) })
	expectPanic("contains", func() { a.Contains([]int64{1, 2}) })
	expectPanic("projectout", func() { a.ProjectOut(Out, 0, 2) })
	expectPanic("builder", func() { NewBasicBuilder(a.Space()).AddIneq([]int64{1, 2, 3}) })
	expectPanic("div", func() { NewBasicBuilder(a.Space()).AddDiv([]int64{1, 0}, 0) })
}

func TestBuilderLayout(t *testing.T) {
	sp := NewMapSpace([]string{"n"}, "A", []string{"i"}, "B", []string{"j"})
	if sp.Offset(Param) != 0 || sp.Offset(In) != 1 || sp.Offset(Out) != 2 || sp.Offset(Div) != 3 {
		t.Fatalf("offsets %d %d %d %d", sp.Offset(Param), sp.Offset(In), sp.Offset(Out), sp.Offset(Div))
	}
	b := NewBasicBuilder(sp)
	b.AddIneq([]int64{0, 1, 0, 0}) // i >= 0
	q := b.AddDiv([]int64{0, 1, 0, 0}, 2)
	if q2 := b.AddDiv([]int64{0, 1, 0, 0}, 2); q2 != q {
		t.Errorf("identical div not reused: %d vs %d", q, q2)
	}
	if b.NCols() != 5 {
		t.Errorf("NCols = %d", b.NCols())
	}
	b.AddEq([]int64{0, 0, 1, -1, 0})    // j = floor(i/2)
	b.AddIneq([]int64{1, -1, 0, 0, -1}) // i < n
	m := b.Build().ToMap()
	for _, c := range []struct {
		pt []int64
		in bool
	}{{[]int64{5, 3, 1}, true}, {[]int64{5, 4, 2}, true}, {[]int64{5, 5, 2}, false}, {[]int64{5, 3, 2}, false}, {[]int64{5, -1, -1}, false}} {
		if got := m.Contains(c.pt); got != c.in {
			t.Errorf("Contains(%v) = %v, want %v in %v", c.pt, got, c.in, m)
		}
	}
	// j = floor(i/2) fixes the div by a unit equality: it is substituted
	// by j and its defining bounds 2j <= i <= 2j + 1 are kept.
	if m.Part(0).NLocal() != 0 || len(m.Part(0).Ineqs()) != 4 {
		t.Errorf("locals: %v", m)
	}
}

func TestSpaces(t *testing.T) {
	a := NewMapSpace([]string{"n"}, "A", []string{"i"}, "B", []string{"j", "k"})
	b := NewMapSpace([]string{"n"}, "A", []string{"x"}, "B", []string{"y", "z"})
	if !a.Equal(b) {
		t.Error("dim names must not matter")
	}
	if a.Equal(a.WithParams([]string{"m"})) || !a.TuplesEqual(a.WithParams([]string{"m"})) {
		t.Error("params compare by name")
	}
	if a.Equal(a.Reverse()) || !a.Reverse().Reverse().Equal(a) {
		t.Error("reverse")
	}
	w := a.Wrap()
	if !w.IsWrapping() || !w.Unwrap().Equal(a) || w.Dim(Out) != 3 {
		t.Errorf("wrap: %v", w)
	}
	if got := a.AlignParams(NewSetSpace([]string{"m", "n"}, "S", nil)); len(got) != 2 || got[1] != "m" {
		t.Errorf("AlignParams = %v", got)
	}
	if a.TupleKey() == NewMapSpace(nil, "A", []string{"i"}, "B", []string{"j"}).TupleKey() {
		t.Error("keys must differ by arity")
	}
}
