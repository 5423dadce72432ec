package main

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/schedule"
)

// TestCodegenOptions checks that an options map applies an option only to
// the schedule values in its domain (as isl_codegen does).
func TestCodegenOptions(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"partial-separate", "{ S[i] -> [i] : 0 <= i <= 10 }\n{ : }\n{ [i] -> separate[x] : i > 5 }\n",
			"for (int c0 = 0; c0 <= 5; c0 += 1)\n  S(c0);\nfor (int c0 = 6; c0 <= 10; c0 += 1)\n  S(c0);\n"},
		{"partial-unroll", "{ S[i] -> [i] : 0 <= i <= 3 }\n{ : }\n{ [i] -> unroll[0] : i >= 2 }\n",
			"for (int c0 = 0; c0 <= 1; c0 += 1)\n  S(c0);\nS(2);\nS(3);\n"},
		{"whole-unroll", "{ S[i] -> [i] : 0 <= i <= 2 }\n{ : }\n{ [i] -> unroll[0] }\n", "S(0);\nS(1);\nS(2);\n"},
		{"set-form", "{ S[i] -> [i] : 0 <= i <= 2 }\n{ : }\n{ unroll[x] }\n", "S(0);\nS(1);\nS(2);\n"},
		{"ignored-dim", "{ S[i] -> [i] : 0 <= i <= 2 }\n{ : }\n{ [i] -> unroll[3] }\n", "for (int c0 = 0; c0 <= 2; c0 += 1)\n  S(c0);\n"},
	}
	for _, c := range cases {
		n, err := codegen(c.src, schedule.OptionDefault)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := ast.PrintC(n); strings.TrimSpace(got) != strings.TrimSpace(c.want) {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, got, c.want)
		}
	}
}

// TestCodegenChildlessMark checks that a mark without a child is an error
// with the position of its key (isl's reader rejects it too).
func TestCodegenChildlessMark(t *testing.T) {
	cases := []struct{ src, want string }{
		{"domain: \"{ S[i] : 0 <= i < 4 }\"\nchild:\n  mark: \"foo\"\n", "3:3: error: mark node without a child"},
		{"{ domain: \"{ S[i] : 0 <= i < 4 }\", child: { mark: \"a\", child: { mark: \"b\" } } }\n", "1:65: error: mark node without a child"},
	}
	for _, c := range cases {
		_, err := codegen(c.src, schedule.OptionDefault)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: got error %v, want %s", c.src, err, c.want)
		}
	}
	ok := "domain: \"{ S[i] : 0 <= i < 4 }\"\nchild:\n  mark: \"foo\"\n  child:\n    schedule: \"[{ S[i] -> [(i)] }]\"\n"
	if _, err := codegen(ok, schedule.OptionDefault); err != nil {
		t.Errorf("mark with a child: %v", err)
	}
}

// TestCodegenForce checks --separate and --atomic: on a schedule map they
// replace the separate and atomic options and keep unroll ones (as
// isl_codegen does); on a tree they set every band member.
func TestCodegenForce(t *testing.T) {
	cases := []struct{ name, flag, src, want string }{
		{"map-atomic", "--atomic", "{ A[i] -> [i] : 0 <= i <= 3; B[i] -> [i] : 2 <= i <= 5 }\n{ : }\n{ [i] -> separate[0] }\n",
			"for (int c0 = 0; c0 <= 5; c0 += 1) {\n  if (c0 <= 3)\n    A(c0);\n  if (c0 >= 2)\n    B(c0);\n}\n"},
		{"map-keeps-unroll", "--separate", "{ S[i] -> [i] : 0 <= i <= 2 }\n{ : }\n{ [i] -> unroll[0] }\n",
			"S(0);\nS(1);\nS(2);\n"},
		{"tree-separate", "--separate", "domain: \"{ A[i] : 0 <= i <= 3; B[i] : 2 <= i <= 5 }\"\nchild:\n  schedule: \"[{ A[i] -> [(i)]; B[i] -> [(i)] }]\"\n  options: \"{ atomic[x] }\"\n",
			"for (int c0 = 0; c0 <= 1; c0 += 1)\n  A(c0);\nfor (int c0 = 2; c0 <= 3; c0 += 1) {\n  A(c0);\n  B(c0);\n}\nfor (int c0 = 4; c0 <= 5; c0 += 1)\n  B(c0);\n"},
	}
	for _, c := range cases {
		var out, errb strings.Builder
		rc := runCodegen([]string{c.flag, "-"}, strings.NewReader(c.src), &out, &errb)
		if rc != 0 {
			t.Errorf("%s: exit %d: %s", c.name, rc, errb.String())
			continue
		}
		if out.String() != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, out.String(), c.want)
		}
	}
}
