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
