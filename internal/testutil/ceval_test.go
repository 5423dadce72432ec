package testutil

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
)

func TestEvalInt(t *testing.T) {
	names := map[string]int64{"n": 7, "i": -3}
	name := func(s string) (int64, bool) { v, ok := names[s]; return v, ok }
	elem := func(a string, subs []int64) (int64, bool) {
		if a == "idx" && len(subs) == 1 && subs[0] >= 0 && subs[0] < 4 {
			return 10 + subs[0], true
		}
		return 0, false
	}
	for _, tc := range []struct {
		src  string
		want int64
		err  string
	}{
		{"n / 2 + i / 2", 3 + -1, ""}, // truncation toward zero
		{"i % 2", -1, ""},
		{"(long)(n * i) - -1", -20, ""},
		{"n > 3 && i < 0", 1, ""},
		{"!(n == 7) || i != -3", 0, ""},
		{"i < 0 ? MIN(n, 2, 5) : max(n, 9)", 2, ""},
		{"idx[n - 5] + 'a'", 12 + 97, ""},
		{"0 && n / 0", 0, ""}, // && does not evaluate its right side
		{"n / (i + 3)", 0, "division by zero"},
		{"m + 1", 0, "no value for m"},
		{"idx[9]", 0, "no value for idx[9]"},
		{"floord(n, 2)", 0, "cannot evaluate floord(n, 2)"},
	} {
		e, err := cfront.ParseExpr(tc.src, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		got, err := EvalInt(e, name, elem)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want one with %q", tc.src, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.src, err)
		case tc.err == "" && got != tc.want:
			t.Errorf("%s = %d, want %d", tc.src, got, tc.want)
		}
	}
}
