package pipeline

import (
	"strings"
	"testing"
)

// privCase is a variant of a kernel that fills a scratch row t before
// reading it: the bounds LO and HI of the loops over t, the value INIT
// each element starts from, and the note the private-array decision
// must print.
type privCase struct {
	name, lo, hi, init string
	note               string
}

// optimizePrivCase optimizes the variant of kernel that tc describes
// with opt and checks that the region's remarks hold tc's note and that
// the output declares a private t exactly when the note says so. It
// returns the variant's source and the result.
func optimizePrivCase(t *testing.T, kernel string, tc privCase, opt Options) (string, *Result) {
	t.Helper()
	src := strings.NewReplacer("LO", tc.lo, "HI", tc.hi, "INIT", tc.init).Replace(kernel)
	res := optimizeOne(t, tc.name, src, opt)
	remarks := strings.Join(res.Regions[0].Remarks, "\n")
	if !strings.Contains(remarks, tc.note) {
		t.Errorf("%s: no note %q in\n%s", tc.name, tc.note, remarks)
	}
	private := strings.Contains(string(res.Output), "double t[P];")
	if private != strings.Contains(tc.note, "private copy") {
		t.Errorf("%s: private declaration %v in\n%s", tc.name, private, res.Output)
	}
	return src, res
}
