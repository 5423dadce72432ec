package cfront

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// corpus lists the C files of testdata.
func corpus(t testing.TB) []string {
	files, err := filepath.Glob(filepath.Join("testdata", "*.c"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	return files
}

// dumpWithErrors is Dump followed by the diagnostics, if any.
func dumpWithErrors(f *File, err error) string {
	out := Dump(f)
	if err != nil {
		out += "errors:\n" + err.Error() + "\n"
	}
	return out
}

// autoGolden lists the files whose golden output also shows a run with
// Config.AutoScop (pragma regions plus detected loop nests).
var autoGolden = map[string]bool{"gemm": true, "kr": true}

// TestGolden parses every testdata/*.c and compares Dump with
// testdata/golden/NAME.golden (go test -update rewrites them).
func TestGolden(t *testing.T) {
	for _, path := range corpus(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".c")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, perr := ParseFile(path, src, Config{})
			got := dumpWithErrors(f, perr)
			if autoGolden[name] {
				// The same file with automatic detection on as well.
				f, perr = ParseFile(path, src, Config{AutoScop: true})
				got += "\n== with AutoScop\n" + dumpWithErrors(f, perr)
			}
			gold := filepath.Join("testdata", "golden", name+".golden")
			if *update {
				if err := os.WriteFile(gold, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(gold)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("dump of %s differs from %s:\n%s", path, gold, lineDiff(string(want), got))
			}
		})
	}
}

// lineDiff shows the first differing lines.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "line " + itoa(i+1) + ":\n- " + a + "\n+ " + b
		}
	}
	return "(same lines)"
}

func itoa(i int) string {
	const d = "0123456789"
	if i < 10 {
		return d[i : i+1]
	}
	return itoa(i/10) + d[i%10:i%10+1]
}
