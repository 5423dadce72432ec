package pipeline

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/emit"
	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/scheduler"
)

// ifBodySrc: the second nest is the unbraced body of an if; its new text
// (the loops and the emptied original loops that give i its final value)
// must all stay under the if. The first nest's i is read after it when c
// is false: the assignment of i in the second nest runs only when c holds.
const ifBodySrc = `#include <stdio.h>
static void run(int c) {
  int a[10]; int i;
  for (i = 0; i < 10; i++) a[i] = -1;
  if (c)
    for (i = 0; i < 10; i++)
      a[i] = 10;
  printf("%d %d\n", a[0], i);
}
int main(void) {
  run(0);
  run(1);
  return 0;
}
`

// subStmtSrc has automatic regions in every sub-statement position: after
// if on the same line, if/else, while, do, a case label and a plain label.
const subStmtSrc = `#include <stdio.h>
#define N 12
double A[N][N], B[N][N];
int i, j;
static void kernel(int c, int h) {
  int k;
  if (h > 2) for (i = 0; i < N; i++) for (j = 0; j < N; j++) A[i][j] = A[i][j] + B[j][i] * h;
  if (c)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        B[i][j] = B[i][j] * 0.5 + A[i][j];
  else
    for (i = 1; i < N; i++)
      for (j = 0; j < N; j++)
        A[i][j] = A[i - 1][j] + B[i][j];
  k = 0;
  while (k++ < 2)
    for (j = 0; j < N; j++)
      for (i = 0; i < N; i++)
        A[i][j] += k;
  do
    for (j = 0; j < N; j++)
      B[k][j] -= 1;
  while (++k < 4);
  switch (c) {
  case 1:
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++)
        B[i][j] += A[j][i];
    break;
  default:
  lab:
    for (i = 0; i < N; i++)
      for (j = 1; j < N; j++)
        B[i][j] += B[i][j - 1];
  }
  printf("%d %d\n", i, j);
}
int main(void) {
  int c, h;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) { A[i][j] = (i * 7 + j) % 13; B[i][j] = (i + 3 * j) % 11; }
  for (c = 0; c < 2; c++)
    for (h = 1; h < 5; h += 2)
      kernel(c, h);
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      printf("%.17g %.17g\n", A[i][j], B[i][j]);
  return 0;
}
`

// TestSubStatementRegions: regions that are the body of a statement are
// spliced in braces, and the programs print what the originals print.
func TestSubStatementRegions(t *testing.T) {
	t.Parallel()
	gcc, gccErr := exec.LookPath("gcc")
	testutil.NoteSample(t, "every other (program, flags) pair")
	for pi, p := range []struct{ name, src string }{{"ifbody", ifBodySrc}, {"substmt", subStmtSrc}} {
		var want string
		if gccErr == nil {
			want = runC(t, gcc, p.name+"-orig", p.src, "-O2")
		}
		for ci, c := range []struct {
			name string
			opt  Options
		}{
			{"default", Options{}},
			{"parallel", Options{Sched: scheduler.Config{Parallel: true}}},
			{"identity", Options{Identity: true}},
		} {
			// Plain mode runs every other (program, flags) pair, in
			// turn; TESSERA_LONG=1 runs them all.
			if !testutil.Keep(pi+ci, 2) {
				continue
			}
			res, err := Optimize("k.c", []byte(p.src), c.opt)
			if err != nil || res.Errors() {
				t.Fatalf("%s/%s: %v %v", p.name, c.name, err, res.Diags)
			}
			n := 0
			for _, r := range res.Regions {
				if !r.Kept {
					n++
				}
			}
			if n == 0 {
				t.Fatalf("%s/%s: every region kept", p.name, c.name)
			}
			out := string(res.Output)
			if strings.Contains(out, "if (c)\n    for") {
				t.Errorf("%s/%s: the if's body is not braced:\n%s", p.name, c.name, out)
			}
			if gccErr != nil {
				continue
			}
			if got := runC(t, gcc, p.name+"-"+c.name, out, "-O2", "-fopenmp"); got != want {
				t.Errorf("%s/%s: output differs from the original's:\ngot  %q\nwant %q\n%s", p.name, c.name, got, want, out)
			}
		}
	}
}

// TestPlaceText checks the splice text of regions in each position, with
// a generated text that starts with a directive: it must start a line,
// and under an if it must be braced.
func TestPlaceText(t *testing.T) {
	const text = "#pragma omp parallel for\nfor (int c0 = 0; c0 < 4; c0 += 1)\n  a[c0] = 0;\nx = 1;\n"
	for _, tc := range []struct {
		name, src string
		want      string // the region's replacement
	}{
		{"if-same-line", "void f(int h) {\n  if (h > 2) for (i = 0; i < 4; i++) a[i] = 0;\n}\n",
			"{\n#pragma omp parallel for\n    for (int c0 = 0; c0 < 4; c0 += 1)\n      a[c0] = 0;\n    x = 1;\n  }"},
		{"else", "void f(int h) {\n  if (h) x = 2;\n  else\n    for (i = 0; i < 4; i++) a[i] = 0;\n}\n",
			"{\n#pragma omp parallel for\n  for (int c0 = 0; c0 < 4; c0 += 1)\n    a[c0] = 0;\n  x = 1;\n    }"},
		{"after-statement", "void f(int h) {\n  x = 0; for (i = 0; i < 4; i++) a[i] = 0;\n}\n",
			"\n" + text},
		{"own-line", "void f(int h) {\n  x = 0;\n  for (i = 0; i < 4; i++) a[i] = 0;\n}\n", text},
	} {
		src := "int a[4], i, x;\n" + tc.src
		f, err := cfront.ParseFile("k.c", []byte(src), cfront.Config{AutoScop: true})
		if err != nil || len(f.Regions) != 1 {
			t.Fatalf("%s: %v, %d regions", tc.name, err, len(f.Regions))
		}
		got, err := newPlacer(f).place(f.Regions[0], text)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got != tc.want {
			t.Errorf("%s: got\n%q\nwant\n%q", tc.name, got, tc.want)
		}
		r := f.Regions[0]
		out, err := emit.Splice([]byte(src), []emit.Edit{{Start: r.BodyStart, End: r.BodyEnd, Text: got}})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(out), "\n") {
			if k := strings.Index(l, "#"); k >= 0 && strings.TrimSpace(l[:k]) != "" {
				t.Errorf("%s: a directive after code on its line:\n%s", tc.name, out)
			}
		}
	}
}

