package progfuzz

import (
	"context"
	"fmt"
	"strings"
)

// Reduce shrinks a failing program while flow still fails with the same
// kind of failure (wrong-output, tessera-crash, ...): greedy passes that
// delete one statement line, or one block (a for or if line down to its
// closing brace at the same indentation, or only its braces' contents),
// inside the scop region, or unwrap one if, until no change keeps the
// failure. It works on
// the text layout Generate prints (one statement or header per line).
// logf, when not nil, reports progress.
func Reduce(ctx context.Context, cfg Config, src string, flow Flow, kind string, logf func(string, ...any)) (string, error) {
	cfg.defaults()
	cfg.Flows = []Flow{flow}
	cfg.Keep = false
	try := 0
	fails := func(s string) bool {
		try++
		res, err := Check(ctx, cfg, Program{Name: fmt.Sprintf("reduce-%d", try), Source: s})
		if err != nil {
			return false
		}
		for _, o := range res.Failures() {
			if o.Kind == kind {
				return true
			}
		}
		return false
	}
	if !fails(src) {
		return src, fmt.Errorf("progfuzz: the program does not fail with %s under %s", kind, flow.Name)
	}
	lines := strings.Split(src, "\n")
	for changed := true; changed; {
		changed = false
		start, end := scopLines(lines)
		for i := start + 1; i < end; i++ {
			for _, j := range unitEnds(lines, i, end) {
				cand := append(append([]string(nil), lines[:i]...), lines[j+1:]...)
				if fails(strings.Join(cand, "\n")) {
					if logf != nil {
						logf("reduce: removed lines %d-%d (%d left)", i+1, j+1, len(cand))
					}
					lines = cand
					changed = true
					start, end = scopLines(lines)
					i--
					break
				}
			}
		}
		// Unwrap blocks: keep an if's body (or a bare block's), drop its
		// header and brace. Loops are never unwrapped: their iterator
		// would be used uninitialized when declared outside the loop.
		for i := start + 1; i < end; i++ {
			t := strings.TrimSpace(lines[i])
			if !strings.HasSuffix(t, "{") || !(strings.HasPrefix(t, "if ") || t == "{") {
				continue
			}
			j := closing(lines, i, end)
			if j < 0 || strings.Contains(lines[j], "else") {
				continue
			}
			cand := append([]string(nil), lines[:i]...)
			cand = append(cand, lines[i+1:j]...)
			cand = append(cand, lines[j+1:]...)
			if fails(strings.Join(cand, "\n")) {
				if logf != nil {
					logf("reduce: unwrapped line %d (%d left)", i+1, len(cand))
				}
				lines = cand
				changed = true
				start, end = scopLines(lines)
			}
		}
	}
	return strings.Join(lines, "\n"), nil
}

func scopLines(lines []string) (int, int) {
	s, e := -1, len(lines)
	for i, l := range lines {
		switch strings.TrimSpace(l) {
		case "#pragma scop":
			s = i
		case "#pragma endscop":
			e = i
		}
	}
	return s, e
}

// unitEnds gives the last lines of the units starting at line i: the line
// itself for a statement, the closing brace for a block.
func unitEnds(lines []string, i, end int) []int {
	t := strings.TrimSpace(lines[i])
	switch {
	case t == "}" || strings.HasPrefix(t, "} else"):
		return nil
	case strings.HasSuffix(t, "{"):
		if j := closing(lines, i, end); j >= 0 {
			// A block with an else: delete through the else part.
			return []int{j}
		}
		return nil
	case strings.HasSuffix(t, ";"):
		return []int{i}
	}
	return nil
}

// closing finds the line of the brace that closes the block opened at line
// i (the first "}" line at the same indentation that is not "} else {").
func closing(lines []string, i, end int) int {
	ind := len(lines[i]) - len(strings.TrimLeft(lines[i], " "))
	for j := i + 1; j < end; j++ {
		l := lines[j]
		in := len(l) - len(strings.TrimLeft(l, " "))
		if in == ind && strings.TrimSpace(l) == "}" {
			return j
		}
		if in <= ind && strings.TrimSpace(l) != "" && !strings.HasPrefix(strings.TrimSpace(l), "} else") {
			return -1
		}
	}
	return -1
}
