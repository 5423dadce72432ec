package cfront

import (
	"strings"
	"testing"
)

// scanDump lists the globals, then each function with its parameters,
// locals and regions, one per line.
func scanDump(f *File) string {
	var b strings.Builder
	for _, v := range f.Globals {
		b.WriteString(dumpVar(v) + "\n")
	}
	for _, fn := range f.Funcs {
		b.WriteString("func " + fn.Name + " @" + fn.Pos.String() + " -> " + fn.Result + "\n")
		for _, v := range fn.Params {
			b.WriteString("  " + dumpVar(v) + "\n")
		}
		for _, v := range fn.Locals {
			b.WriteString("  " + dumpVar(v) + "\n")
		}
	}
	for _, r := range f.Regions {
		b.WriteString("region @" + r.Pos.String() + " in " + r.Func + "\n")
	}
	for _, e := range f.Skipped {
		b.WriteString(e.Error() + "\n")
	}
	return b.String()
}

func scanCheck(t *testing.T, name, src string, cfg Config, want string) {
	t.Helper()
	f, err := ParseFile("t.c", []byte(src), cfg)
	if err != nil {
		t.Errorf("%s: %v", name, err)
	}
	if got := scanDump(f); got != want {
		t.Errorf("%s: got\n%s\nwant\n%s", name, got, want)
	}
}

// TestAttributesAtFileScope: GNU, Microsoft and C23 attributes, asm
// labels and GNU keyword spellings in declaration specifiers and
// declarators at file scope change nothing the scan records: the
// declarations after an attributed function stay known, and so do the
// functions after it (embench's "static int __attribute__ ((noinline))
// benchmark_body(...)").
func TestAttributesAtFileScope(t *testing.T) {
	src := `typedef long grid[20][20];
static int __attribute__ ((noinline)) ident(int v)
{
  return v;
}
long A[64][64] __attribute__((aligned(64))), B[64] __asm__("b_sym");
__extension__ typedef long long wide;
[[gnu::unused]] static double C[8] [[gnu::aligned(16)]];
__declspec(align(16)) float D[4];
_Alignas(32) float E[4];
static __inline__ void __attribute((always_inline)) g(double *__restrict__ x, int n) __asm__("g2");
_Noreturn void die(void);
extern __inline int __attribute__((gnu_inline)) h(int n) { return n; }
void prod(grid p, grid q, grid s) __attribute__((hot));
void __attribute__((hot)) prod(grid p, grid q, grid s)
{
  for (int r = 0; r < 20; r++)
    for (int c = 0; c < 20; c++)
      s[r][c] = p[r][c] + q[r][c];
}
static inline void __attribute__((always_inline)) axpy(int n, wide a, double *__restrict__ x, double y[__restrict__ static 4])
{
  for (int i = 0; i < n; i++)
    x[i] += a * y[i];
}
`
	want := `global long A[64][64] @6:6 ndims 2 elem "long"
global long B[64] @6:46 ndims 1 elem "long"
global double C[8] @8:31 ndims 1 elem "double"
global float D[4] @9:29 ndims 1 elem "float"
global float E[4] @10:20 ndims 1 elem "float"
func ident @2:39 -> int
  param int v @2:49 ndims 0 elem "int"
func h @13:49 -> int
  param int n @13:55 ndims 0 elem "int"
func prod @15:27 -> void
  param long p[20][20] @15:37 ndims 2 elem "long"
  param long q[20][20] @15:45 ndims 2 elem "long"
  param long s[20][20] @15:53 ndims 2 elem "long"
func axpy @21:51 -> void
  param int n @21:60 ndims 0 elem "int"
  param wide a @21:68 ndims 0 elem "long long"
  param double x[] @21:92 ndims 1 elem "double"
  param double y[4] @21:102 ndims 1 elem "double"
region @17:3 in prod
region @23:3 in axpy
`
	scanCheck(t, "attributes", src, Config{}, want)
}

