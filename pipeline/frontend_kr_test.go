package pipeline

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/scheduler"
)

// attrKernel is written as embench's matmult_int and depthconv are: a
// function marked with a GNU attribute before its name, then global
// matrices of a typedef'd array type, functions taking that type, and
// other GNU extensions in declarations. The nests after the attributed
// function used to get no region and no note.
const attrKernel = `#include <stdio.h>
#define UPPERLIMIT 24
typedef long matrix[UPPERLIMIT][UPPERLIMIT];
static int __attribute__ ((noinline)) ident(int v)
{
  return v;
}
__extension__ static long long total __asm__("tessera_kr_total") = 0;
matrix ArrayA, ArrayB, ResultArray __attribute__((aligned(64)));
static __inline__ long __attribute((always_inline)) half(long v) { return v / 2; }
void Initialize(matrix Array, int salt)
{
  int r, c;
  for (r = 0; r < UPPERLIMIT; r++)
    for (c = 0; c < UPPERLIMIT; c++)
      Array[r][c] = (r * 7 + c * 3 + salt) % 11 - 5;
}
void __attribute__((noinline)) Multiply(matrix A, matrix B, matrix Res)
{
  register int Outer, Inner, Index;
  for (Outer = 0; Outer < UPPERLIMIT; Outer++)
    for (Inner = 0; Inner < UPPERLIMIT; Inner++)
      {
	Res[Outer][Inner] = 0;
	for (Index = 0; Index < UPPERLIMIT; Index++)
	  Res[Outer][Inner] += A[Outer][Index] * B[Index][Inner];
      }
}
long G[UPPERLIMIT][UPPERLIMIT];
void smooth(void)
{
  for (int i = 1; i < UPPERLIMIT - 1; i++)
    for (int j = 1; j < UPPERLIMIT - 1; j++)
      G[i][j] = ResultArray[i - 1][j] + ResultArray[i + 1][j] + ResultArray[i][j - 1] + 2 * ResultArray[i][j];
}
int main(void)
{
  Initialize(ArrayA, 1);
  Initialize(ArrayB, 2);
  Multiply(ArrayA, ArrayB, ResultArray);
  smooth();
  for (int i = 0; i < UPPERLIMIT; i++)
    for (int j = 0; j < UPPERLIMIT; j++)
      total += G[i][j] * (i + 1) + ResultArray[i][j] * (j + 2);
  printf("%lld %ld %ld\n", total, ResultArray[3][5], half(G[7][9]) + ident(0));
  return 0;
}
`

// krKernel has old-style definitions as MiBench susan and Rodinia
// backprop write them, with and without a return type, with parameters
// declared out of order, an undeclared parameter (an int) and register.
const krKernel = `#include <stdio.h>
typedef unsigned char uchar;
float x[64][64], w[17][9], out[9];
uchar img[40][40];
int hist[40];
void scale(a, n, f)
  float *a; int n; float f;
{
  int i;
  for (i = 0; i < n; i++)
    a[i] = a[i] * f;
}
void bpnn_layerforward(l1, l2, conn, n1, n2)
float *l1, *l2, conn[][9];
int n1;
{
  int j, k;
  for (j = 1; j <= n2; j++) {
    l2[j] = 0;
    for (k = 0; k <= n1; k++)
      l2[j] += conn[k][j] * l1[k];
  }
}
susan_rows(in, x_size, y_size, r)
  register int y_size, x_size;
  uchar in[40][40]; int *r;
{
  int i, j;
  for (i = 0; i < y_size; i++)
    for (j = 0; j < x_size; j++)
      r[i] += in[i][j] > 100 ? in[i][j] - 100 : 0;
  return 0;
}
int main(void)
{
  int i, j;
  for (i = 0; i < 64; i++)
    for (j = 0; j < 64; j++)
      x[i][j] = (i * 3 + j) % 17 * 0.25f;
  for (i = 0; i < 17; i++)
    for (j = 0; j < 9; j++)
      w[i][j] = (i + 2 * j) % 5 * 0.5f;
  for (i = 0; i < 40; i++)
    for (j = 0; j < 40; j++)
      img[i][j] = (i * 13 + j * 7) % 256;
  scale(&x[0][0], 64 * 64, 1.5f);
  bpnn_layerforward(&x[2][0], out, w, 16, 8);
  susan_rows(img, 40, 40, hist);
  for (i = 0; i < 9; i++)
    printf("%.9g\n", out[i]);
  for (i = 0; i < 40; i += 7)
    printf("%d\n", hist[i]);
  printf("%.9g %.9g\n", x[0][5], x[63][63]);
  return 0;
}
`

