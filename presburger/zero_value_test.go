package presburger

import "testing"

// TestZeroValuePrints checks that the zero values of the set and union
// types print as empty objects that parse back as empty.
func TestZeroValuePrints(t *testing.T) {
	var s Set
	if got := s.String(); got != "{  }" {
		t.Errorf("zero Set prints %q, want %q", got, "{  }")
	}
	if !s.IsEmpty() {
		t.Errorf("zero Set is not empty")
	}
	back, err := ParseSet(s.String())
	if err != nil {
		t.Fatalf("zero Set text %q does not parse: %v", s.String(), err)
	}
	if !back.IsEmpty() {
		t.Errorf("zero Set text parses to %v, want an empty set", back)
	}

	var us UnionSet
	if got := us.String(); got != "{  }" {
		t.Errorf("zero UnionSet prints %q, want %q", got, "{  }")
	}
	var um UnionMap
	if got := um.String(); got != "{  }" {
		t.Errorf("zero UnionMap prints %q, want %q", got, "{  }")
	}

	// The zero Map is the empty map of the space [] -> [] and prints as
	// that map.
	var m Map
	if got, want := m.String(), "{ [] -> [] : false }"; got != want {
		t.Errorf("zero Map prints %q, want %q", got, want)
	}
	mb, err := ParseMap(m.String())
	if err != nil {
		t.Fatalf("zero Map text %q does not parse: %v", m.String(), err)
	}
	if !mb.IsEmpty() {
		t.Errorf("zero Map text parses to %v, want an empty map", mb)
	}
}

// TestEmptySetPrintsUnchanged checks that empty sets with a space keep
// their isl forms next to the zero Set's.
func TestEmptySetPrintsUnchanged(t *testing.T) {
	for _, c := range []struct {
		s    Set
		want string
	}{
		{EmptySet(NewSetSpace(nil, "", nil)), "{ [] : false }"},
		{EmptySet(NewParamSpace(nil)), "{ : false }"},
		{EmptySet(NewSetSpace([]string{"n"}, "S", []string{"i"})), "[n] -> { S[i] : false }"},
		{MustParseSet("{ S[i] : 0 <= i < 0 }"), "{ S[i] : false }"},
	} {
		if got := c.s.String(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}
