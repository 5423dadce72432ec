package deps

// valueBased returns Deps with every flow dependence reduced to its
// value-based part: a write w reaches a read r unless another write w'
// to the same element executes between them. We compute, for each flow
// dependence F from write access a to read access b,
//
//	killed = union over write accesses a' of  Output(a -> a') ∘ Flow(a' -> b)
//
// (the pairs w -> r with some w' after w writing the element, before r)
// and keep F \ killed. Output and Flow are memory-based, so every
// intermediate write is considered; the subtraction is exact because all
// writes of the model are must-writes.
func (d *Deps) valueBased() []*Dep {
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
		for _, o := range outputs[key{x.Source.Name, x.SrcAccess}] {
			for _, f := range flows[key{x.Target.Name, x.TgtAccess}] {
				if f.Source != o.Target || f.SrcAccess != o.TgtAccess {
					continue
				}
				killed := o.Rel.ApplyRange(f.Rel)
				rel = rel.Subtract(killed)
				if rel.IsEmpty() {
					break
				}
			}
			if rel.IsEmpty() {
				break
			}
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
