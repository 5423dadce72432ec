package astgen

import "math/big"

// combineCons returns the constraint alpha*p + beta*q (an equality when eq)
// divided by the gcd of its coefficients, the constant of an inequality
// rounded down (the integer tightening of normCons); feasible is false
// when the result is infeasible (a non-zero constant equality, a negative
// constant inequality). It is exact whatever the magnitudes of the
// intermediate products: when one leaves int64 the combination is
// recomputed with math/big, and fits reports whether the normalized
// result is representable (its coefficients and constant in int64).
// Fourier-Motzkin combines rows this way, so that two rows with
// coefficients near 2^32 on different variables are no refusal.
func combineCons(p aff, alpha int64, q aff, beta int64, eq bool) (c cons, feasible, fits bool) {
	var na aff
	if !tryGen(func() { na = p.scale(alpha).add(q.scale(beta)) }) {
		if na, feasible, fits = combineBig(p, alpha, q, beta, eq); !feasible || !fits {
			return cons{}, feasible, fits
		}
	}
	c, feasible = normCons(cons{a: na, eq: eq})
	return c, feasible, true
}

// tryGen runs f and reports false when it failed with an int64 overflow.
func tryGen(f func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if !isOverflow(r) {
				panic(r)
			}
			ok = false
		}
	}()
	f()
	return true
}

// combineBig is alpha*p + beta*q computed with math/big and divided by the
// gcd of its non-constant coefficients (the constant of an inequality
// rounded down); feasible is false for an equality whose constant is not
// a multiple of that gcd, fits false when the result leaves int64.
func combineBig(p aff, alpha int64, q aff, beta int64, eq bool) (r aff, feasible, fits bool) {
	nv := len(p.Coef)
	a, b := big.NewInt(alpha), big.NewInt(beta)
	lin := func(x, y int64) *big.Int {
		r := new(big.Int).Mul(a, big.NewInt(x))
		return r.Add(r, new(big.Int).Mul(b, big.NewInt(y)))
	}
	coef := make([]*big.Int, nv)
	for i := range coef {
		coef[i] = lin(p.Coef[i], q.Coef[i])
	}
	c := lin(p.C, q.C)
	// Divisions: equal ones merge (as canon does).
	type bdiv struct {
		d affDiv
		k *big.Int
	}
	var divs []bdiv
	addDivs := func(ds []affDiv, m *big.Int) {
	next:
		for _, d := range ds {
			k := new(big.Int).Mul(m, big.NewInt(d.K))
			for i := range divs {
				if divs[i].d.Den == d.Den && divs[i].d.Num.equal(d.Num) {
					divs[i].k.Add(divs[i].k, k)
					continue next
				}
			}
			divs = append(divs, bdiv{d, k})
		}
	}
	addDivs(p.Divs, a)
	addDivs(q.Divs, b)
	g := new(big.Int)
	for _, x := range coef {
		g.GCD(nil, nil, g, new(big.Int).Abs(x))
	}
	for _, d := range divs {
		g.GCD(nil, nil, g, new(big.Int).Abs(d.k))
	}
	if g.Sign() > 0 && eq && new(big.Int).Mod(c, g).Sign() != 0 {
		return aff{}, false, true
	}
	if g.Sign() > 0 {
		for _, x := range coef {
			x.Quo(x, g)
		}
		for _, d := range divs {
			d.k.Quo(d.k, g)
		}
		// Floor division of the constant (Div rounds toward -inf for
		// a positive divisor).
		c.Div(c, g)
	}
	if !c.IsInt64() {
		return aff{}, true, false
	}
	r = aff{Coef: make([]int64, nv), C: c.Int64()}
	for i, x := range coef {
		if !x.IsInt64() {
			return aff{}, true, false
		}
		r.Coef[i] = x.Int64()
	}
	for _, d := range divs {
		if !d.k.IsInt64() {
			return aff{}, true, false
		}
		r.Divs = append(r.Divs, affDiv{Num: d.d.Num, Den: d.d.Den, K: d.k.Int64()})
	}
	return r.canon(), true, true
}
