package split

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/scoptest"
	"github.com/tessera-opt/tessera/scop"
)

// region wraps a loop nest in a function with the given declarations.
func region(decls, body string) string {
	return "#define N 40\n#define M 30\n" + decls + "\nvoid f(int n, int m) {\n#pragma scop\n" + body + "\n#pragma endscop\n}\n"
}

func apply(t *testing.T, src string, cfg Config) (*Result, *scop.Scop) {
	t.Helper()
	f, s := scoptest.Region(t, "t.c", src)
	if len(f.Regions) != 1 {
		t.Fatalf("%d regions", len(f.Regions))
	}
	res, err := Apply(f, f.Regions[0], s, cfg)
	if err != nil {
		t.Fatalf("split: %v", err)
	}
	return res, s
}

const mm = "double A[N][N], B[N][N], C[N][N], x[N], alpha;"

func TestDecisions(t *testing.T) {
	tests := []struct {
		name, decls, body string
		split             bool
		why               string // substring of the reason
		decl              string // substring of the declaration
	}{
		{"correlation", "double data[N][M], corr[M][M];",
			"for (int i = 0; i < M; i++) for (int j = i + 1; j < M; j++) for (int k = 0; k < N; k++) corr[i][j] = corr[i][j] + data[k][i] * data[k][j];",
			true, "2 access patterns", "long split_tmp0_d1 = ((long)M - 1);"},
		{"constant small", "double data[40][30], corr[30][30];",
			"for (int i = 0; i < 30; i++) for (int j = i + 1; j < 30; j++) for (int k = 0; k < 40; k++) corr[i][j] += data[k][i] * data[k][j];",
			true, "", "double split_tmp0[40][29];"},
		{"constant large", "double data[400][300], corr[300][300];",
			"for (int i = 0; i < 300; i++) for (int j = i + 1; j < 300; j++) for (int k = 0; k < 400; k++) corr[i][j] += data[k][i] * data[k][j];",
			true, "", "double (*split_tmp0)[split_tmp0_d1] = (double (*)[split_tmp0_d1])malloc(sizeof(double) * (size_t)split_tmp0_n);"},
		{"compound", mm,
			"for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] += alpha * A[i][k] * B[k][j];",
			true, "", "if (split_tmp0_n > 4096)"},
		{"params", "double A[100][100], B[100][100], C[100][100];",
			"for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) for (int k = 1; k <= n; k++) C[i][j] -= A[i][k] * B[k][j];",
			true, "", "long split_tmp0_d0 = ((long)n + 1);"},
		{"times", mm,
			"for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] = (A[i][k] + B[k][j]) * C[i][j];",
			true, "", ""},
		{"subtraction", mm,
			"for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] = C[i][j] - alpha * A[i][k] * B[k][j];",
			true, "", ""},
		{"right operand", mm,
			"for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] = (alpha * A[i][k] * B[k][j]) + (C[i][j]);",
			true, "", ""},
		{"two loops", mm,
			"for (int i = 0; i < N; i++) for (int k = 0; k < N; k++) x[i] += A[i][k] * B[k][i];",
			false, "only 2 enclosing loop(s)", ""},
		{"lhs uses inner", mm,
			"for (int i = 0; i < N; i++) for (int k = 0; k < N; k++) for (int j = 0; j < N; j++) C[i][j] += A[i][k] * B[k][j];",
			false, "uses the innermost loop j", ""},
		{"lhs misses a loop", mm,
			"for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) x[i] += A[i][k] * B[k][j];",
			false, "does not use loop j", ""},
		{"one pattern", mm,
			"for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] += A[i][k] * A[i][k];",
			false, "1 array access pattern", ""},
		{"reassociation", mm,
			"for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] = C[i][j] + A[i][k] * B[k][j] + B[i][k] * A[k][j];",
			false, "reassociate", ""},
		{"four loops permutable", "double A[N][N][N], B[N][N], C[N][N][N];",
			"for (int r = 0; r < N; r++) for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[r][i][j] += A[r][i][k] * B[k][j];",
			false, "4 enclosing loops", ""},
		{"contiguous along k", mm,
			"for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] += alpha * A[i][k] * B[j][k];",
			false, "no read is strided along k and contiguous along j", ""},
		{"unknown type", "",
			"for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] += A[i][k] * B[k][j];",
			false, "element type", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, _ := apply(t, region(tc.decls, tc.body), Config{})
			if len(res.Decisions) != 1 {
				t.Fatalf("%d decisions: %v", len(res.Decisions), res.Decisions)
			}
			d := res.Decisions[0]
			if d.Split != tc.split || !strings.Contains(d.Why, tc.why) {
				t.Fatalf("got %v, want split=%v with %q", d, tc.split, tc.why)
			}
			if !tc.split {
				if res.Split() {
					t.Fatalf("temporaries without a split")
				}
				return
			}
			decl, _ := res.Temps[0].Decl()
			if !strings.Contains(decl, tc.decl) {
				t.Fatalf("declaration\n%s\nlacks %q", decl, tc.decl)
			}
		})
	}
}

