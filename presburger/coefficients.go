package presburger

import "github.com/tessera-opt/tessera/presburger/internal/sys"

// Coefficients returns the set of affine forms that are non-negative on
// every rational point of b (isl's isl_basic_set_coefficients): the points
// (c0, c_1, ..., c_k) of the result, with k = NParam + Dim(Out), are exactly
// the forms c0 + sum c_j x_j over the parameters then the set dimensions of
// b that are >= 0 on b's rational relaxation. The result lives in an
// unnamed, parameter-free set space of dimension 1+k.
//
// We apply the affine form of Farkas' lemma: on a non-empty polyhedron
// { x : A x + a >= 0, E x + e = 0 } a form c0 + c·x is non-negative iff
// c = Aᵀλ + Eᵀμ and c0 = λ0 + aᵀλ + eᵀμ for some λ0, λ >= 0 and μ free.
// We write these equations over (c0, c, λ0, λ, μ) and eliminate the
// multipliers by rational Fourier–Motzkin elimination. Local variables of b
// get a zero coefficient (the forms may not mention them), which makes the
// answer that of b's rational projection. A rationally empty b admits every
// form. Used by the scheduler to linearize validity and bounding constraints
// on dependence polyhedra.
func (b BasicSet) Coefficients() BasicSet { return b.m.Coefficients() }

// Coefficients is BasicSet.Coefficients for a relation, read as a set over
// (parameters, input dims, output dims): the result's coordinates are
// (c0, parameters, input dims, output dims).
func (bm BasicMap) Coefficients() BasicSet { return bm.coefficients(nil) }

// coefficients is Coefficients with its solver queries stopped when
// cancel is closed (nil: never).
func (bm BasicMap) coefficients(cancel <-chan struct{}) BasicSet {
	sp := bm.space
	k := sp.NDim()
	nvar := k + len(bm.locals)
	out := NewSetSpace(nil, "", make([]string, 1+k))
	if bm.empty {
		return UniverseBasic(out).Set()
	}
	defer translatePanics()
	src := bm.system() // includes the defining bounds of known divs
	src.Cancel = cancel
	if sys.IsRationalEmpty(src) {
		return UniverseBasic(out).Set()
	}
	if nvar > k {
		// The forms may not mention the locals: take the real shadow on
		// (parameters, dims) first, without redundant rows. The dual
		// below then has one multiplier per facet of the shadow instead
		// of one per row of b (mod existentials bring many rows whose
		// multipliers made the elimination below blow up: progfuzz's
		// fm_budget_time_mod_*.c).
		if proj, ok := shadowOrNil(src, k); ok {
			src = proj
			nvar = k
		}
	}
	eqs, ineqs := src.Eq, src.Ineq
	// Variables: c0, c_1..c_k, λ0, λ_1..λ_m, μ_1..μ_e; then the constant.
	m, e := len(ineqs), len(eqs)
	lam0 := 1 + k
	lam := lam0 + 1
	mu := lam + m
	w := mu + e
	s := sys.New(w)
	s.Cancel = cancel
	row := func() []int64 { return make([]int64, w+1) }
	for v := 0; v < nvar; v++ {
		r := row()
		if v < k {
			r[1+v] = 1
		}
		for i, a := range ineqs {
			r[lam+i] = -a[v]
		}
		for j, a := range eqs {
			r[mu+j] = -a[v]
		}
		s.AddEq(r)
	}
	r := row()
	r[0] = 1
	r[lam0] = -1
	for i, a := range ineqs {
		r[lam+i] = -a[nvar]
	}
	for j, a := range eqs {
		r[mu+j] = -a[nvar]
	}
	s.AddEq(r)
	for i := lam0; i < mu; i++ {
		r := row()
		r[i] = 1
		s.AddIneq(r)
	}
	p := sys.RationalProject(s, 1+k)
	bb := NewBasicBuilder(out)
	for _, r := range p.Eq {
		bb.AddEq(r)
	}
	for _, r := range p.Ineq {
		bb.AddIneq(r)
	}
	return bb.BuildSet()
}

// shadowOrNil is sys.RationalProject(s, keep), or false when that runs
// over its budget: the projection only makes Coefficients cheaper (the
// dual below is exact on s itself too), and where it blows up the plain
// dual is tried as before.
func shadowOrNil(s *sys.System, keep int) (out *sys.System, ok bool) {
	ok = survives(func() { out = sys.RationalProject(s, keep) }, Budget)
	return out, ok
}
