package schedule

import (
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

func TestDesugar(t *testing.T) {
	cases := []struct{ in, want string }{
		{"[s = 0:23] -> { S[a = 0:2, b = 0:3, c] : 12c = s - 4a - b }",
			"[s] -> { S[a, b, c] : 12c = s - 4a - b and 0 <= s <= 23 and 0 <= a <= 2 and 0 <= b <= 3 }"},
		{"{ [s = 0:23] }", "{ [s] : 0 <= s <= 23 }"},
		{"{ S[a = 1:] -> [a] }", "{ S[a] -> [a] : a >= 1 }"},
		{"{ S[a = :4] : a >= 0 }", "{ S[a] : 0 <= a <= 4 }"},
		{"{ S[i][j] : 0 <= i, j <= 1 }", "{ S[i, j] : 0 <= i <= 1 and 0 <= j <= 1 }"},
		{"{ [*] -> separate[x] }", "{ [i] -> separate[x] }"},
		{"{ atomic[*] }", "{ atomic[x] }"},
		{"[n = 1:] -> { : }", "[n] -> { : n >= 1 }"},
		{"{ [[i = 0:1] -> [j]] }", "{ [[i] -> [j]] : 0 <= i <= 1 }"},
	}
	for _, c := range cases {
		out, changed := Desugar(c.in)
		if !changed {
			t.Errorf("Desugar(%q) unchanged", c.in)
			continue
		}
		got, _, err := presburger.ParseUnion(out)
		if err != nil {
			t.Errorf("Desugar(%q) = %q: %v", c.in, out, err)
			continue
		}
		want, _, err := presburger.ParseUnion(c.want)
		if err != nil {
			t.Fatal(err)
		}
		if !got.IsEqual(want) {
			t.Errorf("Desugar(%q) = %q = %v, want %v", c.in, out, got, want)
		}
	}
	if out, changed := Desugar("{ S[i] -> [i] : 0 <= i < 4 }"); changed {
		t.Errorf("plain text changed: %q", out)
	}
}