// TestKRDefinitions: the parameters of old-style definitions get their
// types from the declarations before the body (a name not declared is an
// int), with or without a return type, and their loops are regions
// (MiBench susan, Rodinia backprop), an implicit int return type too.
func TestKRDefinitions(t *testing.T) {
	src := `typedef unsigned char uchar;
void scale(a, n, f)
  float *a; int n; float f;
{
  int i;
  for (i = 0; i < n; i++)
    a[i] = a[i] * f;
}
int g;
void bpnn_layerforward(l1, l2, conn, n1, n2)
float *l1, *l2, **conn;
register int n1;
{
  for (int j = 1; j <= n2; j++)
    for (int k = 0; k <= n1; k++)
      l2[j] += conn[k][j] * l1[k];
}
main(argc, argv)
  int argc; char *argv[];
{
  return 0;
}
static int __attribute__((noinline)) susan(in, bp, mid, x_size)
  uchar *in, bp[516], mid[][8]; FILE *x_size;
{
  for (int i = 0; i < 8; i++)
    mid[i][0] = bp[i] + in[i];
}
float h;
static old(a, n) double *a; {
  for (int i = 0; i < n; i++) a[i] = 0;
}
static proto(int n, double *b) {
  for (int i = 0; i < n; i++) b[i] = 1;
}
double n;
void ints(m, n) {
  for (int i = 0; i < n; i++) m++;
}
`
	want := `global int g @9:5 ndims 0 elem "int"
global float h @29:7 ndims 0 elem "float"
global double n @36:8 ndims 0 elem "double"
func scale @2:6 -> void
  param float a[] @3:10 ndims 1 elem "float"
  param int n @3:17 ndims 0 elem "int"
  param float f @3:26 ndims 0 elem "float"
  local int i @5:7 ndims 0 elem "int"
func bpnn_layerforward @10:6 -> void
  param float l1[] @11:8 ndims 1 elem "float"
  param float l2[] @11:13 ndims 1 elem "float"
  param float conn[][] @11:19 ndims 2 elem "float"
  param int n1 @12:14 ndims 0 elem "int"
  param int n2 @10:42 ndims 0 elem "int"
func main @18:1 -> int
  param int argc @19:7 ndims 0 elem "int"
  param char argv[][] @19:19 ndims 2 elem "char"
func susan @23:38 -> int
  param uchar in[] @24:10 ndims 1 elem "unsigned char"
  param uchar bp[516] @24:14 ndims 1 elem "unsigned char"
  param uchar mid[][8] @24:23 ndims 2 elem "unsigned char"
  param FILE x_size[] @24:39 ndims 1 elem ""
func old @30:8 -> int
  param double a[] @30:26 ndims 1 elem "double"
  param int n @30:15 ndims 0 elem "int"
func proto @33:8 -> int
  param int n @33:18 ndims 0 elem "int"
  param double b[] @33:29 ndims 1 elem "double"
func ints @37:6 -> void
  param int m @37:11 ndims 0 elem "int"
  param int n @37:14 ndims 0 elem "int"
region @6:3 in scale
region @14:3 in bpnn_layerforward
region @26:3 in susan
region @31:3 in old
region @34:3 in proto
region @38:3 in ints
`
	scanCheck(t, "K&R", src, Config{}, want)
}

// TestUnreadFuncNotes: a function definition that the scan cannot read
// gets a note at its first loop, naming the function's position and what
// was not understood; one without loops gets none, and the declarations
// after it are read.
func TestUnreadFuncNotes(t *testing.T) {
	src := `void notparam(a, n)
  float *a; int n, m;
{
  for (int i = 0; i < n; i++) a[i] = 0;
}
void fnptr(a, cmp)
  float *a; int (*cmp)();
{
  while (0) ;
  for (int i = 0; i < 4; i++) a[i] = 0;
}
void noloop(a, b) int a; int a; { }
void proto(int n, double (*f)(double), double *x) {
  for (int i = 0; i < n; i++) x[i] = 0;
}
void twice(a, a) int a; {
#if 0
  for (;;) ;
#endif
}
double after[10];
void ok(int n, double *x) {
  for (int i = 0; i < n; i++) x[i] = after[i];
}
LINKAGE f2(int n, double *x) NOEXCEPT {
  for (int i = 0; i < n; i++) x[i] = 0;
}
`
	want := `global double after[10] @21:8 ndims 1 elem "double"
func ok @22:6 -> void
  param int n @22:13 ndims 0 elem "int"
  param double x[] @22:24 ndims 1 elem "double"
region @23:3 in ok
t.c:4:3: note: function at 1:6 skipped: its old-style parameter declarations are not understood: 'm' is declared at 2:20 but is not in the parameter list; its loops are left alone
t.c:10:3: note: function at 6:6 skipped: its old-style parameter declarations are not understood: parameter 'cmp' (7:19) is a function pointer, which the scan does not read; its loops are left alone
t.c:14:3: note: function at 13:1 skipped: parameter 'f' (13:28) is a function pointer, which the scan does not read; its loops are left alone
t.c:26:3: note: function at 25:9 skipped: the file-level declaration scan does not understand its definition; its loops are left alone
`
	f, _ := ParseFile("t.c", []byte(src), Config{})
	got := scanDump(f)
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// With pragma regions only, loops outside them are not looked at:
	// no notes.
	f, _ = ParseFile("t.c", []byte(src+"#pragma scop\n#pragma endscop\n"), Config{})
	if len(f.Skipped) != 0 {
		t.Errorf("pragma mode: notes %v", f.Skipped)
	}
}
