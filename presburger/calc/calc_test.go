package calc

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	pb "github.com/tessera-opt/tessera/presburger"
)

var update = flag.Bool("update", false, "rewrite the golden .out files of testdata")

// runText runs a program and returns stdout and stderr joined (stderr
// last) and the exit status.
func runText(name, src string) (string, int) {
	var out, errb bytes.Buffer
	dir, _ := os.MkdirTemp("", "calc")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, name)
	os.WriteFile(path, []byte(src), 0o644)
	code := Main([]string{path}, nil, &out, &errb)
	text := out.String() + strings.ReplaceAll(errb.String(), path, name)
	return text, code
}

// sameLine reports whether a printed line matches the golden one: equal
// text, or both unions of sets/maps with the same points (so that
// improvements of the engine's simplification do not break the goldens).
func sameLine(got, want string) bool {
	if got == want {
		return true
	}
	gu, gs, err1 := pb.ParseUnion(got)
	wu, ws, err2 := pb.ParseUnion(want)
	if err1 != nil || err2 != nil || gs != ws {
		return false
	}
	defer func() { recover() }()
	return gu.IsEqual(wu)
}

// TestGolden runs testdata/*.iscc and compares with testdata/*.out (the
// printed values, then the error line if any).
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.iscc")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := runText(filepath.Base(f), string(src))
		golden := strings.TrimSuffix(f, ".iscc") + ".out"
		if *update {
			os.WriteFile(golden, []byte(got), 0o644)
			continue
		}
		wantB, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%s: %v (run with -update)", golden, err)
		}
		gl := strings.Split(strings.TrimRight(got, "\n"), "\n")
		wl := strings.Split(strings.TrimRight(string(wantB), "\n"), "\n")
		if len(gl) != len(wl) {
			t.Errorf("%s: %d output lines, want %d\ngot:\n%s", f, len(gl), len(wl), got)
			continue
		}
		for i := range gl {
			if !sameLine(gl[i], wl[i]) {
				t.Errorf("%s: line %d:\n got %s\nwant %s", f, i+1, gl[i], wl[i])
			}
		}
	}
}

func TestErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"x;", "p.iscc:1:1: error: undefined variable 'x'"},
		{"A := { [i] };\nA(A);", "p.iscc:2:2: error: application needs a map, found a set"},
		{"{ [i] : i >= }", "p.iscc:1:14: error: expected an expression"},
		{"{ [i] } + { [i] -> [j] };", "p.iscc:1:9: error: union of a set and a map"},
		{"dom { [i] };", "p.iscc:1:1: error: dom needs a map, found a set"},
		{"{ [i] }", "p.iscc:1:8: error: expected ';' at the end of the statement"},
		{"card [n] -> { [i] -> [j] : 0 <= i < n and j = i };", "not yet supported: card of a parametric map"},
		{"card [n] -> { [i] : i >= n };", "p.iscc:1:1: error: card:"},
		{"card { [i] : i >= 0 };", "p.iscc:1:1: error: card:"},
		{"{ [i] }^-2;", "p.iscc:1:10: error: expected '1' in '^-1'"},
		{"dom := { [i] };", "'dom' is a keyword"},
		{"{ [i] } @;", "p.iscc:1:9: error: unexpected character '@'"},
		{"card 3 + 4;", "card needs a set, found an integer"},
		{"1 = { [i] };", "comparison of an integer and a set"},
		{"(((({ [i] }))));\n" + strings.Repeat("(", 300) + "{ [i] }" + strings.Repeat(")", 300) + ";", "nested too deeply"},
	}
	for _, c := range cases {
		got, code := runText("p.iscc", c.src)
		if code != 1 {
			t.Errorf("%q: exit %d, want 1 (output %q)", c.src, code, got)
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%q: output %q, want it to contain %q", c.src, got, c.want)
		}
	}
}

func TestMainUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main([]string{"a", "b"}, nil, &out, &errb); code != 2 {
		t.Errorf("two files: exit %d", code)
	}
	if code := Main([]string{"/nonexistent/x.iscc"}, nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "error:") {
		t.Errorf("missing file: exit %d, %q", code, errb.String())
	}
	out.Reset()
	if code := Main(nil, strings.NewReader("{ [i] : 0 <= i < 2 } - { [0] };"), &out, &errb); code != 0 || out.String() != "{ [1] }\n" {
		t.Errorf("stdin: exit %d, %q", code, out.String())
	}
}

// FuzzCalc checks that no program makes the calculator panic.
func FuzzCalc(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.iscc")
	for _, file := range files {
		b, _ := os.ReadFile(file)
		f.Add(string(b))
	}
	f.Add("A := { [i] : 0 <= i < 3 }; card A; lexmin A; A^-1;")
	f.Add("R := { [i] -> [j] }; R(R); R . R; dom ran R;")
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1000 {
			return
		}
		var out bytes.Buffer
		err := Run(strings.NewReader(src), &out, "f")
		if err != nil && !strings.HasPrefix(err.Error(), "f:") {
			t.Fatalf("%q: error without position: %v", src, err)
		}
	})
}
