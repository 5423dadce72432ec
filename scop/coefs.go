package scop

import "github.com/tessera-opt/tessera/presburger"

// engineHook, when set by a test, runs where the package's guarded engine
// calls start (Coefficients, satisfiable), to inject a panic.
var engineHook func()

// Coefficients returns, for each subscript of the access, the
// coefficients of the statement's iterators (one row per subscript, one
// column per domain dimension). ok is false when the access is not a
// single quasi-affine function without floor divisions (the same
// coefficients on every piece of its lexicographic minimum), and for a
// may access.
func (a *Access) Coefficients() (rows [][]int64, ok bool) {
	// An access on which the engine fails (budget, overflow) is not
	// affine for the callers. Any other panic is a bug and goes on.
	var engineErr error
	defer func() {
		if engineErr != nil {
			rows, ok = nil, false
		}
	}()
	defer presburger.Recover(&engineErr)
	if a.May {
		// Not a function: the lexicographic minimum of the elements
		// it may touch is not the element it touches.
		return nil, false
	}
	if engineHook != nil {
		engineHook()
	}
	f, err := a.Rel.LexMinPwMultiAff()
	if err != nil || f.NPieces() == 0 {
		return nil, false
	}
	nIn := a.Rel.Space().Dim(presburger.In)
	for pi, p := range f.Pieces() {
		for o := 0; o < p.Fn.Dim(); o++ {
			aff := p.Fn.Aff(o)
			if aff.NLocal() > 0 {
				return nil, false
			}
			row := make([]int64, nIn)
			for d := 0; d < nIn; d++ {
				row[d] = aff.Coef(presburger.SetDim, d)
			}
			if pi == 0 {
				rows = append(rows, row)
				continue
			}
			for d := range row {
				if rows[o][d] != row[d] {
					return nil, false
				}
			}
		}
	}
	return rows, true
}
