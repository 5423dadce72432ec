package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/openscop"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scop"
)

// exportKernel returns the OpenScop text of the regions of a C file.
func exportKernel(t *testing.T, path string, defines map[string]string) string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := cfront.ParseFile(path, src, cfront.Config{Defines: defines})
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var docs []*openscop.Scop
	for _, r := range f.Regions {
		s, err := scop.FromRegion(f, r, scop.Config{File: path})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		doc, err := openscop.FromModel(s, src)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		docs = append(docs, doc)
	}
	var b bytes.Buffer
	openscop.Print(&b, docs...)
	return b.String()
}

// spliceRegion replaces the lines from #pragma scop to #pragma endscop
// of a file with one region by code.
func spliceRegion(t *testing.T, src, code string) string {
	t.Helper()
	lines := strings.Split(src, "\n")
	start, end := -1, -1
	for i, l := range lines {
		switch strings.TrimSpace(l) {
		case "#pragma scop":
			if start >= 0 {
				t.Fatal("more than one region")
			}
			start = i
		case "#pragma endscop":
			end = i
		}
	}
	if start < 0 || end < start {
		t.Fatal("no region")
	}
	out := append(append(append([]string{}, lines[:start]...), code), lines[end+1:]...)
	return strings.Join(out, "\n")
}

// TestOpenScopRoundTrip exports kernels of the suite to OpenScop,
// generates C from the documents (the original scattering), puts that
// code in place of the region, and compares what gcc's builds of the
// original and of the regenerated file print. A few kernels by default,
// all of them with TESSERA_LONG=1.
func TestOpenScopRoundTrip(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found: the round trip compares compiled programs")
	}
	dir := filepath.Join("..", "..", "bench", "kernels")
	kernels := []string{"atax", "lu", "nussinov", "seidel-2d", "deriche"}
	if os.Getenv("TESSERA_LONG") != "" {
		files, _ := filepath.Glob(filepath.Join(dir, "*.c"))
		kernels = nil
		for _, f := range files {
			kernels = append(kernels, strings.TrimSuffix(filepath.Base(f), ".c"))
		}
	}
	defines := map[string]string{"MINI_DATASET": ""}
	tmp := t.TempDir()
	for _, k := range kernels {
		t.Run(k, func(t *testing.T) {
			path := filepath.Join(dir, k+".c")
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			text := exportKernel(t, path, defines)
			code, err := codegenOpenScop(k+".scop", []byte(text), schedule.OptionDefault)
			if err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			rt := spliceRegion(t, string(src), code)
			var outs [2]string
			for i, c := range []string{string(src), rt} {
				cfile := filepath.Join(tmp, k+[]string{".orig.c", ".rt.c"}[i])
				bin := strings.TrimSuffix(cfile, ".c")
				if err := os.WriteFile(cfile, []byte(c), 0o644); err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command(gcc, "-O1", "-ffp-contract=off", "-DMINI_DATASET", "-I", dir, cfile, "-o", bin, "-lm")
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("gcc %s: %v\n%s", cfile, err, out)
				}
				out, err := exec.Command(bin).Output()
				if err != nil {
					t.Fatalf("%s: %v", bin, err)
				}
				outs[i] = string(out)
			}
			if outs[0] == "" || outs[0] != outs[1] {
				t.Errorf("the regenerated code prints something else:\n%s", code)
			}
			if !strings.Contains(code, "c1") {
				t.Errorf("the region was not regenerated:\n%s", code)
			}
		})
	}
}

