package split

import "testing"

// TestAddHeaders: the headers a temporary on the heap needs are added
// once, those the file includes already are not, and nothing is added
// without a temporary on the heap.
func TestAddHeaders(t *testing.T) {
	for _, tc := range []struct {
		in   string
		heap bool
		want string
	}{
		{"int x;\n", false, "int x;\n"},
		{"int x;\n", true, "#include <stdlib.h>\n#include <stdint.h>\nint x;\n"},
		{"#include <stdlib.h>\nint x;\n", true, "#include <stdint.h>\n#include <stdlib.h>\nint x;\n"},
		{"#include <stdint.h>\n#include <stdlib.h>\n", true, "#include <stdint.h>\n#include <stdlib.h>\n"},
	} {
		if got := string(AddHeaders([]byte(tc.in), tc.heap)); got != tc.want {
			t.Errorf("AddHeaders(%q, %v) = %q, want %q", tc.in, tc.heap, got, tc.want)
		}
	}
	var none *Result
	if none.OnHeap() || none.Wrap("x") != "x" {
		t.Errorf("a nil Result changes the text or is on the heap")
	}
}

// TestRemark: a Decision to split reads as one not taken when splitting
// is off; the prefixes of a file's regions differ.
func TestRemark(t *testing.T) {
	d := Decision{Stmt: "S1", Text: "c += a * b;", Split: true, Why: "because"}
	if got, want := d.Remark(false), "statement splitting: S1 (line 0) `c += a * b;`: not split (--nosplit; it would be split): because"; got != want {
		t.Errorf("Remark(false) = %q, want %q", got, want)
	}
	if got := d.Remark(true); got != d.String() {
		t.Errorf("Remark(true) = %q, want %q", got, d.String())
	}
	if RegionPrefix(0) != "split_tmp" || RegionPrefix(2) != "split2_tmp" {
		t.Errorf("RegionPrefix: %q %q", RegionPrefix(0), RegionPrefix(2))
	}
}
