package main

import (
	"io"
	"strings"
	"testing"
)

// TestRunRecoversPanic: a panic of a command reaches the terminal as one
// line naming an internal error, with status 1.
func TestRunRecoversPanic(t *testing.T) {
	t.Setenv("TESSERA_PANIC", "")
	commands["panic-test"] = command{"panics", func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		var m map[string]int
		m["x"] = 1 // a bug
		return 0
	}}
	defer delete(commands, "panic-test")
	var out, errb strings.Builder
	code := run([]string{"panic-test"}, strings.NewReader(""), &out, &errb)
	if code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	msg := errb.String()
	if strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "tessera panic-test: internal error: assignment to entry in nil map") {
		t.Errorf("stderr %q, want one line naming the internal error", msg)
	}
}

// TestNearest: the suggestion for a misspelled flag.
func TestNearest(t *testing.T) {
	c := newCLI("tessera test", "tessera test")
	c.fs.Bool("parallel", false, "")
	c.fs.Bool("explain", false, "")
	c.fs.String("o", "", "")
	c.fs.String("fuse", "", "")
	c.aliases["smartfuse"] = alias{flag: "fuse", value: "smart"}
	c.aliases["innerpar"] = alias{refuse: "no"}
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
		if got := editDistance(c.a, c.b); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
