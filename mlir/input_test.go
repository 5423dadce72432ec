package mlir

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/pipeline"
)

var updateIn = flag.Bool("update-in", false, "rewrite the golden files of the MLIR input path (testdata/golden/in_*.mlir)")

// goldenText is what a golden file of the input path holds: the output
// MLIR, with the bodies of the functions Emit wrote left out (the
// emitter's golden tests check them, and the differential test checks
// what they compute), then the diagnostics as comments.
func goldenText(t *testing.T, res *InputResult) string {
	t.Helper()
	out := res.Output
	if len(res.NewFuncs) > 0 {
		mod, err := Parse("output", out)
		if err != nil {
			t.Fatalf("the output does not parse: %v\n%s", err, out)
		}
		var b strings.Builder
		pos := 0
		for _, f := range mod.Funcs {
			if f.Body != nil && slices.Contains(res.NewFuncs, f.Name) {
				b.Write(out[pos:f.Body.Start])
				b.WriteString("{ ... }")
				pos = f.Body.End
			}
		}
		b.Write(out[pos:])
		out = []byte(b.String())
	}
	var b strings.Builder
	b.Write(out)
	b.WriteString("// ---- diagnostics\n")
	for _, d := range res.Diags {
		b.WriteString("// " + d.String() + "\n")
	}
	return b.String()
}

