package scop

import "github.com/tessera-opt/tessera/presburger/ints"

// Evaluation of the builder's affine forms and conditions at a point, for
// the tests that check them against the C expressions they come from.

// eval evaluates a at the given integer values; ok is false when a variable
// has no value.
func (a *aff) eval(vals map[string]int64) (int64, bool) {
	s := a.c
	for v, c := range a.lin {
		x, ok := vals[v]
		if !ok {
			return 0, false
		}
		s = addInt(s, mulInt(c, x))
	}
	for _, d := range a.divs {
		x, ok := d.num.eval(vals)
		if !ok {
			return 0, false
		}
		s = addInt(s, mulInt(d.coef, ints.FloorDiv(x, d.den)))
	}
	return s, true
}

// holds evaluates d at a point (all variables must have values).
func (d dnf) holds(vals map[string]int64) (bool, bool) {
	for _, c := range d {
		all := true
		for _, k := range c {
			v, ok := k.a.eval(vals)
			if !ok {
				return false, false
			}
			if (k.eq && v != 0) || (!k.eq && v < 0) {
				all = false
				break
			}
		}
		if all {
			return true, true
		}
	}
	return false, true
}
