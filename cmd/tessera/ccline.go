package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// lineMarked returns the optimized text out of the source orig, named
// name, with #line directives that give the lines copied from orig their
// own numbers (diagnostics and __LINE__ as for the original): one at the
// top, and one wherever the numbering of the copied lines jumps (after a
// rewritten region or the prelude tessera adds). Lines tessera wrote
// count on from the line before them. A directive starts a run of at
// least minRun copied lines (or the rest of the file), so that a short
// line that happens to equal an original line inside generated code is
// not marked, and never follows a line continued by a backslash. An
// original with #line directives of its own gets only the first one.
func lineMarked(name string, orig, out []byte) []byte {
	const minRun = 3
	a, b := splitLines(orig), splitLines(out)
	match := matchLines(a, b)
	if lineDirective.Match(orig) {
		// The original maps its lines itself: a directive of ours
		// would override its mapping.
		for j := range match {
			match[j] = -1
		}
	}
	var buf bytes.Buffer
	directive := func(n int) { fmt.Fprintf(&buf, "#line %d %s\n", n, cString(name)) }
	directive(1)
	next := 1 // the number the compiler gives the next line
	for j, line := range b {
		if i := match[j]; i >= 0 && i+1 != next && (j == 0 || !strings.HasSuffix(strings.TrimSuffix(b[j-1], "\r"), "\\")) && runFrom(match, j) >= minRun {
			directive(i + 1)
			next = i + 1
		}
		buf.WriteString(line)
		if j < len(b)-1 || bytes.HasSuffix(out, []byte("\n")) {
			buf.WriteByte('\n')
		}
		next++
	}
	return buf.Bytes()
}

// lineDirective matches a #line directive or a line marker (# 12 "f.c").
var lineDirective = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*(line\b|[0-9])`)

// runFrom returns the number of lines from j on that are copied from
// consecutive original lines (all of them when the run reaches the end).
func runFrom(match []int, j int) int {
	n := 1
	for k := j + 1; k < len(match) && match[k] == match[k-1]+1 && match[k-1] >= 0; k++ {
		n++
	}
	if j+n == len(match) {
		return len(match)
	}
	return n
}

// splitLines splits text into lines without their newlines (a last line
// without a newline counts).
func splitLines(text []byte) []string {
	s := strings.TrimSuffix(string(text), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// maxDiff bounds the lines matchLines inserts and deletes (its memory
// grows with their square).
const maxDiff = 3000

// matchLines returns, for every line of b, the index of the line of a it
// is matched with in a longest common subsequence of lines, or -1; all
// are -1 when more than maxDiff lines differ. It follows Myers's O(ND)
// difference algorithm: the furthest reaching paths of every step d are
// kept, then walked back from the end.
func matchLines(a, b []string) []int {
	n, m := len(a), len(b)
	match := make([]int, m)
	for j := range match {
		match[j] = -1
	}
	if n+m == 0 {
		return match
	}
	off := n + m + 1
	v := make([]int, 2*off+1)
	var trace [][]int // trace[d][k+d]: the furthest x on diagonal k after step d
	for d := 0; d <= n+m; d++ {
		if d > maxDiff {
			return match // too different: no line is matched
		}
		done := false
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1] // down: a line of b only
			} else {
				x = v[off+k-1] + 1 // right: a line of a only
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				done = true
			}
		}
		trace = append(trace, append([]int(nil), v[off-d:off+d+1]...))
		if done {
			break
		}
	}
	// We walk back from (n, m): at each step, the diagonal run that ends
	// at (x, y) is matched, then the move of step d is undone.
	x, y := n, m
	for d := len(trace) - 1; d > 0; d-- {
		prev := trace[d-1]
		at := func(k int) int { return prev[k+d-1] }
		k := x - y
		pk := k - 1
		if k == -d || k != d && at(k-1) < at(k+1) {
			pk = k + 1
		}
		px := at(pk)
		py := px - pk
		mx, my := px+1, py // after a move right
		if pk == k+1 {
			mx, my = px, py+1 // after a move down
		}
		for x > mx && y > my {
			x, y = x-1, y-1
			match[y] = x
		}
		x, y = px, py
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		match[y] = x
	}
	return match
}