// roundTripSmall is a program whose region has a step of 3, a negative
// step, a guard with a modulo, a bound with a division, a triangular nest
// and a declaration: local dims in the domains, -i in a scattering.
const roundTripSmall = `#include <stdio.h>
double a[200], b[200], c[100][100];
int main(void) {
  int n = 97, m = 41;
  double s = 1.0;
  for (int i = 0; i < 200; i++) { a[i] = i % 7; b[i] = 1.0 / (i + 1); }
#pragma scop
  for (int i = 1; i < n; i += 3)
    a[i] = a[i - 1] * 0.5 + b[i];
  for (int i = n - 1; i >= 0; i--) {
    s = s * 0.25 + b[i];
    b[i] = s + a[i];
  }
  for (int i = 0; i < n; i++) {
    if (i % 2 == 0)
      a[i] = a[i] + b[i / 2];
    for (int j = 0; j <= i / 3 && j < m; j++) {
      double t = a[j] * b[i];
      c[i][j] = t + c[j][i];
    }
  }
#pragma endscop
  for (int i = 0; i < 100; i++)
    printf("%.17g %.17g %.17g\n", a[i], b[i], c[i][i / 2]);
  printf("%.17g\n", s);
  return 0;
}
`

// TestOpenScopRoundTripSmall is the round trip of TestOpenScopRoundTrip
// on roundTripSmall.
func TestOpenScopRoundTripSmall(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found: the round trip compares compiled programs")
	}
	tmp := t.TempDir()
	path := filepath.Join(tmp, "small.c")
	if err := os.WriteFile(path, []byte(roundTripSmall), 0o644); err != nil {
		t.Fatal(err)
	}
	text := exportKernel(t, path, nil)
	if !strings.Contains(text, "DOMAIN\n5 6 1 0 1 2") {
		t.Errorf("no local dim for the step of 3:\n%s", text)
	}
	code, err := codegenOpenScop("small.scop", []byte(text), schedule.OptionDefault)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	var outs [2]string
	for i, c := range []string{roundTripSmall, spliceRegion(t, roundTripSmall, code)} {
		cfile := filepath.Join(tmp, []string{"orig.c", "rt.c"}[i])
		bin := strings.TrimSuffix(cfile, ".c")
		if err := os.WriteFile(cfile, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(gcc, "-O1", "-ffp-contract=off", cfile, "-o", bin).CombinedOutput(); err != nil {
			t.Fatalf("gcc %s: %v\n%s\n%s", cfile, err, out, c)
		}
		out, err := exec.Command(bin).Output()
		if err != nil {
			t.Fatalf("%s: %v", bin, err)
		}
		outs[i] = string(out)
	}
	if outs[0] != outs[1] {
		t.Errorf("the regenerated code prints something else:\n%s", code)
	}
}

// TestOpenScopCodegenNoPanic feeds codegen documents that read but
// describe nothing sensible: errors, never a panic.
func TestOpenScopCodegenNoPanic(t *testing.T) {
	docs := []string{
		// A scattering that is not a function of the iterators.
		"<OpenScop>\nC\nCONTEXT\n0 2 0 0 0 0\n0\n1\n2\nDOMAIN\n2 3 1 0 0 0\n1 1 0\n1 -1 5\nSCATTERING\n1 4 1 1 0 0\n1 -1 1 0\n1\n<body>\n1\ni\nx[i] = 0;\n</body>\n</OpenScop>\n",
		// An unbounded domain.
		"<OpenScop>\nC\nCONTEXT\n0 2 0 0 0 0\n0\n1\n2\nDOMAIN\n1 3 1 0 0 0\n1 1 0\nSCATTERING\n1 4 1 1 0 0\n0 -1 1 0\n1\n<body>\n1\ni\nx[i] = 0;\n</body>\n</OpenScop>\n",
		// Huge coefficients.
		"<OpenScop>\nC\nCONTEXT\n0 2 0 0 0 0\n0\n1\n2\nDOMAIN\n2 3 1 0 0 0\n1 9223372036854775807 0\n1 -9223372036854775807 5\nSCATTERING\n1 4 1 1 0 0\n0 -1 9223372036854775807 0\n1\n<body>\n1\ni\nx[i] = 0;\n</body>\n</OpenScop>\n",
		// No statement.
		"<OpenScop>\nC\nCONTEXT\n0 2 0 0 0 0\n0\n0\n</OpenScop>\n",
	}
	for i, d := range docs {
		_, err := codegenOpenScop("f.scop", []byte(d), schedule.OptionDefault)
		if i == 0 && (err == nil || !strings.Contains(err.Error(), "f.scop:12:1: error: the scattering of statement 1 gives some instances several dates")) {
			t.Errorf("document 0: %v", err)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "f.scop:") {
			t.Errorf("document %d: error without position: %v", i, err)
		}
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Errorf("document %d: %v", i, err)
		}
	}
}

