package ast

import "fmt"

// applyOp applies a strict operator to evaluated arguments (n-ary ones
// folded from the left).
func applyOp(k OpKind, v []int64) (int64, error) {
	switch {
	case len(v) == 0:
		return 0, fmt.Errorf("ast: interpret: %w: %s without arguments", ErrInvalid, k)
	case len(v) == 1:
		return apply2(k, v[0], 0)
	case len(v) == 2 && k.Arity() == 2:
		return apply2(k, v[0], v[1])
	}
	acc := v[0]
	if k == OpAndEager || k == OpOrEager {
		acc = b2i(acc != 0)
	}
	for _, x := range v[1:] {
		var err error
		if acc, err = apply2(k, acc, x); err != nil {
			return 0, err
		}
	}
	return acc, nil
}