// TestSubStatementKept: a pragma region that is the body of an if but
// holds two statements (only the first is under the if), and one after an
// OpenMP pragma (which applies to the region's code as written), keep
// their code with an error.
func TestSubStatementKept(t *testing.T) {
	for _, src := range []string{
		"int a[8], b[8];\nvoid f(int c) {\n  int i;\n  if (c)\n#pragma scop\n  for (i = 0; i < 8; i++) a[i] = 1;\n  for (i = 0; i < 8; i++) b[i] = a[i];\n#pragma endscop\n}\n",
		"int a[8], b[8];\nvoid f(int c) {\n  int i;\n#pragma omp parallel for\n#pragma scop\n  for (i = 0; i < 8; i++) a[i] = 1;\n#pragma endscop\n}\n",
	} {
		res, err := Optimize("k.c", []byte(src), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Regions) != 1 || !res.Regions[0].Kept || !res.Errors() {
			t.Errorf("region not kept, or no error: %v\n%s", res.Diags, res.Output)
		}
		if string(res.Output) != src {
			t.Errorf("output differs from the input:\n%s", res.Output)
		}
	}
}

// TestBOMOutput: a file starting with a UTF-8 byte-order mark keeps it
// first, and the output compiles.
func TestBOMOutput(t *testing.T) {
	src := "\xef\xbb\xbf#include <stdio.h>\ndouble A[20][20];\nint main(void) {\n  int i, j;\n  for (i = 0; i < 20; i++)\n    for (j = 0; j < 20; j++)\n      A[i][j] = i * 0.5 + j;\n  printf(\"%f\\n\", A[3][7]);\n  return 0;\n}\n"
	res, err := Optimize("k.c", []byte(src), Options{Vectorize: true})
	if err != nil || res.Errors() || res.Regions[0].Kept {
		t.Fatalf("%v %v", err, res.Diags)
	}
	if !strings.HasPrefix(string(res.Output), "\xef\xbb\xbf#include <stdio.h>\n") || strings.Count(string(res.Output), "\xef\xbb\xbf") != 1 {
		t.Fatalf("the byte-order mark is not first:\n%q", res.Output)
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	if got, want := runC(t, gcc, "opt", string(res.Output), "-O2"), runC(t, gcc, "orig", src, "-O2"); got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}

// TestHelpersIgnoreUserMacros: a header that defines the isl helper names
// as object-like macros cannot break the generated code, which names its
// helpers with tessera's prefix.
func TestHelpersIgnoreUserMacros(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	hdr := "#define min 1.0\n#define max 2.0\n#define floord 3\n#define ceild 4\n"
	if err := os.WriteFile(filepath.Join(dir, "defs.h"), []byte(hdr), 0o644); err != nil {
		t.Fatal(err)
	}
	src := `#include <stdio.h>
#include "defs.h"
#define N 70
double A[N][N], B[N][N], C[N][N];
int main(void) {
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) { A[i][j] = (i * 3 + j) % 7; B[i][j] = (i + 2 * j) % 5; C[i][j] = 0; }
#pragma scop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      printf("%.17g\n", C[i][j] * min + max);
  return 0;
}
`
	path := filepath.Join(dir, "k.c")
	gcc, gccErr := exec.LookPath("gcc")
	for _, c := range []struct {
		name string
		opt  Options
	}{
		{"default", Options{}},
		{"parallel", Options{Sched: scheduler.Config{Parallel: true}}},
		{"vector", Options{Vectorize: true, Sched: scheduler.Config{Parallel: true}}},
	} {
		res, err := Optimize(path, []byte(src), c.opt)
		if err != nil || res.Errors() || res.Regions[0].Kept {
			t.Fatalf("%s: %v %v", c.name, err, res.Diags)
		}
		out := string(res.Output)
		if !strings.Contains(out, "tessera_floord(") && !strings.Contains(out, "tessera_min(") {
			t.Errorf("%s: no prefixed helper in the output (not tiled?):\n%s", c.name, out)
		}
		for _, w := range []string{"floord", "ceild", "min", "max"} {
			for _, l := range strings.Split(out, "\n") {
				if strings.Contains(strings.ReplaceAll(l, "tessera_"+w, ""), w+"(") {
					t.Errorf("%s: unprefixed %s in %q", c.name, w, l)
				}
			}
		}
		if gccErr != nil {
			continue
		}
		want := runCIn(t, gcc, dir, "orig", src, "-O2")
		if got := runCIn(t, gcc, dir, c.name, out, "-O2", "-fopenmp", "-march=native"); got != want {
			t.Errorf("%s: output differs from the original's\n%s", c.name, out)
		}
	}
}

// runCIn is runC with dir (where the program's headers are) on the
// include path.
func runCIn(t *testing.T, gcc, dir, name, src string, flags ...string) string {
	t.Helper()
	return runC(t, gcc, name, src, append([]string{"-I" + dir}, flags...)...)
}