// TestFrontEndKR: the nests of functions after an attributed definition
// and of old-style definitions are regions, and the optimized programs
// print what the originals print; a function whose parameter
// declarations are not understood gets a note saying so.
func TestFrontEndKR(t *testing.T) {
	t.Parallel()
	gcc, gccErr := exec.LookPath("gcc")
	flags := []string{"-O2", "-fopenmp", "-ffp-contract=off", "-std=gnu99", "-w"}
	testutil.NoteSample(t, "every other (program, flags) pair")
	for ki, k := range []struct {
		name  string
		src   string
		funcs []string // functions that must have a rewritten region
	}{
		{"attr", attrKernel, []string{"Initialize", "Multiply", "smooth", "main"}},
		{"kr", krKernel, []string{"scale", "bpnn_layerforward", "susan_rows", "main"}},
	} {
		var want string
		if gccErr == nil {
			want = runC(t, gcc, k.name+"_orig", k.src, flags...)
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
			if !testutil.Keep(ki+ci, 2) {
				continue
			}
			res, err := Optimize("k.c", []byte(k.src), c.opt)
			if err != nil {
				t.Fatalf("%s/%s: %v", k.name, c.name, err)
			}
			rewritten := map[string]bool{}
			for _, r := range res.Regions {
				if !r.Kept {
					rewritten[r.Region.Func] = true
				}
			}
			for _, fn := range k.funcs {
				if !rewritten[fn] {
					t.Errorf("%s/%s: no region of %s rewritten: %v", k.name, c.name, fn, res.Diags)
				}
			}
			if gccErr != nil {
				continue
			}
			out := string(res.Output)
			if got := runC(t, gcc, k.name+"_"+c.name, out, flags...); got != want {
				t.Errorf("%s/%s: prints\n%s\nthe original prints\n%s\n%s", k.name, c.name, got, want, out)
			}
		}
	}
	if gccErr != nil {
		t.Skip("gcc not found: the outputs were not compiled")
	}
}

// TestFrontEndKRUnread: an old-style definition whose declarations are
// not those of its parameters keeps its code, with a note that names the
// function's position and the reason; the next function is optimized.
func TestFrontEndKRUnread(t *testing.T) {
	src := `float a[100];
void bad(p, n)
  float *p; int n, m;
{
  for (int i = 0; i < n; i++) p[i] = 0;
}
void good(int n)
{
  for (int i = 0; i < n; i++) a[i] = a[i] * 2;
}
`
	res, err := Optimize("k.c", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var notes []string
	for _, d := range res.Diags {
		notes = append(notes, d.String())
	}
	want := "k.c:5:3: note: function at 2:6 skipped: its old-style parameter declarations are not understood: 'm' is declared at 3:20 but is not in the parameter list; its loops are left alone"
	if len(notes) == 0 || notes[0] != want {
		t.Errorf("notes\n%s\nwant first\n%s", strings.Join(notes, "\n"), want)
	}
	if len(res.Regions) != 1 || res.Regions[0].Kept || res.Regions[0].Region.Func != "good" {
		t.Errorf("regions: %d, diags %v", len(res.Regions), res.Diags)
	}
	if !strings.Contains(string(res.Output), "  for (int i = 0; i < n; i++) p[i] = 0;\n") {
		t.Errorf("bad() was changed:\n%s", res.Output)
	}
}