// TestSplitForms checks the statements a split writes for the update
// forms that are split, and that x = e - x, no update, gets no decision.
func TestSplitForms(t *testing.T) {
	loops := "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) "
	for _, tc := range []struct{ stmt, upd string }{
		{"C[i][j] = C[i][j] - A[i][k] * B[k][j];", "C[i][j] = C[i][j] - split_tmp0[k][i];"},
		{"C[i][j] -= A[i][k] * B[k][j];", "C[i][j] -= split_tmp0[k][i];"},
		{"C[i][j] = (A[i][k] * B[k][j]) + (C[i][j]);", "C[i][j] = split_tmp0[k][i] + (C[i][j]);"},
		{"C[i][j] = C[i][j] * (A[i][k] + B[k][j]);", "C[i][j] = C[i][j] * split_tmp0[k][i];"},
	} {
		res, _ := apply(t, region(mm, loops+tc.stmt), Config{})
		if !res.Split() {
			t.Errorf("%s: not split: %v", tc.stmt, res.Decisions)
			continue
		}
		var texts []string
		for _, st := range res.Scop.Statements {
			texts = append(texts, st.Text)
		}
		if len(texts) != 2 || !strings.HasPrefix(texts[0], "split_tmp0[k][i] = ") || texts[1] != tc.upd {
			t.Errorf("%s: statements %q, want the definition and %q", tc.stmt, texts, tc.upd)
		}
	}
	res, _ := apply(t, region(mm, loops+"C[i][j] = A[i][k] * B[k][j] - C[i][j];"), Config{})
	if len(res.Decisions) != 0 || res.Split() {
		t.Errorf("x = e - x: decisions %v", res.Decisions)
	}
}

