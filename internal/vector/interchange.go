package vector

import (
	"fmt"

	"github.com/tessera-opt/tessera/ast"
)

// Interchange for vectorization: a coincident loop n whose body is one
// innermost loop g that cannot run as SIMD lanes (a reduction: its
// statements write an element invariant along g, as a short filter's
// rows out[..][w] += in[..][w + s] * wt[..][s] along s) is swapped
// with g when the statements are unit-stride or invariant along n:
//
//	for n: for g: S     becomes     for g: #pragma ivdep for n: S
//
// Legality: n is a coincident band member (ast.For.Parallel): every
// dependence between instances inside n has the same value of n, so the
// instances of one n keep their order along g and those of distinct n are
// independent; g's bounds do not depend on n (the nest is a rectangle), so
// the swapped loops run the same instances. The new inner loop n is again
// coincident (it carries none of those dependences) and gets the mark; the
// outer g keeps g's flag (a dependence of distance 0 along n stays carried
// or not by g as before).
//
// When g's reduction could also take a horizontal reduction (hred.go),
// that wins for long rows (acc in a register, no load and store of the
// written element per step): a constant trip count of g of at least
// hredMinTrips vectors keeps the horizontal reduction, a shorter one takes
// the interchange, and a symbolic one tests it at run time:
//
//	if (trips(g) >= hredMinTrips * lanes) for n: hred(g) else for g: for n: S
func (v *vectorizer) interchange(n *ast.For) ast.Node {
	if v.cfg.NoIntrinsics || n == v.marked || !n.Parallel || !ast.UnitStep(n) {
		return nil
	}
	g, ok := ast.Only(n.Body).(*ast.For)
	if !ok || ast.ContainsFor(g.Body) || !ast.UnitStep(g) {
		return nil
	}
	ghi, ok1 := ast.UpperBound(g)
	if _, ok2 := ast.UpperBound(n); !ok1 || !ok2 || !independent(g.Init, n.Iter) || !independent(ghi, n.Iter) {
		return nil
	}
	if v.analyzeLoop(g).Vectorizable {
		return nil // g gets its mark as it is
	}
	swap := func(n, g *ast.For) *ast.For {
		inner := &ast.For{Iter: n.Iter, Init: ast.CopyExpr(n.Init), Cond: ast.CopyExpr(n.Cond), Inc: ast.CopyExpr(n.Inc),
			Body: ast.Copy(g.Body), Parallel: true}
		return &ast.For{Iter: g.Iter, Init: ast.CopyExpr(g.Init), Cond: ast.CopyExpr(g.Cond), Inc: ast.CopyExpr(g.Inc),
			Body: inner, Parallel: g.Parallel}
	}
	sw := swap(n, g)
	inner := sw.Body.(*ast.For)
	rep := v.analyzeLoop(inner)
	if !rep.Vectorizable {
		return nil
	}
	h := v.matchHred(g)
	if h != nil && !h.short(g) {
		if _, constant := tripCount(g.Init, ghi).(*ast.Int); constant {
			return nil // the horizontal reduction (rewrite of g)
		}
	} else {
		h = nil
	}
	name := "ivdep"
	if v.cfg.OpenMP {
		name = "simd"
	}
	rep.Scheme = fmt.Sprintf("interchanged with %s, mark %s", g.Iter, name)
	rep.Reason = fmt.Sprintf("%s (the reduction loop %s goes outside)", rep.Reason, g.Iter)
	v.res.Loops = append(v.res.Loops, rep)
	// For Gains, as much as a horizontal reduction: the scheduler's
	// order that the interchange serves may have distributed other
	// statements into passes of their own over large arrays, which the
	// vector loop does not pay back against the original order
	// (measurements in docs/RESULTS.md).
	ast.Walk(inner, func(m ast.Node) bool {
		if u, ok := m.(*ast.User); ok && v.byName[u.Name] != nil {
			v.cover(u.Name, scoreHred)
		}
		return true
	})
	sw.Body = &ast.Mark{Name: name, Body: inner}
	if h == nil {
		return sw
	}
	// Both, under a run-time test of g's trip count (invariant in n).
	v.register(h)
	hrep := LoopReport{Iter: g.Iter, Vectorizable: true, Scheme: "horizontal reduction", ElemType: h.elem,
		Reason: fmt.Sprintf("%s reduces into %s: when %s runs at least %d times; otherwise %s is interchanged with it", h.stmt.Name, h.lhs.Format(nil), g.Iter, hredMinTrips*h.lanes, n.Iter)}
	v.res.Loops = append(v.res.Loops, hrep)
	n.Body = v.buildHredScheme(g, h)
	return &ast.If{Cond: ast.Ge(tripCount(g.Init, ghi), ast.NewInt(hredMinTrips*int64(h.lanes))), Then: n, Else: sw}
}