// TestInputGolden checks OptimizeFile's output and diagnostics on every
// input of testdata/in against testdata/golden/in_NAME.mlir (default
// options; -update-in rewrites them).
func TestInputGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/in/*.mlir")
	more, _ := filepath.Glob("testdata/in/polygeist/*.mlir")
	files = append(files, more...)
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".mlir")
		if strings.Contains(file, "polygeist") {
			name = "polygeist_" + name
		}
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			res, err := OptimizeFile(file, src, pipeline.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := goldenText(t, res)
			golden := filepath.Join("testdata", "golden", "in_"+name+".mlir")
			if *updateIn {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -run TestInputGolden -update-in)", err)
			}
			if got != string(want) {
				t.Errorf("output differs from %s (go test -run TestInputGolden -update-in rewrites it)\n--- got\n%s", golden, got)
			}
		})
	}
}

// TestInputKeepsUnsupported checks that a nest with an operation the
// model has no counterpart for is reported by name and kept byte for
// byte, and that the other nests of the function are still rewritten.
func TestInputKeepsUnsupported(t *testing.T) {
	file := "testdata/in/unsupported.mlir"
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	res, err := OptimizeFile(file, src, pipeline.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var warns []string
	for _, d := range res.Diags {
		warns = append(warns, d.String())
	}
	all := strings.Join(warns, "\n")
	for _, want := range []string{
		"unsupported.mlir:10:7: warning: operation scf.if is not supported inside a loop nest",
		"unsupported.mlir:14:5: warning: affine.for carrying 2 values (iter_args): one is supported",
		"unsupported.mlir:24:7: warning: operation func.call is not supported inside a loop nest",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no diagnostic %q in\n%s", want, all)
		}
	}
	if res.Errors() {
		t.Errorf("an unsupported operation is an error; want a warning:\n%s", all)
	}
	mod, err := Parse(file, src)
	if err != nil {
		t.Fatal(err)
	}
	ops := mod.Funcs[1].Body.Ops
	kept := 0
	for _, op := range ops {
		if op.Name == "affine.for" || (len(op.Results) > 0 && op.Name == "affine.for") {
			text := string(src[op.Start:op.End])
			if strings.Contains(string(res.Output), text) {
				kept++
			}
		}
	}
	if kept != 3 {
		t.Errorf("%d of the 3 unsupported nests kept verbatim; output:\n%s", kept, res.Output)
	}
	if res.Rewritten != 1 || !strings.Contains(string(res.Output), "func.call @kept_nest") {
		t.Errorf("the last nest is not rewritten (rewritten %d):\n%s", res.Rewritten, res.Output)
	}
}

// TestInputParseErrors checks that malformed files give file:line:col:
// error: messages (and never a panic).
func TestInputParseErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"func.func @f(%a: memref<4xf64>) {\n  affine.for %i = 0 to 4 {\n", "x.mlir:2:26: error: region is not closed"},
		{"func.func @f() {\n  %0 = arith.constant : f64\n}\n", "x.mlir:2:23: error: expected a constant, found ':'"},
		{"#m = affine_map<(d0) -> (d0 * d0)>\n", "x.mlir:1:29: error: the right operand of '*' must be a constant"},
		{"#m = affine_map<(d0) -> (d0 floordiv 0)>\n", "x.mlir:1:29: error: 'floordiv' by a non-positive constant"},
		{"func.func @f(%A: memref<4xf64>) {\n  affine.for %i = 0 to 4 {\n    %x = affine.load %A[%i, %i] : memref<4xf64>\n  }\n  return\n}\n", "x.mlir:3:5: error: affine.load has 2 subscripts for a memref of rank 1"},
		{"func.func @f(%A: memref<4xf64>) {\n  affine.for %i = 0 to #nomap(%i) {\n  }\n}\n", "x.mlir:2:24: error: undefined affine map #nomap"},
		{"#m = affine_map<(d0) -> (d0)>\nfunc.func @f(%n: index) {\n  affine.for %i = 0 to #m(%n, %n) {\n  }\n}\n", "x.mlir:3:24: error: the map takes 1 dimensions and 0 symbols, given 2 and 0"},
		{"func.func @f() {\n  affine.for %i = 0 to 4 step 0 {\n  }\n}\n", "x.mlir:2:31: error: the step must be positive"},
		{"func.func @f() {\n  %0 = \"x.y\"() : () -> i32\n  ) \n}\n", "x.mlir:3:3: error:"},
		{"module {\n  func.func @f() {\n    return\n  }\n", "x.mlir:1:1: error: module is not closed"},
		{"func.func @f(%a: memref<4xf64) {\n}\n", "x.mlir:1:18: error: unterminated type"},
		{"func.func @f() {\n  %0 = arith.constant 99999999999999999999 : i64\n}\n", "x.mlir:2:23: error: integer 99999999999999999999 out of the 64-bit range"},
		{"func.func @f() {\n  %x = arith.constant \"s : f64\n}\n", "x.mlir:2:23: error: unterminated string"},
		{"func.func @f() {\n  ` \n}\n", "x.mlir:2:3: error: unexpected character \"`\""},
	}
	for _, c := range cases {
		_, err := Parse("x.mlir", []byte(c.src))
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: got %v, want a ParseError %q", c.src, err, c.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q:\n got %s\nwant %s", c.src, err, c.want)
		}
		if _, err := OptimizeFile("x.mlir", []byte(c.src), pipeline.Options{}); err == nil || err.Error() != pe.Error() {
			t.Errorf("OptimizeFile: got %v, want the parse error", err)
		}
	}
}

// TestParseRanges checks the byte ranges and positions the parser keeps:
// each function's and loop's text starts with its keyword and ends with
// its closing brace.
func TestParseRanges(t *testing.T) {
	src, err := os.ReadFile("testdata/in/polybench_like.mlir")
	if err != nil {
		t.Fatal(err)
	}
	mod, err := Parse("p.mlir", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(mod.Funcs) != 4 {
		t.Fatalf("%d functions, want 4", len(mod.Funcs))
	}
	for _, f := range mod.Funcs {
		text := string(src[f.Start:f.End])
		if !strings.HasPrefix(text, "func.func @"+f.Name+"(") || !strings.HasSuffix(text, "}") {
			t.Errorf("@%s: range holds %q...%q", f.Name, text[:20], text[len(text)-5:])
		}
		for _, op := range f.Body.Ops {
			text := string(src[op.Start:op.End])
			if !strings.HasPrefix(text, op.Name) && !strings.HasPrefix(text, "%") {
				t.Errorf("@%s: op %s range starts with %q", f.Name, op.Name, text)
			}
			if op.Name == "affine.for" && !strings.HasSuffix(text, "}") {
				t.Errorf("@%s: loop range ends with %q", f.Name, text[len(text)-10:])
			}
			line := strings.Count(string(src[:op.Start]), "\n") + 1
			if op.Loc.Line != line {
				t.Errorf("@%s: %s at line %d, want %d", f.Name, op.Name, op.Loc.Line, line)
			}
		}
	}
}

// FuzzParse feeds arbitrary text to the parser and the raiser: errors,
// never panics; every range a parsed file gives lies inside the input.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/in/*.mlir")
	more, _ := filepath.Glob("testdata/in/polygeist/*.mlir")
	for _, file := range append(files, more...) {
		src, err := os.ReadFile(file)
		if err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("#s = affine_set<(d0)[s0] : (d0 - s0 == 0, d0 >= 0)>\nfunc.func @f(%n: index) {\n affine.if #s(%n)[%n] {\n } else {\n }\n return\n}\n"))
	f.Add([]byte("%0:2 = \"x\"() ({ ^bb0(%a: i32): }) : () -> (i32, i32)\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		mod, err := Parse("f.mlir", src)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), "f.mlir:") {
				t.Fatalf("error %v is not a positioned ParseError", err)
			}
			return
		}
		names := map[string]bool{}
		for _, fn := range mod.Funcs {
			if fn.Start < 0 || fn.End > len(src) || fn.Start > fn.End {
				t.Fatalf("function range [%d,%d) outside the input of %d bytes", fn.Start, fn.End, len(src))
			}
			for _, n := range raiseFunc(mod, fn, names) {
				if n.op.Start < fn.Start || n.op.End > fn.End {
					t.Fatalf("nest range [%d,%d) outside its function", n.op.Start, n.op.End)
				}
			}
		}
	})
}

// TestInputValueBlowup: a chain of operations that each use the previous
// value twice would be exponential to write in place; the nest is kept
// with a warning, in bounded work.
func TestInputValueBlowup(t *testing.T) {
	var b strings.Builder
	b.WriteString("func.func @f(%A: memref<8xf64>) {\n  affine.for %i = 0 to 8 {\n    %v0 = affine.load %A[%i] : memref<8xf64>\n")
	for k := 1; k <= 60; k++ {
		fmt.Fprintf(&b, "    %%v%d = arith.addf %%v%d, %%v%d : f64\n", k, k-1, k-1)
	}
	b.WriteString("    affine.store %v60, %A[%i] : memref<8xf64>\n  }\n  return\n}\n")
	res, err := OptimizeFile("blow.mlir", []byte(b.String()), pipeline.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Raised != 0 || len(res.Diags) == 0 || !strings.Contains(res.Diags[0].Msg, "too large") {
		t.Errorf("raised %d, diagnostics %v", res.Raised, res.Diags)
	}
}