// plutoMacros defines the helpers of the code Pluto writes (polycc adds
// such definitions around it).
const plutoMacros = `#include <math.h>
#define ceild(n,d) (((n) > 0) ? (((n) + (d) - 1) / (d)) : -((-(n)) / (d)))
#define floord(n,d) (((n) >= 0) ? ((n) / (d)) : -((-(n) + (d) - 1) / (d)))
#define max(x,y) ((x) > (y) ? (x) : (y))
#define min(x,y) ((x) < (y) ? (x) : (y))
`

// TestPlutoReadsExports hands the exports of the suite's kernels to
// Pluto (TESSERA_PLUTO names Pluto's pluto program, 0.13 or later):
// pluto --readscop computes its own schedule from the document (the
// dependences from its access relations), writes code with the bodies
// (with the flags of TESSERA_PLUTO_FLAGS, default --notile: Pluto 0.13's
// tiled code for the suite's adi is wrong also from its own C front end),
// and that code in place of the region, compiled without OpenMP, must
// print what the original prints. A kernel Pluto refuses is an error.
// Run it with -timeout 30m: on conv2d, Pluto and gcc take minutes.
func TestPlutoReadsExports(t *testing.T) {
	pluto := os.Getenv("TESSERA_PLUTO")
	if pluto == "" {
		t.Skip("TESSERA_PLUTO is not set: name Pluto's pluto program (built from bondhugula/pluto) to check that Pluto reads tessera's OpenScop exports")
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found: the check compares compiled programs")
	}
	dir, err := filepath.Abs(filepath.Join("..", "..", "bench", "kernels"))
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.c"))
	tmp := t.TempDir()
	for _, path := range files {
		k := strings.TrimSuffix(filepath.Base(path), ".c")
		t.Run(k, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			text := exportKernel(t, path, map[string]string{"MINI_DATASET": ""})
			scopFile := filepath.Join(tmp, k+".scop")
			if err := os.WriteFile(scopFile, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			plutoOut := filepath.Join(tmp, k+".pluto.c")
			flags := strings.Fields(os.Getenv("TESSERA_PLUTO_FLAGS"))
			if os.Getenv("TESSERA_PLUTO_FLAGS") == "" {
				flags = []string{"--notile"}
			}
			args := append(append([]string{"--readscop", "--silent"}, flags...), scopFile, "-o", plutoOut)
			cmd := exec.Command(pluto, args...)
			cmd.Dir = tmp
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("pluto: %v\n%s", err, out)
			}
			code, err := os.ReadFile(plutoOut)
			if err != nil {
				t.Fatal(err)
			}
			var outs [2]string
			for i, c := range []string{string(src), spliceRegion(t, string(src), plutoMacros+string(code))} {
				cfile := filepath.Join(tmp, k+[]string{".orig.c", ".plu.c"}[i])
				bin := strings.TrimSuffix(cfile, ".c")
				if err := os.WriteFile(cfile, []byte(c), 0o644); err != nil {
					t.Fatal(err)
				}
				if out, err := exec.Command(gcc, "-O1", "-ffp-contract=off", "-DMINI_DATASET", "-I", dir, cfile, "-o", bin, "-lm").CombinedOutput(); err != nil {
					t.Fatalf("gcc %s: %v\n%s", cfile, err, out)
				}
				out, err := exec.Command(bin).Output()
				if err != nil {
					t.Fatalf("%s: %v", bin, err)
				}
				outs[i] = string(out)
			}
			if outs[0] != outs[1] {
				t.Errorf("Pluto's code prints something else:\n%s", code)
			}
		})
	}
}
