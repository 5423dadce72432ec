// Package testutil holds helpers shared by the tests of several packages:
// comparison of golden outputs that contain isl objects by meaning rather
// than by text. It imports presburger and is imported only by tests.
package testutil

import (
	"strings"

	"github.com/tessera-opt/tessera/presburger"
)

// SameText compares two outputs line by line; lines that differ are equal
// when they differ only inside isl objects that denote the same sets or
// relations (the engine's printer may change how an object is written).
func SameText(got, want string) bool {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	if len(g) != len(w) {
		return false
	}
	for i := range g {
		if g[i] != w[i] && !sameLine(g[i], w[i]) {
			return false
		}
	}
	return true
}

// islSpan finds the isl object of a line: from the parameter list or the
// first '{' to the matching '}'.
func islSpan(s string) (int, int, bool) {
	open := strings.Index(s, "{")
	if open < 0 {
		return 0, 0, false
	}
	start := open
	if k := strings.LastIndex(s[:open], "] -> "); k >= 0 && k+5 == open {
		if j := strings.LastIndex(s[:k], "["); j >= 0 {
			start = j
		}
	}
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return start, i + 1, true
			}
		}
	}
	return 0, 0, false
}

func sameLine(a, b string) bool {
	for {
		as, ae, ok1 := islSpan(a)
		bs, be, ok2 := islSpan(b)
		if !ok1 || !ok2 {
			return a == b
		}
		if a[:as] != b[:bs] || !SameObject(a[as:ae], b[bs:be]) {
			return false
		}
		a, b = a[ae:], b[be:]
	}
}

func SameObject(a, b string) (same bool) {
	if a == b {
		return true
	}
	// An object the engine cannot compare within its budget is not
	// known to be the same: the caller reports a difference instead of
	// crashing the test binary.
	var err error
	defer func() {
		if err != nil {
			same = false
		}
	}()
	defer presburger.Recover(&err)
	// One-member band schedules "[P] -> [{ ... }]" become union maps.
	fix := func(s string) string { return strings.Replace(strings.Replace(s, "[{", "{", 1), "}]", "}", 1) }
	ua, _, err1 := presburger.ParseUnion(fix(a))
	ub, _, err2 := presburger.ParseUnion(fix(b))
	if err1 != nil || err2 != nil || ua.NMaps() != ub.NMaps() {
		return false
	}
	for _, m := range ua.Maps() {
		n, ok := ub.MapOf(m.Space())
		if !ok || !m.IsEqual(n) {
			return false
		}
	}
	return true
}
