package presburger

import "testing"

// TestParamDomainVersusEmptyTuple checks that a parameter domain and a set
// with an empty tuple print the way isl prints them and read back as the
// same kind of object.
func TestParamDomainVersusEmptyTuple(t *testing.T) {
	m := MustParseMap("[n] -> { [i] -> [] : 0 <= i < n }")
	for _, c := range []struct {
		got  Set
		want string
	}{
		{MustParseSet("[n] -> { [] : n > 0 }"), "[n] -> { [] : n > 0 }"},
		{MustParseSet("[n] -> { : n > 0 }"), "[n] -> { : n > 0 }"},
		{MustParseSet("[n] -> { [] : n > 0 }").Params(), "[n] -> { : n > 0 }"},
		{m.Range(), "[n] -> { [] : n > 0 }"},
		{m.Reverse().Domain(), "[n] -> { [] : n > 0 }"},
		{m.Params(), "[n] -> { : n > 0 }"},
	} {
		if s := c.got.String(); s != c.want {
			t.Errorf("got %s, want %s", s, c.want)
		}
		back := MustParseSet(c.got.String())
		if back.Space().IsParamSpace() != c.got.Space().IsParamSpace() || !back.IsEqual(c.got) {
			t.Errorf("%s does not read back as itself", c.got)
		}
	}
	if MustParseSet("{ [] }").Space().IsParamSpace() || !MustParseSet("{ : }").Space().IsParamSpace() {
		t.Errorf("IsParamSpace")
	}
}
