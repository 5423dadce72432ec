package csplit

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/internal/scoptest"
	"github.com/tessera-opt/tessera/internal/split"
)

// splitOne splits the one reduction statement of a small region.
func splitOne(t *testing.T) *split.Result {
	t.Helper()
	src := "double data[40][30], corr[30][30];\nvoid f(void) {\n#pragma scop\n" +
		"for (int i = 0; i < 30; i++) for (int j = i + 1; j < 30; j++) for (int k = 0; k < 40; k++) corr[i][j] = corr[i][j] + data[k][i] * data[k][j];" +
		"\n#pragma endscop\n}\n"
	f, s := scoptest.Region(t, "t.c", src)
	res, err := split.Apply(f, f.Regions[0], s, split.Config{Taken: map[string]bool{"split_tmp0_v1": true}})
	if err != nil || len(res.Temps) != 1 {
		t.Fatalf("split: %v, %d temporaries", err, len(res.Temps))
	}
	return res
}

func call(name string, args ...string) *ast.User {
	u := &ast.User{Name: name}
	for _, a := range args {
		u.Args = append(u.Args, &ast.Ident{Name: a})
	}
	return u
}

// TestContract: a definition right before its update with the same
// arguments prints as a scalar (named apart from the names taken); a
// definition followed by an update with other arguments, or alone, is
// printed by the given printer and keeps the temporary an array.
func TestContract(t *testing.T) {
	res := splitOne(t)
	tmp := res.Temps[0]
	plain := func(u *ast.User) (string, error) { return "plain " + u.Name + ";", nil }
	iter := func(it, e string) string { return e }
	print := func(n ast.Node) ([]string, []string) {
		body, remarks := Contract(res, n, plain, Config{Prefix: "t_", Taken: map[string]bool{"split_tmp0_v1": true}, IterValue: iter})
		var out []string
		ast.Walk(n, func(x ast.Node) bool {
			if u, ok := x.(*ast.User); ok {
				s, err := body(u)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, s)
			}
			return true
		})
		return out, remarks
	}

	adjacent := &ast.Block{Stmts: []ast.Node{call(tmp.Def, "a", "b", "c"), call(tmp.Upd, "a", "b", "c")}}
	got, remarks := print(adjacent)
	want := []string{
		"const double split_tmp0_v2 = data[c][a] * data[c][b];",
		"corr[a][b] = corr[a][b] + split_tmp0_v2;",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) || !tmp.Contracted || len(remarks) != 1 || !strings.Contains(remarks[0], "contracted to a scalar") {
		t.Errorf("adjacent pair: %q, contracted %v, remarks %q; want %q", got, tmp.Contracted, remarks, want)
	}
	if d, _ := tmp.Decl(); d != "" || res.OnHeap() {
		t.Errorf("a contracted temporary is declared: %q", d)
	}

	apart := &ast.Block{Stmts: []ast.Node{call(tmp.Def, "a", "b", "c"), call(tmp.Upd, "a", "b", "d"), call(tmp.Def, "a", "b", "e")}}
	got, remarks = print(apart)
	if strings.Contains(strings.Join(got, "\n"), "split_tmp0_v") || tmp.Contracted || len(remarks) != 1 || !strings.Contains(remarks[0], "kept as an array (0 of 3") {
		t.Errorf("no pair: %q, contracted %v, remarks %q", got, tmp.Contracted, remarks)
	}
	if w := res.Wrap("BODY\n"); !strings.HasPrefix(w, "double split_tmp0[") || !strings.HasSuffix(w, "BODY\n") {
		t.Errorf("Wrap of a temporary on the stack: %q", w)
	}
}
