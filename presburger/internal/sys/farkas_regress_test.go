package sys

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// loadRowsFile reads a system written as 'NVars keep' then one 'eq [...]'
// or 'in [...]' line per row ('#' comments).
func loadRowsFile(t *testing.T, path string) (*System, int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var s *System
	keep := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if s == nil {
			h := strings.Fields(l)
			n, err1 := strconv.Atoi(h[0])
			k, err2 := strconv.Atoi(h[1])
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: bad header %q", path, l)
			}
			s, keep = New(n), k
			continue
		}
		var r []int64
		for _, x := range strings.Fields(strings.Trim(l[3:], "[]")) {
			v, err := strconv.ParseInt(x, 10, 64)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			r = append(r, v)
		}
		if strings.HasPrefix(l, "eq") {
			s.AddEq(r)
		} else {
			s.AddIneq(r)
		}
	}
	return s, keep
}

// TestRationalProjectFarkasRegression: the two Farkas systems of progfuzz's
// fm_budget_time_mod_*.c, on which RationalProject used to exceed its row
// limit after seconds (the final redundancy test by Fourier-Motzkin). Every row of the answer must hold on
// the input (rationally), and the facet counts are those the sequential
// simplex test and the Fourier-Motzkin one agree on for the other systems
// of those runs.
func TestRationalProjectFarkasRegression(t *testing.T) {
	for _, c := range []struct {
		file string
		rows int
	}{
		{"testdata/farkas_mod_reduction.txt", 201},
		// The else system passes the row limit in one step: it must
		// fail fast (presburger's Coefficients then dualizes the
		// unprojected system instead).
		{"testdata/farkas_mod_else.txt", -1},
	} {
		s, keep := loadRowsFile(t, c.file)
		start := cpuNow()
		if c.rows < 0 {
			func() {
				defer func() {
					r := recover()
					if _, ok := r.(*BudgetError); !ok {
						t.Errorf("%s: want a *BudgetError, got %v", c.file, r)
					}
				}()
				RationalProject(s, keep)
			}()
			if took := cpuNow() - start; took > 10*time.Second {
				t.Errorf("%s: the budget error took %v of CPU time", c.file, took)
			}
			continue
		}
		p := RationalProject(s, keep)
		took := cpuNow() - start
		if len(p.Ineq) != c.rows || len(p.Eq) != 0 {
			t.Errorf("%s: %d inequalities and %d equalities, want %d and 0", c.file, len(p.Ineq), len(p.Eq), c.rows)
		}
		if took > 20*time.Second {
			t.Errorf("%s: RationalProject took %v of CPU time", c.file, took)
		}
		t.Logf("%s: %d rows in %v", c.file, len(p.Ineq), took)
		for _, r := range p.Ineq {
			u := s.Clone()
			neg := make([]int64, s.NVars+1)
			for j := 0; j < keep; j++ {
				neg[j] = -r[j]
			}
			neg[s.NVars] = -r[keep] - 1 // r <= -1 (the set is a cone: scaling)
			u.AddIneq(neg)
			if !IsRationalEmpty(u) {
				t.Fatalf("%s: row %v of the projection does not hold on the input", c.file, r)
			}
		}
	}
}
