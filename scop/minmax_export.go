package scop

import "github.com/tessera-opt/tessera/cfront"

// SplitMin returns the operands of an upper bound min(a, b, ...) of an
// increasing loop as the model reads them (calls of min and imin, in any
// case, and conditionals a < b ? a : b, nested), or e alone: the
// conjuncts of i < e.
func SplitMin(e cfront.Expr) []cfront.Expr { return splitMinMax(e, false) }
