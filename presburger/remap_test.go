package presburger

import "testing"

// TestRemap checks Remap against the operations it combines: a
// permutation of dims, a dim dropped (projected out), a dim inserted, a
// map's input dims moved into a set, and a known division whose
// definition refers to a dropped dim (it becomes an existential).
func TestRemap(t *testing.T) {
	for _, c := range []struct {
		name, in, want string
		sp             Space
		dst            func(sp Space) []int // target column per column of in
	}{
		{
			name: "permute",
			in:   "[n] -> { [i, j] : 0 <= i < n and i <= j < 2i + 3 }",
			want: "[n] -> { [j, i] : 0 <= i < n and i <= j < 2i + 3 }",
			sp:   NewSetSpace([]string{"n"}, "", []string{"j", "i"}),
			dst:  func(sp Space) []int { return []int{0, 2, 1} },
		},
		{
			name: "drop",
			in:   "[n] -> { [i, j] : 0 <= i < n and j = 3i + 1 }",
			want: "[n] -> { [j] : exists i : 0 <= i < n and j = 3i + 1 }",
			sp:   NewSetSpace([]string{"n"}, "", []string{"j"}),
			dst:  func(sp Space) []int { return []int{0, -1, 1} },
		},
		{
			name: "insert",
			in:   "{ [i] : 0 <= i <= 5 }",
			want: "{ [a, i, b] : 0 <= i <= 5 }",
			sp:   NewSetSpace(nil, "", []string{"a", "i", "b"}),
			dst:  func(sp Space) []int { return []int{1} },
		},
		{
			name: "params by name",
			in:   "[n, m] -> { [i] : m <= i <= n }",
			want: "[m, n] -> { [i] : m <= i <= n }",
			sp:   NewSetSpace([]string{"m", "n"}, "", []string{"i"}),
			dst:  func(sp Space) []int { return []int{-5, -5, 2} },
		},
		{
			name: "division of a dropped dim",
			in:   "{ [i, j] : 0 <= j <= 9 and i = floor(j / 3) }",
			want: "{ [i] : 0 <= i <= 3 }",
			sp:   NewSetSpace(nil, "", []string{"i"}),
			dst:  func(sp Space) []int { return []int{0, -1} },
		},
		{
			name: "division kept",
			in:   "{ [i, j] : 0 <= j <= 9 and i = floor(j / 3) + 1 }",
			want: "{ [j, x, i] : 0 <= j <= 9 and i = floor(j / 3) + 1 }",
			sp:   NewSetSpace(nil, "", []string{"j", "x", "i"}),
			dst:  func(sp Space) []int { return []int{2, 0} },
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			in, want := MustParseSet(c.in), MustParseSet(c.want)
			got := in.Remap(c.sp, c.dst(c.sp))
			if !got.IsEqual(want) {
				t.Errorf("Remap(%s) = %s, want %s", in, got, want)
			}
		})
	}
	// A map's input dims as a set (its output dims dropped).
	m := MustParseMap("[n] -> { [c0, c1] -> S[i] : 0 <= i < n and c0 = i and c1 = 2i }")
	sp := NewSetSpace([]string{"n"}, "", []string{"c0", "c1"})
	dst := []int{0, 1, 2, -1}
	got := m.Remap(sp, dst).Set()
	if want := m.Domain(); !got.IsEqual(want) {
		t.Errorf("Remap of a map's domain = %s, want %s", got, want)
	}
}

// TestRemapMissingParam checks that a parameter missing in the target
// space is refused (a programmer error, so a panic).
func TestRemapMissingParam(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for a parameter missing in the target space")
		}
	}()
	MustParseSet("[n] -> { [i] : i <= n }").Remap(NewSetSpace(nil, "", []string{"i"}), []int{0, 0})
}
