package liveout

import "testing"

func TestFirstUseReads(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"printf(\"%d\", i);", true},
		{"for (i = 0; i < n; i++) x += i;", false},
		{"i = 3; use(i);", false},
		{"if (i == 3) x = 1;", true},
		{"i += 2;", true},
		{"i++;", true},
		{"s.i = 1; /* i */ \"i\"; return i;", true},
		{"p->i = 2; return 0;", false},
		{"// i\nreturn 0;", false},
		{"x = y;", false},
		{"i <= 4;", true},
	} {
		if got := firstUseReadsText(tc.text, "i"); got != tc.want {
			t.Errorf("firstUseReadsText(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestLiveIteratorConditionalKill: an assignment of the iterator after the
// region that runs only under a condition, or after the loop around the
// region (whose header reads the iterator), does not make it dead.
func TestLiveIteratorConditionalKill(t *testing.T) {
	for _, tc := range []struct {
		text   string
		inLoop bool
		want   bool
	}{
		{"if (c) for (i = 0; i < 9; i++) x++; use(i);", false, true},
		{"c ? (i = 1) : 0; use(i);", false, true},
		{"for (i = 0; i < 9; i++) x++;", false, false},
		{"x = 1; i = 0;", false, false},
		{"} i = 0; use(i);", true, true},
		{"} i = 0; use(i);", false, false},
		{"x = 1; i = 0; } use(i);", true, false},
	} {
		if got := firstUseReadsIn(tc.text, "i", tc.inLoop); got != tc.want {
			t.Errorf("firstUseReadsIn(%q, inLoop %v) = %v, want %v", tc.text, tc.inLoop, got, tc.want)
		}
	}
}
