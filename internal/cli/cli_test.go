package cli

import (
	"strings"
	"testing"
)

// TestNearest: the suggestion for a misspelled flag.
func TestNearest(t *testing.T) {
	c := New("tessera test", "tessera test")
	c.FlagSet().Bool("parallel", false, "")
	c.FlagSet().Bool("explain", false, "")
	c.FlagSet().String("o", "", "")
	c.FlagSet().String("fuse", "", "")
	c.Aliases["smartfuse"] = Alias{Flag: "fuse", Value: "smart"}
	c.Aliases["innerpar"] = Alias{Refuse: "no"}
	cases := []struct{ name, want string }{
		{"parralel", "unknown flag --parralel; did you mean --parallel?"},
		{"paralel", "unknown flag --paralel; did you mean --parallel?"},
		{"explian", "unknown flag --explian; did you mean --explain?"},
		{"smarfuse", "unknown flag --smarfuse; did you mean --smartfuse?"},
		{"innerpa", "unknown flag --innerpa"}, // refusals are not suggested
		{"o2", "unknown flag --o2"},
		{"p", "unknown flag -p"},
		{"fuse-max", "unknown flag --fuse-max; did you mean --fuse=max?"},
		{"paral", "unknown flag --paral; did you mean --parallel?"},
		{"zzz", "unknown flag --zzz"},
	}
	for _, k := range cases {
		if got := c.unknown(k.name); got != k.want {
			t.Errorf("%s: got %q, want %q", k.name, got, k.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"parallel", "parralel", 2}, {"ab", "ba", 1},
		{"explain", "explian", 1}, {"kitten", "sitting", 3},
	}
	for _, c := range cases {
		if got := EditDistance(c.a, c.b); got != c.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestParse: flags anywhere, both spellings, values after = or in the
// next argument, "--" and "-", aliases, and the usage errors.
func TestParse(t *testing.T) {
	setup := func() (*Command, *string, *bool, *int) {
		c := New("tessera t", "tessera t [flags] FILE")
		o := c.FlagSet().String("o", "", "output")
		p := c.FlagSet().Bool("parallel", false, "")
		n := c.FlagSet().Int("n", 4, "")
		c.Aliases["noparallel"] = Alias{Flag: "parallel", Value: "false"}
		c.Aliases["innerpar"] = Alias{Refuse: "not offered"}
		return c, o, p, n
	}
	cases := []struct {
		args    []string
		pos     string // the arguments left, joined by |
		o       string
		par     bool
		n       int
		code    int
		stdout  string
		errLine string // the first line on stderr
	}{
		{args: []string{"f.c", "--parallel", "-o", "x.c"}, pos: "f.c", o: "x.c", par: true, n: 4},
		{args: []string{"-parallel=false", "--o=-", "-n", "7", "-"}, pos: "-", o: "-", n: 7},
		{args: []string{"--parallel", "--noparallel", "--", "--parallel"}, pos: "--parallel", n: 4},
		{args: []string{"f.c", "-o"}, code: 2, errLine: "tessera t: flag needs an argument: -o"},
		{args: []string{"--n=x"}, code: 2, errLine: `tessera t: invalid value "x" for -n: want an integer`},
		{args: []string{"--innerpar"}, code: 2, errLine: "tessera t: --innerpar is not supported: not offered"},
		{args: []string{"--noparallel=1"}, code: 2, errLine: "tessera t: --noparallel takes no value (it means --parallel=false)"},
		{args: []string{"--=x"}, code: 2, errLine: "tessera t: bad flag syntax: --=x"},
		{args: []string{"--parallel=maybe"}, code: 2, errLine: `tessera t: invalid value "maybe" for --parallel: want true or false`},
		{args: []string{"f.c", "-h"}, code: 0, stdout: "usage: tessera t [flags] FILE"},
		{args: []string{"--version"}, code: 0, stdout: "tessera "},
	}
	for _, k := range cases {
		c, o, p, n := setup()
		var out, errb strings.Builder
		pos, code, done := c.Parse(k.args, &out, &errb)
		if k.errLine != "" || k.stdout != "" {
			if !done || code != k.code {
				t.Errorf("%q: done %v code %d, want done, code %d", k.args, done, code, k.code)
			}
			if first, _, _ := strings.Cut(errb.String(), "\n"); first != k.errLine {
				t.Errorf("%q: stderr %q, want %q first", k.args, errb.String(), k.errLine)
			}
			if k.errLine != "" && !strings.HasSuffix(errb.String(), "Run 'tessera t -h' for help.\n") {
				t.Errorf("%q: no hint line: %q", k.args, errb.String())
			}
			if !strings.HasPrefix(out.String(), k.stdout) {
				t.Errorf("%q: stdout %q, want %q first", k.args, out.String(), k.stdout)
			}
			continue
		}
		if done {
			t.Errorf("%q: done with code %d: %s", k.args, code, errb.String())
			continue
		}
		if got := strings.Join(pos, "|"); got != k.pos || *o != k.o || *p != k.par || *n != k.n {
			t.Errorf("%q: pos %q o %q parallel %v n %d, want %q %q %v %d", k.args, got, *o, *p, *n, k.pos, k.o, k.par, k.n)
		}
	}
}
