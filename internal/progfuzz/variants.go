package progfuzz

import (
	"regexp"
	"strconv"
	"strings"
)

// Tessera guards its parallel loops with cost checks: a loop runs in
// parallel only when its estimated work reaches thresholds (omp's
// MinOuterWork = 2^21 and MinParallelWork = 2^18 statement instances, a
// reduction's if(trip >= 4096)), so on the small sizes of generated
// programs the parallel versions would never run. Two variants of every
// output that has "#pragma omp parallel" make them run:
//
//   - forced: every comparison with a constant >= 4096 in an if condition
//     or an OpenMP if clause inside the scop pragmas is made to hold (the
//     generated regions have no other constant that large), so the
//     parallel version runs with two threads;
//   - reversed: on top of forced, every "#pragma omp parallel for" loop
//     without lastprivate is run sequentially in reverse order
//     (the pragma removed). Iterations of a parallel loop are independent,
//     so any order must give the same result; this finds an illegal
//     parallel mark deterministically, where two threads on a few
//     iterations would rarely race.

var bigCmp = regexp.MustCompile(`(>=|<=|>|<) (\d{4,})\b`)

// forceParallel rewrites the cost checks of src so that they hold.
func forceParallel(src string) string {
	lines := strings.Split(src, "\n")
	in := false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch t {
		case "#pragma scop":
			in = true
		case "#pragma endscop":
			in = false
		}
		if !in || !(strings.HasPrefix(t, "if (") || strings.HasPrefix(t, "} else if (") || strings.HasPrefix(t, "#pragma omp")) {
			continue
		}
		lines[i] = bigCmp.ReplaceAllStringFunc(l, func(m string) string {
			f := strings.Fields(m)
			k, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil || k < 4096 {
				return m
			}
			switch f[0] {
			case ">=":
				return ">= -2147483647"
			case ">":
				return "> -2147483647"
			case "<=":
				return "<= -2147483647"
			}
			return "< -2147483647"
		})
	}
	return strings.Join(lines, "\n")
}

var forHeader = regexp.MustCompile(`^(\s*)for \(((?:int |long )?)(\w+) = (.+); (\w+) (<=|<) (.+); (\w+) \+= (\d+)\)(.*)$`)

// reverseParallel runs every "omp parallel for" loop without lastprivate
// sequentially backwards; n is how many loops it reversed. The condition
// keeps x <= ub so that an empty loop stays empty (C's division truncates
// (ub - lb) / step towards zero when ub < lb).
func reverseParallel(src string) (string, int) {
	lines := strings.Split(src, "\n")
	n := 0
	var out []string
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if strings.HasPrefix(t, "#pragma omp parallel for") && !strings.Contains(t, "lastprivate") && i+1 < len(lines) {
			m := forHeader.FindStringSubmatch(lines[i+1])
			if m != nil && m[3] == m[5] && m[3] == m[8] {
				x, lb, ub, step := m[3], "("+m[4]+")", "("+m[7]+")", m[9]
				if m[6] == "<" {
					ub = "(" + ub + " - 1)"
				}
				init := ub
				if step != "1" { // the last value lb + k*step <= ub
					init = lb + " + ((" + ub + " - " + lb + ") / " + step + ") * " + step
				}
				out = append(out, m[1]+"for ("+m[2]+x+" = "+init+"; "+x+" >= "+lb+" && "+x+" <= "+ub+"; "+x+" -= "+step+")"+m[10])
				i++
				n++
				continue
			}
		}
		out = append(out, lines[i])
	}
	return strings.Join(out, "\n"), n
}
