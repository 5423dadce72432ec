package cfront

import "testing"

func TestBareType(t *testing.T) {
	for in, want := range map[string]string{
		"const long double":     "long double",
		"static  const double":  "double",
		"DATA_TYPE":             "DATA_TYPE",
		"volatile unsigned int": "unsigned int",
		"float restrict":        "float",
	} {
		if got := BareType(in); got != want {
			t.Errorf("BareType(%q) = %q, want %q", in, got, want)
		}
	}
}
