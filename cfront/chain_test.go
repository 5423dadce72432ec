package cfront

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestChainedAssignSplit: "a = b = e;" becomes "b = e;" then "a = b;",
// in statement lists and as the lone body of a for or an if.
func TestChainedAssignSplit(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a = b = c;", "b = c;\na = b;\n"},
		{"a = b = c = A[i];", "c = A[i];\nb = c;\na = b;\n"},
		{"a = (b = 2);", "b = 2;\na = b;\n"},
		{"s += t[i] = A[i] * 2;", "t[i] = A[i] * 2;\ns += t[i];\n"},
		{"x = y += 1;", "y += 1;\nx = y;\n"},
		{"for (i = 0; i < n; i++) B[i] = A[i] = 0;", "for (i = 0; i < n; i++) {\n A[i] = 0;\n B[i] = A[i];\n}\n"},
		{"if (n > 0) p = q = 1; else p = 2;", "if (n > 0) {\n q = 1;\n p = q;\n}\nelse\n p = 2;\n"},
		{"{ u = v = 3; w = 4; }", "{\n v = 3;\n u = v;\n w = 4;\n}\n"},
		{"K[i] = (int)(A[i] = 2.5);", "A[i] = 2.5;\nK[i] = (int)(A[i]);\n"},
		{"a = ((b = c));", "b = c;\na = b;\n"},
		{"k = (long)((int)(m = x));", "m = x;\nk = (long)((int)(m));\n"},
		{"{ a = b = c; }", "{\n b = c;\n a = b;\n}\n"},
		{"a = b + (c = 1);", "a = b + (c = 1);\n"}, // not a chain: left to later stages
	} {
		stmts, err := ParseStmts(tc.in, nil)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		var b strings.Builder
		for _, s := range stmts {
			b.WriteString(FormatStmt(s, "", " ", nil))
		}
		if got := b.String(); got != tc.want {
			t.Errorf("%q:\ngot  %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// TestChainedAssignFields: the split statements carry Split, their own
// left side's position and the original statement's end.
func TestChainedAssignFields(t *testing.T) {
	src := "a = b = c;"
	stmts, err := ParseStmts(src, nil)
	if err != nil || len(stmts) != 2 {
		t.Fatalf("stmts %v, err %v", stmts, err)
	}
	for k, wantCol := range []int{5, 1} {
		es, ok := stmts[k].(*ExprStmt)
		if !ok || !es.Split || es.At.Col != wantCol || es.EndOff != len(src) {
			t.Errorf("stmt %d = %+v", k, stmts[k])
		}
	}
	if es := stmts[0].(*ExprStmt); es.Text != "b = c;" {
		t.Errorf("text %q", es.Text)
	}
}

// TestRealWorldChain parses testdata/realworld/chain.c: one region, no
// error, every chained write on its own statement.
func TestRealWorldChain(t *testing.T) {
	path := filepath.Join("testdata", "realworld", "chain.c")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := ParseFile(path, src, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Regions) != 1 {
		t.Fatalf("%d regions", len(f.Regions))
	}
	var b strings.Builder
	for _, s := range f.Regions[0].Body {
		b.WriteString(FormatStmt(s, "", " ", nil))
	}
	want := `k = expf(-0.5f);
c1 = k;
c0 = c1;
c3 = 1;
c2 = c3;
for (i = 1; i < n; i++) {
 x[i] = c0 * x[i] + c1 * x[i - 1] + c2 + c3;
 y[i] = x[i];
}
for (i = 0; i < n; i++) {
 x[i] = x[i] * k;
 y[i] += x[i];
}
`
	if got := b.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
