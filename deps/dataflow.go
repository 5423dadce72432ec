package deps

import "github.com/tessera-opt/tessera/presburger"

// maxKilledParts bounds the parts of one composition Output ∘ Flow (the
// product of the operands' part counts) that valueBased subtracts.
const maxKilledParts = 1024

// maxKillSteps bounds the work of one flow dependence's kill
// (presburger.SubtractWithin: solver steps, plus 100 a basic
// subtraction): past it the dependence keeps its memory-based relation,
// a superset, so the result stays correct. The kills of affine programs
// take a small fraction of it; it stops the kills whose mods under
// existentials split one part into hundreds.
const maxKillSteps = 50_000

// valueBased returns Deps with every flow dependence reduced to its
// value-based part: a write w reaches a read r unless another write w'
// to the same element executes between them. We compute, for each flow
// dependence F from write access a to read access b,
//
//	killed = union over write accesses a' of  Output(a -> a') ∘ Flow(a' -> b)
//
// (the pairs w -> r with some w' after w writing the element, before r)
// and keep F \ killed. Output and Flow are memory-based, so every
// intermediate write is considered. Only a must-write a' kills, and only
// for a read b that reads one known element: a may-write a' (scop's
// Access.May) may leave the element unwritten, and a may-read b may read
// another element of its relation than the one a' writes. With those
// left out the subtraction is exact for must accesses and removes
// nothing it should not for may accesses (a may-write source w is killed
// only by a must-write of the element b reads, which is right whichever
// elements w writes).
//
// The composition Output ∘ Flow has up to one part per pair of parts of
// its operands, and the subtraction costs per part: a flow dependence for
// which some pair of operands has more than maxKilledParts such pairs
// keeps its memory-based relation (progfuzz fm_budget_time_mod_reduction.c:
// 64 x 64 parts from a disjunction of mods took half a minute).
func (d *Deps) valueBased() []*Dep {
	eng := engine{presburger.Query{Cancel: d.Config.Cancel}}
	type key struct {
		st  string
		acc int
	}
	outputs := map[key][]*Dep{} // by source write access
	flows := map[key][]*Dep{}   // by target read access
	for _, x := range d.Deps {
		switch x.Kind {
		case Output:
			k := key{x.Source.Name, x.SrcAccess}
			outputs[k] = append(outputs[k], x)
		case Flow:
			k := key{x.Target.Name, x.TgtAccess}
			flows[k] = append(flows[k], x)
		}
	}
	var out []*Dep
	for _, x := range d.Deps {
		if x.Kind != Flow {
			out = append(out, x)
			continue
		}
		rel := x.Rel
		if x.Target.Accesses[x.TgtAccess].May {
			// A may-read reads one element of its relation, not
			// every one: a write w' of some element of it between w
			// and r need not be the element r reads, so nothing is
			// killed (kept memory-based, ValueBased unset).
			out = append(out, x)
			continue
		}
		tooBig := false
		for _, o := range outputs[key{x.Source.Name, x.SrcAccess}] {
			if o.Target.Accesses[o.TgtAccess].May {
				// A may-write may leave the element as it was: it
				// never kills (only must-writes do).
				continue
			}
			for _, f := range flows[key{x.Target.Name, x.TgtAccess}] {
				if f.Source != o.Target || f.SrcAccess != o.TgtAccess {
					continue
				}
				if len(o.Rel.Parts())*len(f.Rel.Parts()) > maxKilledParts {
					tooBig = true
					break
				}
				killed := o.Rel.ApplyRange(f.Rel)
				var ok bool
				if rel, ok = eng.subtractWithin(rel, killed, maxKillSteps); !ok {
					tooBig = true
					break
				}
				if eng.isEmpty(rel) {
					break
				}
			}
			if tooBig || eng.isEmpty(rel) {
				break
			}
		}
		if tooBig {
			// Kept memory-based (ValueBased unset): a superset of the
			// value-based flow, which the users of Dataflow read
			// conservatively (no expansion, no privatization on it).
			out = append(out, x)
			continue
		}
		if rel.IsEmpty() {
			continue
		}
		rel = rel.RemoveEmptyParts()
		v := *x
		v.Rel = rel
		v.ValueBased = true
		v.Levels, v.ByLevel = nil, nil
		for k, part := range x.ByLevel {
			p := part.Intersect(rel).RemoveEmptyParts()
			if !p.IsEmpty() {
				v.Levels = append(v.Levels, x.Levels[k])
				v.ByLevel = append(v.ByLevel, p)
			}
		}
		out = append(out, &v)
	}
	return out
}
