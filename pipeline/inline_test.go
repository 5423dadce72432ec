package pipeline

import (
	"os/exec"
	"strings"
	"testing"
)

// pureCalls holds loop nests that call small functions of the file: a
// sequence alignment whose cell is the max3 of three neighbours (max3
// calls max; the arguments read arrays, one through a data-dependent
// subscript), a function of short parameters called with int values
// that do not fit in a short (the call keeps C's conversions), a double
// function called with float arguments, a loop bounded by a user min
// and a subscript through a user max (affine positions), a recursive
// function, a function with a side effect, a user max that hides the C
// library's name and counts its calls, and a single-return function that
// assigns a global. main prints checksums of everything.
const pureCalls = `#include <stdio.h>
#define N 90
static int max(int a, int b) { return a > b ? a : b; }
int max3(int a, int b, int c) { return max(max(a, b), c); }
static short smax(short a, short b) { return (a > b) ? a : b; }
static double dmax(double a, double b) { return a < b ? b : a; }
static int lo(int a, int b) { return a < b ? a : b; }
static int fact(int k) { return k <= 1 ? 1 : k * fact(k - 1); }
int calls;
static int counted(int a) { calls++; return a + 1; }
int acc;
static int grab(int a) { return acc += a; }

int H[N + 1][N + 1], S[N][N], T[N][N], U[N], V[N], W[N];
char s1[N], s2[N];
int sub[4][4];
float fa[N], fb[N];
double D[N];

void align(int n, int m, int gap)
{
	for (int i = 1; i <= n; i++)
		for (int j = 1; j <= m; j++)
			H[i][j] = max3(H[i - 1][j - 1] + sub[s1[i - 1]][s2[j - 1]], H[i - 1][j] - gap, H[i][j - 1] - gap);
}

void narrow(int n)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			S[i][j] = smax(S[i][j] * 1000 + i, 40000 - j * 7);
}

void widen(int n)
{
	for (int i = 0; i < n; i++)
		D[i] = dmax(fa[i] * 3.0f, fb[i]) + D[i] * 0.5;
}

void affine(int n)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < lo(i, n - 10); j++)
			T[i][j] = T[max(i - 1, 0)][j] + i * j;
}

void recursive(int n)
{
	for (int i = 0; i < n; i++)
		U[i] = fact(i % 8) + U[i];
}

void effect(int n)
{
	for (int i = 0; i < n; i++)
		V[i] = counted(V[i]) * 2;
}

void assigns(int n)
{
	for (int i = 0; i < n; i++)
		W[i] = grab(i) + W[i];
}

int main(void)
{
	unsigned r = 7;
	for (int i = 0; i < N; i++) {
		r = r * 1103515245u + 12345u;
		s1[i] = (r >> 8) % 4;
		s2[i] = (r >> 12) % 4;
		fa[i] = (float)(r % 1000) / 7.0f;
		fb[i] = (float)(r % 777) / 3.0f;
		D[i] = i;
		U[i] = V[i] = W[i] = i;
		for (int j = 0; j < N; j++)
			S[i][j] = (i * 31 + j) % 50, T[i][j] = i - j;
	}
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < 4; b++)
			sub[a][b] = a == b ? 3 : -1;
	align(N, N, 2);
	narrow(N);
	widen(N);
	affine(N);
	recursive(N);
	effect(N);
	assigns(N);
	long h = 0, s = 0, t = 0, u = 0;
	double d = 0;
	for (int i = 0; i <= N; i++)
		for (int j = 0; j <= N; j++)
			h += H[i][j] * (long)(i + 2 * j);
	for (int i = 0; i < N; i++) {
		d += D[i];
		u += U[i] + 3 * V[i] + 5 * W[i];
		for (int j = 0; j < N; j++)
			s += S[i][j] * (long)(j + 1), t += T[i][j] * (long)(i + 1);
	}
	printf("%ld %ld %ld %ld %.6f %d %d %d\n", h, s, t, u, d, H[N][N], calls, acc);
	return 0;
}
`

// TestPureCalls checks that the nests calling the small pure functions
// are modelled (their regions are rewritten, with no note on the call),
// that the others keep their code with a note saying why, and that the
// output prints what the original prints.
func TestPureCalls(t *testing.T) {
	res, err := Optimize("p.c", []byte(pureCalls), Options{Vectorize: true})
	if err != nil {
		t.Fatal(err)
	}
	modelled := map[string]bool{"align": true, "narrow": true, "widen": true, "affine": true}
	notes := map[string]string{
		"recursive": "call of fact, a function of this file that is not inlined (it calls itself",
		"effect":    "call of counted, a function of this file that is not inlined (its body is not one return",
		"assigns":   "call of grab, a function of this file that is not inlined (its body has",
	}
	var diags []string
	for _, d := range res.Diags {
		diags = append(diags, d.Msg)
	}
	all := strings.Join(diags, "\n")
	seen := map[string]bool{}
	for _, r := range res.Regions {
		fn := r.Region.Func
		if _, ok := modelled[fn]; !ok && notes[fn] == "" {
			continue
		}
		seen[fn] = true
		if got := r.Scop != nil; got != modelled[fn] {
			t.Errorf("%s: modelled %v, want %v; diagnostics:\n%s", fn, got, modelled[fn], all)
		}
	}
	for fn := range modelled {
		if !seen[fn] {
			t.Errorf("%s: no region", fn)
		}
	}
	for fn, want := range notes {
		if !strings.Contains(all, want) {
			t.Errorf("%s: no note %q; diagnostics:\n%s", fn, want, all)
		}
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found: the output is not compared with the original's")
	}
	want := runC(t, gcc, "orig", pureCalls, "-O2")
	if got := runC(t, gcc, "opt", string(res.Output), "-O2", "-march=native", "-fopenmp"); got != want {
		t.Errorf("the output prints\n%s\nthe original\n%s\noutput:\n%s", got, want, res.Output)
	}
}
