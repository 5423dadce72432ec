package scheduler

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestPrivatize checks which scalars are privatized on which loop, and
// that refused privatizations are explained by the dependence that
// prevents them.
func TestPrivatize(t *testing.T) {
	tests := []struct {
		file        string
		cfg         Config
		want        []Private // Stmts, Private, LastPrivate
		wantRemarks []string
	}{
		{
			file:        "deriche_ym1.c",
			cfg:         Config{Parallel: true},
			want:        []Private{{Stmts: []string{"S0", "S1", "S2", "S3", "S4", "S5", "S6"}, LastPrivate: []string{"xm1", "ym1", "ym2"}}},
			wantRemarks: []string{"loop 0 parallel after privatizing xm1, ym1, ym2"},
		},
		{
			file:        "symm_temp2.c",
			cfg:         Config{Parallel: true},
			want:        []Private{{Stmts: []string{"S0", "S2", "S3"}, LastPrivate: []string{"temp2"}}},
			wantRemarks: []string{"loop 0 parallel after privatizing temp2"},
		},
		{
			file:        "symm_temp2.c",
			cfg:         Config{Parallel: true, NoPrivatize: true},
			wantRemarks: []string{"not parallel (loop 0: flow dependence S0->S2 on temp2)"},
		},
		{
			file: "reduce.c",
			cfg:  Config{Parallel: true, Reductions: true},
			want: []Private{{Stmts: []string{"S0"}, Reductions: []Reduction{{Stmt: "S0", Array: "s", Op: "+"}}}},
			wantRemarks: []string{
				"loop 0 parallel as a reduction (+) of S0 on s",
				"no reduction (loop 0: S4 is not an update x += e, x -= e, x *= e, x = x + e, x = e + x, x = x - e or x = x * e)",
				"no reduction (loop 0: flow dependence S5->S6 on s2)",
			},
		},
		{
			file: "reduce_forms.c",
			cfg:  Config{Parallel: true, Reductions: true, Fuse: FuseNo},
			want: []Private{
				{Stmts: []string{"S0"}, Reductions: []Reduction{{Stmt: "S0", Array: "s1", Op: "+"}}},
				{Stmts: []string{"S1"}, Reductions: []Reduction{{Stmt: "S1", Array: "s2", Op: "+"}}},
				{Stmts: []string{"S2"}, Reductions: []Reduction{{Stmt: "S2", Array: "s3", Op: "+"}}},
				{Stmts: []string{"S3"}, Reductions: []Reduction{{Stmt: "S3", Array: "s4", Op: "+"}}},
				{Stmts: []string{"S4"}, Reductions: []Reduction{{Stmt: "S4", Array: "s5", Op: "+"}}},
				{Stmts: []string{"S5"}, Reductions: []Reduction{{Stmt: "S5", Array: "p1", Op: "*"}}},
			},
			wantRemarks: []string{"no reduction (loop 0: S6 is not an update"},
		},
		{
			file:        "reduce.c",
			cfg:         Config{Parallel: true},
			wantRemarks: []string{"not parallel (loop 0: flow dependence S0->S0 on s)", "; loop 0 would be parallel as a reduction (+) of S0 on s with --reductions"},
		},
		{
			file: "private_bad.c",
			cfg:  Config{Parallel: true},
			wantRemarks: []string{
				"no privatization (loop 0: cannot privatize s: flow dependence S0->S0 on s crosses iterations",
				"no privatization (loop 0: cannot privatize t: flow dependence S2->S4 on t carries a value out of the loop)",
				"no privatization (loop 0: cannot privatize t: flow dependence S5->S6 on t crosses iterations",
			},
		},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%+v", tc.file, tc.cfg), func(t *testing.T) {
			t.Parallel()
			d := loadDeps(t, tc.file)
			res, err := Schedule(d, tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Private) != len(tc.want) {
				t.Fatalf("Private = %+v, want %+v", res.Private, tc.want)
			}
			for k, w := range tc.want {
				g := res.Private[k]
				if !slices.Equal(g.Stmts, w.Stmts) || !slices.Equal(g.Private, w.Private) || !slices.Equal(g.LastPrivate, w.LastPrivate) || !slices.Equal(g.Reductions, w.Reductions) {
					t.Errorf("Private[%d] = %+v, want %+v", k, g, w)
				}
			}
			all := strings.Join(res.Remarks, "\n")
			for _, r := range tc.wantRemarks {
				if !strings.Contains(all, r) {
					t.Errorf("remarks lack %q:\n%s", r, all)
				}
			}
		})
	}
}

func TestPrivateClauses(t *testing.T) {
	p := Private{Private: []string{"a", "b"}, LastPrivate: []string{"c"}}
	if got, want := strings.Join(p.Clauses(), " "), "private(a, b) lastprivate(c)"; got != want {
		t.Errorf("Clauses = %q, want %q", got, want)
	}
	if got := (Private{}).Clauses(); len(got) != 0 {
		t.Errorf("empty Clauses = %q", got)
	}
}
