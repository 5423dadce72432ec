package presburger

import (
	"fmt"
	"slices"
)

// wrapTuples returns the tuple [a -> b] (nested) or the flat tuple of
// their dims (unnamed) when flat.
func wrapTuples(a, b tuple, flat bool) tuple {
	dims := slices.Concat(a.dims, b.dims)
	if flat {
		return tuple{dims: dims}
	}
	return tuple{dims: dims, nested: &Space{in: a, out: b}}
}

// productParts joins every part of a with every part of b in space sp;
// amap/bmap give the column of each dim column of the operands.
func productParts(sp Space, a, b Map, amap, bmap []int) Map {
	var parts []BasicMap
	for _, p := range a.parts {
		for _, q := range b.parts {
			if r := joinBasic(sp, 0, p, amap, q, bmap); !r.empty {
				parts = append(parts, r)
			}
		}
	}
	return mapOf(sp, parts)
}

// seqCols returns the columns for an operand whose params map to the
// params and whose dim blocks (of the given sizes) go to the given
// offsets of the result.
func seqCols(np int, blocks ...[2]int) []int {
	c := identityCols(np)
	for _, bl := range blocks {
		for k := 0; k < bl[0]; k++ {
			c = append(c, bl[1]+k)
		}
	}
	return c
}

func (a Map) rangeProduct(b Map, flat bool) Map {
	a, b = alignAny(a, b)
	if a.space.isSet || b.space.isSet || !a.space.in.equal(b.space.in) {
		panic(fmt.Sprintf("presburger: space mismatch in RangeProduct: %v vs %v", a.space, b.space))
	}
	sp := Space{params: a.space.params, in: a.space.in, out: wrapTuples(a.space.out, b.space.out, flat)}
	np, ni, nb := a.space.NParam(), a.space.Dim(In), a.space.Dim(Out)
	nc := b.space.Dim(Out)
	am := seqCols(np, [2]int{ni, np}, [2]int{nb, np + ni})
	bm := seqCols(np, [2]int{ni, np}, [2]int{nc, np + ni + nb})
	return productParts(sp, a, b, am, bm)
}

// RangeProduct returns A -> [B -> C] from a: A -> B and b: A -> C: the
// pairs (x, [y -> z]) with (x, y) in a and (x, z) in b
// (isl_map_range_product).
func (a Map) RangeProduct(b Map) Map { return a.rangeProduct(b, false) }

// FlatRangeProduct is RangeProduct with the range flattened into one
// unnamed tuple (isl_map_flat_range_product).
func (a Map) FlatRangeProduct(b Map) Map { return a.rangeProduct(b, true) }

// DomainProduct returns [A -> C] -> B from a: A -> B and b: C -> B
// (isl_map_domain_product).
func (a Map) DomainProduct(b Map) Map {
	return a.Reverse().RangeProduct(b.Reverse()).Reverse()
}

// Product returns [A -> C] -> [B -> D] from a: A -> B and b: C -> D
// (isl_map_product).
func (a Map) Product(b Map) Map {
	a, b = alignAny(a, b)
	if a.space.isSet || b.space.isSet {
		panic("presburger: Product of sets: use Set.Product")
	}
	sp := Space{params: a.space.params,
		in:  wrapTuples(a.space.in, b.space.in, false),
		out: wrapTuples(a.space.out, b.space.out, false)}
	np := a.space.NParam()
	na, nb := a.space.Dim(In), a.space.Dim(Out)
	nc, nd := b.space.Dim(In), b.space.Dim(Out)
	am := seqCols(np, [2]int{na, np}, [2]int{nb, np + na + nc})
	bm := seqCols(np, [2]int{nc, np + na}, [2]int{nd, np + na + nc + nb})
	return productParts(sp, a, b, am, bm)
}

func (a Set) product(b Set, flat bool) Set {
	am, bm := alignAny(a.m, b.m)
	sp := Space{params: am.space.params, out: wrapTuples(am.space.out, bm.space.out, flat), isSet: true}
	np, na, nb := am.space.NParam(), am.space.Dim(Out), bm.space.Dim(Out)
	ac := seqCols(np, [2]int{na, np})
	bc := seqCols(np, [2]int{nb, np + na})
	return Set{productParts(sp, am, bm, ac, bc)}
}

// Product returns the set [A -> B] of the pairs of points of a and b
// (isl_set_product).
func (a Set) Product(b Set) Set { return a.product(b, false) }

// FlatProduct returns the pairs of points of a and b as one flat unnamed
// tuple (isl_set_flat_product).
func (a Set) FlatProduct(b Set) Set { return a.product(b, true) }