// TestModel checks the new statements: the definition of the temporary
// and the update, both over the original domain, at the same place.
func TestModel(t *testing.T) {
	src := region("double data[N][M], corr[M][M];", `for (int i = 0; i < M; i++) {
  corr[i][i] = 1;
  for (int j = i + 1; j < M; j++) {
    corr[i][j] = 0;
    for (int k = 0; k < N; k++)
      corr[i][j] = corr[i][j] + data[k][i] * data[k][j];
    corr[j][i] = corr[i][j];
  }
}`)
	for _, ex := range []struct {
		e   Expansion
		acc string
	}{
		{ExpandPermutable, "[M, N] -> { S3[i, j, k] -> split_tmp0[k, i] : 0 <= i < M and i < j < M and 0 <= k < N }"},
		{ExpandInner, "[M, N] -> { S3[i, j, k] -> split_tmp0[k] : 0 <= i < M and i < j < M and 0 <= k < N }"},
	} {
		res, old := apply(t, src, Config{Expand: ex.e})
		s := res.Scop
		if len(s.Statements) != len(old.Statements)+1 {
			t.Fatalf("%d statements, want %d", len(s.Statements), len(old.Statements)+1)
		}
		def, upd := s.Statements[2], s.Statements[3]
		want := []string{
			"split_tmp0[" + strings.Join(subs(res.Temps[0]), "][") + "] = data[k][i] * data[k][j];",
			"corr[i][j] = corr[i][j] + split_tmp0[" + strings.Join(subs(res.Temps[0]), "][") + "];",
		}
		if def.Text != want[0] || upd.Text != want[1] {
			t.Fatalf("texts %q, %q; want %q, %q", def.Text, upd.Text, want[0], want[1])
		}
		for _, st := range []*scop.Statement{def, upd} {
			d := st.Domain.SetTupleName("S")
			o := old.Statements[2].Domain.SetTupleName("S")
			if !d.IsSubset(o) || !o.IsSubset(d) {
				t.Fatalf("%s domain %v, original %v", st.Name, st.Domain, old.Statements[2].Domain)
			}
		}
		if u, ok := upd.Update(); !ok || u.Op != scop.UpdateAdd {
			t.Fatalf("the update lost its reduction form: %v %v", ok, u.Op)
		}
		// The definition writes the temporary, the update reads it.
		var w, r string
		for _, a := range def.Accesses {
			if a.Kind == scop.Write {
				w = a.Rel.String()
			}
		}
		for _, a := range upd.Accesses {
			if a.Kind == scop.Read && a.Array == "split_tmp0" {
				r = a.Rel.String()
			}
		}
		if strings.Replace(w, "S2", "S3", 1) != ex.acc || r != ex.acc {
			t.Fatalf("%v: write %s, read %s; want %s", ex.e, w, r, ex.acc)
		}
		// The original order: the definition right before the update.
		if fmt.Sprint(def.Beta[:len(def.Beta)-1]) != fmt.Sprint(upd.Beta[:len(upd.Beta)-1]) || def.Beta[len(def.Beta)-1]+1 != upd.Beta[len(upd.Beta)-1] {
			t.Fatalf("positions %v, %v", def.Beta, upd.Beta)
		}
	}
}

func subs(t *Temp) []string {
	var out []string
	for _, d := range t.Dims {
		out = append(out, d.Subscript())
	}
	return out
}

// TestLowerBound checks a temporary whose index is shifted by a constant
// lower bound and one whose lower bound is not constant.
func TestLowerBound(t *testing.T) {
	res, _ := apply(t, region(mm, "for (int i = 0; i < 40; i++) for (int j = 0; j < 40; j++) for (int k = -3; k < 40; k++) C[i][j] += A[i][k+3] * B[k+3][j];"), Config{Expand: ExpandInner})
	if !res.Split() || res.Temps[0].Dims[0].Lower != -3 || res.Temps[0].Dims[0].Const != 43 {
		t.Fatalf("got %+v", res.Decisions)
	}
	if got := res.Scop.Statements[0].Text; got != "split_tmp0[k + 3] = A[i][k + 3] * B[k + 3][j];" {
		t.Fatalf("definition %q", got)
	}
	res, _ = apply(t, region(mm, "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = n - 5; k < n; k++) C[i][j] += A[i][k] * B[k][j];"), Config{Expand: ExpandInner})
	if res.Split() || !strings.Contains(res.Decisions[0].Why, "lower bound is not a constant") {
		t.Fatalf("got %+v", res.Decisions)
	}
}

// TestNames checks that a temporary never takes a name of the file.
func TestNames(t *testing.T) {
	res, _ := apply(t, region(mm+" int split_tmp0;", "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] += A[i][k] * B[k][j];"), Config{Taken: map[string]bool{"split_tmp0": true}})
	if !res.Split() || res.Temps[0].Name != "split_tmp1" {
		t.Fatalf("got %+v", res.Decisions)
	}
	res, _ = apply(t, region(mm, "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] += A[i][k] * B[k][j];"), Config{Prefix: "split2_tmp"})
	if !res.Split() || res.Temps[0].Name != "split2_tmp0" {
		t.Fatalf("got %+v", res.Decisions)
	}
}

func TestParseExpansion(t *testing.T) {
	for in, want := range map[string]Expansion{"": ExpandPermutable, "permutable": ExpandPermutable, "inner": ExpandInner} {
		if got, err := ParseExpansion(in); err != nil || got != want {
			t.Fatalf("%q: %v %v", in, got, err)
		}
	}
	if _, err := ParseExpansion("all"); err == nil {
		t.Fatal("no error for a bad expansion")
	}
}
