package multiversion

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// Blocks of a size known only at run time.
//
// Code tuned by hand often takes its block size as an argument:
//
//	for (ii = 0; ii < n; ii += bs)
//	  for (kk = 0; kk < n; kk += bs)
//	    for (i = ii; i < min(ii + bs, n); i++)
//	      for (k = kk; k < min(kk + bs, n); k++) ...
//
// The blocked nest has no model (ii = bs*floor(i/bs) is not affine in a
// parameter bs), so the proof of unblock.go, which reads the blocked
// order on the joined instances, does not apply. We prove instead that
// the blocked order is right for every bs >= 1 at once:
//
//   - The instances. For bs >= 1, the blocks [ii, min(ii + bs, n)) for
//     ii = lower, lower + bs, ... < n cover [lower, n) once each (and
//     [ii, ii + bs) does too when bs divides n - lower, the run-time
//     condition of that form); the block iterator appears nowhere else
//     (join checks it), and bs is not written in the region, so every
//     statement runs the joined nest's instances, once each.
//   - The order. The blocked program's schedule of a statement is the
//     joined one's with the block iterator's value t = lower +
//     bs*floor((i - lower)/bs) inserted, right where the block loop
//     stands, before the loops of its chain: the loops keep their order
//     and their textual positions. t is a non-decreasing function of i.
//     Take a dependence x -> y of the joined nest (x runs first there)
//     and compare the two blocked schedules dimension by dimension: up
//     to the first difference, the joined dimensions are equal; a block
//     dimension is reached only when both instances are inside the
//     block loop, hence inside its element loop i, and if i(x) <= i(y),
//     t(x) <= t(y): either t(x) < t(y) and x runs first, or they are
//     equal and the comparison goes on. The first joined dimension that
//     differs is the one the joined order decides on, in favor of x. So
//     the blocked order runs x first when every dependence between two
//     instances inside a joined element loop goes forward or stays along
//     it: i(x) <= i(y), the condition under which a rectangular tiling
//     of a band is legal (its loops are permutable).
//
// The engine checks that condition on the dependences of the joined
// model (flow, anti and output, memory-based): nothing is assumed from
// the syntax but the shape join checked.

// unblockVar finishes Unblock for a region with a block loop of a
// variable size: it checks the sizes' variables and proves the joined
// region equivalent for every size >= 1 (see above). body is the joined
// region's body; u.Cond already tests the sizes.
func (j *joiner) unblockVar(u *Unblocked, joined *cfront.Region, body []cfront.Stmt, cfg scop.Config) error {
	written := j.writes(j.r.Body)
	for _, p := range j.pairs {
		if p.sizeVar == "" {
			continue
		}
		// A signed size: ii + bs and i < ii + bs then compare the
		// values, not their conversions to an unsigned type.
		v := j.f.Lookup(j.r, p.sizeVar)
		if v == nil || len(v.Dims) != 0 || strings.Contains(v.Type, "*") || !signedType(v.Elem) || strings.Contains(v.Type, "volatile") {
			return fmt.Errorf("the block size %s of %s is not a variable of a signed integer type", p.sizeVar, p.block)
		}
		if written[p.sizeVar] {
			return fmt.Errorf("the block size %s of %s is written in the region", p.sizeVar, p.block)
		}
	}
	su, err := scop.FromRegion(j.f, joined, cfg)
	if err != nil {
		return fmt.Errorf("the joined nest has no model: %s", firstLine(err.Error()))
	}
	return forwardAlong(su, j.pairs, declScopes(body))
}

// forwardAlong checks that no dependence of the joined model su between
// two instances inside the element loop of a pair goes backward along
// that loop (a dependence from i to a smaller i).
func forwardAlong(su *scop.Scop, pairs []blockPair, scopes map[string][]string) (err error) {
	defer presburger.Recover(&err)
	loops := make([]int, len(pairs)) // the element loops' IDs in su
	for k, p := range pairs {
		loops[k] = -1
		for _, l := range su.Loops {
			if l.Pos.Offset == p.elemAt && l.CIter == p.elem {
				loops[k] = l.ID
			}
		}
		if loops[k] < 0 {
			return fmt.Errorf("the joined loop %s is not in the model", p.elem)
		}
	}
	d, err := deps.Compute(su, deps.Config{})
	if err != nil {
		return err
	}
	d = blockLocal(d, scopes)
	for _, x := range d.Deps {
		for k, p := range pairs {
			ks, kt := slices.Index(x.Source.Loops, loops[k]), slices.Index(x.Target.Loops, loops[k])
			if ks < 0 || kt < 0 {
				continue
			}
			if back := x.Rel.OrderLT(presburger.Out, kt, presburger.In, ks); !back.IsEmpty() {
				return fmt.Errorf("the blocked order is not the joined one's for every block size: a dependence from %s to %s on %s goes backward along %s", x.Source.Name, x.Target.Name, x.Array, p.elem)
			}
		}
	}
	return nil
}

// writes gives the names that the statements body may write: assigned,
// incremented, declared, addressed or iterated over, or named in an
// argument of a macro whose body assigns or increments. (A function
// cannot write a scalar passed by value; one that writes a global is
// refused by the model.)
func (j *joiner) writes(body []cfront.Stmt) map[string]bool {
	out := map[string]bool{}
	mark := func(e cfront.Expr) {
		cfront.Walk(e, func(n cfront.Node) bool {
			if id, ok := n.(*cfront.Ident); ok {
				out[id.Name] = true
			}
			return true
		})
	}
	for _, s := range body {
		cfront.Walk(s, func(n cfront.Node) bool {
			switch x := n.(type) {
			case *cfront.Assign:
				mark(x.LHS)
			case *cfront.Postfix:
				mark(x.X)
			case *cfront.Unary:
				if x.Op == "++" || x.Op == "--" || x.Op == "&" {
					mark(x.X)
				}
			case *cfront.Call:
				id, ok := cfront.Unparen(x.Fun).(*cfront.Ident)
				if !ok {
					mark(x)
				} else if m := j.f.Macros[id.Name]; m != nil && assigns(m.Body) {
					for _, a := range x.Args {
						mark(a)
					}
				}
			case *cfront.Decl:
				for _, v := range x.Vars {
					out[v.Name] = true
				}
			case *cfront.For:
				out[x.Iter] = true
			}
			return true
		})
	}
	return out
}

// assigns reports whether the C text body has an assignment or an
// increment operator.
func assigns(body string) bool {
	for _, op := range []string{"==", "!=", "<=", ">="} {
		body = strings.ReplaceAll(body, op, " ")
	}
	return strings.ContainsAny(body, "=") || strings.Contains(body, "++") || strings.Contains(body, "--")
}

// signedType reports whether the resolved type t is a signed integer
// type (char, whose sign the compiler chooses, is not).
func signedType(t string) bool {
	switch cfront.BareType(t) {
	case "int", "long", "long long", "short", "signed char", "int8_t", "int16_t", "int32_t", "int64_t", "ptrdiff_t", "ssize_t", "intptr_t":
		return true
	}
	return false
}
