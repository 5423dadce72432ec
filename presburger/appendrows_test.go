package presburger

import (
	"bytes"
	"testing"
)

// TestAppendRows checks that the encoding of a basic map's representation
// tells representations apart, is the same for equal ones, and appends to
// the buffer it is given.
func TestAppendRows(t *testing.T) {
	srcs := []string{
		"[n] -> { [i, j] : 0 <= i < n and j = 2i }",
		"[n] -> { [i, j] : 0 <= i < n and j = 2i + 1 }",
		"[n] -> { [i, j] : 0 <= i <= n and j = 2i }",
		"[n] -> { [i, j] : exists (e = floor(i/4): i = 4e + j and 0 <= j < 4) }",
		"[n] -> { [i, j] : 1 = 0 }",
	}
	seen := map[string]string{}
	for _, src := range srcs {
		s := MustParseSet(src)
		for _, p := range s.Parts() {
			k := string(p.Map().AppendRows(nil))
			if o, ok := seen[k]; ok && o != src {
				t.Errorf("%s and %s have the same encoding", o, src)
			}
			seen[k] = src
			again := MustParseSet(src)
			if k2 := string(again.Parts()[0].Map().AppendRows(nil)); k2 != k && len(again.Parts()) == 1 {
				t.Errorf("%s: two parses encode differently", src)
			}
			pre := []byte("prefix")
			if got := p.Map().AppendRows(pre); !bytes.HasPrefix(got, []byte("prefix")) || string(got[len(pre):]) != k {
				t.Errorf("%s: AppendRows does not append", src)
			}
		}
	}
}
