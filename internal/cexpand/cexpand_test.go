package cexpand

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/expand"
	"github.com/tessera-opt/tessera/internal/scoptest"
	"github.com/tessera-opt/tessera/scop"
)

// regionOf parses src, whose one region is the analysis's.
func regionOf(t *testing.T, src string) *Region {
	t.Helper()
	f, s := scoptest.Region(t, "k.c", src)
	return NewRegion(f, f.Regions[0], s)
}

// TestDead: which scalars may get new storage, with the reason of those
// that may not.
func TestDead(t *testing.T) {
	const loop = "for (int i = 0; i < n; i++) { t = b[i]; a[i] = t; }\n"
	tests := []struct {
		name, before, after, glob string
		dead                      bool
		why                       string
	}{
		{"local, dead", "double t;\n", "", "", true, ""},
		{"register local", "register double t;\n", "", "", false, "declared register"},
		{"used after", "double t;\n", "a[0] = t;\n", "", false, "used after the region (line 6)"},
		{"used after through a macro", "double t;\n", "a[0] = T2;\n", "#define T1 t\n#define T2 T1\n", false, "used after the region"},
		{"address taken", "double t;\ndouble *p = &t;\n", "", "", false, "address is taken in the function"},
		{"and is not an address", "double t;\nint q = n && t;\n", "", "", true, ""},
		{"global", "", "", "double t;\n", false, "not a local variable"},
		{"static local", "static double t;\n", "", "", false, "declared static"},
		{"pointer", "double *tp, t;\n", "", "", true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.glob + "void f(int n, double a[n], double b[n]) {\n" + tc.before + "#pragma scop\n" + loop + "#pragma endscop\n" + tc.after + "}\n"
			g := regionOf(t, src)
			ok, why := g.Dead("t")
			if ok != tc.dead || !strings.Contains(why, tc.why) {
				t.Fatalf("Dead(t) = %v, %q; want %v, %q", ok, why, tc.dead, tc.why)
			}
			if ok && g.types["t"] != "double" {
				t.Errorf("type %q", g.types["t"])
			}
		})
	}
}

// TestDeadInRegion: a scalar declared at the region's top level is dead
// when the rest of its block does not mention it and it is not static.
func TestDeadInRegion(t *testing.T) {
	for _, tc := range []struct {
		body, after string
		dead        bool
		why         string
	}{
		{"double t = 0;\nfor (int i = 0; i < n; i++) { t = b[i]; a[i] = t; }\n", "", true, ""},
		{"double t = 0;\nfor (int i = 0; i < n; i++) { t = b[i]; a[i] = t; }\n", "a[0] = t;\n", false, "used after the region"},
		{"const double t = 2;\nfor (int i = 0; i < n; i++) a[i] = t;\n", "", true, ""},
		{"static double t;\nfor (int i = 0; i < n; i++) { t = b[i]; a[i] = t; }\n", "", false, "declared static"},
	} {
		src := "void f(int n, double a[n], double b[n]) {\n{\n#pragma scop\n" + tc.body + "#pragma endscop\n" + tc.after + "}\n}\n"
		g := regionOf(t, src)
		ok, why := g.Dead("t")
		if ok != tc.dead || !strings.Contains(why, tc.why) {
			t.Errorf("%s: Dead(t) = %v, %q; want %v, %q", tc.body, ok, why, tc.dead, tc.why)
		}
	}
}

// TestStorage: the allocation of a two-dimensional array and of a
// one-dimensional one around the region, their release after it, and
// the parameter declaration of the first.
func TestStorage(t *testing.T) {
	e := &Storage{
		Webs: []*expand.Web{
			{Scalar: "t", Array: &scop.Array{Name: "t_0"}, Extents: []string{"n", "m"}},
			{Scalar: "u", Array: &scop.Array{Name: "u_0"}, Extents: []string{"n"}},
		},
		Types: map[string]string{"t": "double", "u": "float"},
	}
	want := "{\n" +
		"  double (*restrict t_0)[((m) > 0 ? (m) : 1)] = (double (*)[((m) > 0 ? (m) : 1)])__builtin_malloc(sizeof(double) * (__SIZE_TYPE__)((n) > 0 ? (n) : 1) * (__SIZE_TYPE__)((m) > 0 ? (m) : 1));\n" +
		"  if (!t_0)\n    __builtin_abort();\n" +
		"  float *restrict u_0 = (float *)__builtin_malloc(sizeof(float) * (__SIZE_TYPE__)((n) > 0 ? (n) : 1));\n" +
		"  if (!u_0)\n    __builtin_abort();\n" +
		"  x = 1;\n" +
		"  __builtin_free(t_0);\n  __builtin_free(u_0);\n}\n"
	if got := e.Wrap("x = 1;\n"); got != want {
		t.Errorf("Wrap:\n%s\nwant:\n%s", got, want)
	}
	p, ext, ok := e.Param("t_0")
	if !ok || p.String() != "double (*restrict t_0)[((m) > 0 ? (m) : 1)]" || strings.Join(ext, ",") != "n,m" {
		t.Errorf("Param(t_0) = %q, %q, %v", p.String(), ext, ok)
	}
	if _, _, ok := e.Param("t"); ok {
		t.Errorf("Param of a name that is no new array")
	}
	var none *Storage
	if none.Wrap("x") != "x" || none.Arrays() != nil || e.Arrays()["u_0"] != true {
		t.Errorf("Arrays or a nil Storage")
	}
}
