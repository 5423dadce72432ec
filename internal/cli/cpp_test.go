package cli

import (
	"io"
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestPreprocessor: -I, -D, -U and -include, joined or separate, in
// command-line order.
func TestPreprocessor(t *testing.T) {
	c := New("tessera test", "tessera test")
	c.FlagSet().Bool("identity", false, "")
	p := c.AddPreprocessor()
	args := strings.Fields("-Iinc -I other --identity -DN=4 -DX -UX -D Y= -UZ -include f.h --include=g.h -DX=2 file.c -Ilast")
	pos, code, done := c.Parse(args, io.Discard, io.Discard)
	if done {
		t.Fatalf("Parse: done with status %d", code)
	}
	if !slices.Equal(pos, []string{"file.c"}) {
		t.Errorf("arguments %q", pos)
	}
	if want := []string{"inc", "other", "last"}; !slices.Equal(p.IncludeDirs, want) {
		t.Errorf("IncludeDirs %q, want %q", p.IncludeDirs, want)
	}
	if want := []string{"f.h", "g.h"}; !slices.Equal(p.Includes, want) {
		t.Errorf("Includes %q, want %q", p.Includes, want)
	}
	if want := map[string]string{"N": "4", "X": "2", "Y": ""}; !maps.Equal(p.Defines(), want) {
		t.Errorf("Defines %v, want %v", p.Defines(), want)
	}
	for _, bad := range []string{"-DF(x)=x", "-D1X", "-UX=1", "-D", "-I"} {
		c := New("tessera test", "tessera test")
		c.AddPreprocessor()
		var stderr strings.Builder
		if _, code, done := c.Parse([]string{bad}, io.Discard, &stderr); !done || code != 2 {
			t.Errorf("%s: status %d, want a usage error", bad, code)
		}
	}
}
