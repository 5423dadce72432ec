package pipeline

// diagSet answers whether a diagnostic is already in a growing list of
// diagnostics, in time proportional to the list's growth (slices.Contains
// on every region's diagnostic made a file of many declined loops
// quadratic).
type diagSet struct {
	seen map[Diagnostic]bool
	n    int // the diagnostics of the list already in seen
}

// has reports whether d is in diags, a list that only grows at its end
// between calls.
func (s *diagSet) has(diags []Diagnostic, d Diagnostic) bool {
	if s.seen == nil || s.n > len(diags) {
		s.seen, s.n = map[Diagnostic]bool{}, 0
	}
	for ; s.n < len(diags); s.n++ {
		s.seen[diags[s.n]] = true
	}
	return s.seen[d]
}
