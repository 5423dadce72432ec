package sys

import "github.com/tessera-opt/tessera/presburger/internal/ints"

// Elimination of unit equalities before an integer search.
//
// An equality with a coefficient ±1 on some variable x_v defines x_v as an
// integer affine function of the others, so substituting it into the other
// rows keeps exactly the integer points (projected away from x_v, which the
// substitution gives back). The substituted rows are then normalized:
// dividing an inequality by the gcd of its coefficients and rounding its
// constant down is exact over the integers and often much tighter than the
// rational relaxation (x4 = 32·a, x5 = 32·b, x5 - 2·x4 >= 1 becomes
// b - 2·a >= 1), which spares the branch and bound a crawl through every
// fractional vertex of the lattice.

// unitSubst records x_v = -s·(row without v) for an equality row with
// row[v] = s = ±1.
type unitSubst struct {
	v   int
	row []int64
}

// hasUnitEq reports whether an equality of c has a coefficient ±1.
func hasUnitEq(c *System) bool {
	for _, r := range c.Eq {
		for _, v := range r[:c.NVars] {
			if v == 1 || v == -1 {
				return true
			}
		}
	}
	return false
}

// eliminateUnitEqs substitutes the equalities of c with a unit coefficient
// into its other rows, normalizing after each round (which may turn
// opposite inequalities into new equalities), until no such equality is
// left. c must be normalized. It returns the substitutions in the order
// made, and whether c was found infeasible. Arithmetic is checked: an
// overflow panics with *ints.OverflowError.
func eliminateUnitEqs(c *System) (subst []unitSubst, infeasible bool) {
	n := c.NVars
	for {
		kept := c.Eq[:0]
		done := len(subst)
		for k, e := range c.Eq {
			v := -1
			for j := 0; j < n; j++ {
				if e[j] == 1 || e[j] == -1 {
					v = j
					break
				}
			}
			if v < 0 {
				kept = append(kept, e)
				continue
			}
			s := e[v]
			for _, rows := range [][][]int64{kept, c.Eq[k+1:], c.Ineq} {
				for _, r := range rows {
					if a := r[v]; a != 0 {
						// r - a·s·e: e[v]·s = 1, so r[v] becomes 0.
						ints.AddMulRow(r, e, ints.Neg(ints.Mul(a, s)))
					}
				}
			}
			subst = append(subst, unitSubst{v: v, row: e})
		}
		c.Eq = kept
		if len(subst) == done {
			return subst, false
		}
		if c.Normalize() {
			return subst, true
		}
	}
}

// completePoint sets the eliminated variables of pt from the others, in
// the reverse order of their substitution.
func completePoint(pt []int64, subst []unitSubst) {
	n := len(pt)
	for i := len(subst) - 1; i >= 0; i-- {
		u := subst[i]
		sum := u.row[n]
		for j := 0; j < n; j++ {
			if j != u.v && u.row[j] != 0 {
				sum = ints.Add(sum, ints.Mul(u.row[j], pt[j]))
			}
		}
		if u.row[u.v] > 0 {
			sum = ints.Neg(sum)
		}
		pt[u.v] = sum
	}
}
