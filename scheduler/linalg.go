package scheduler

import "math/big"

// overflowError is the panic value of complement when an exact rational
// result does not fit in int64 (the package's row arithmetic is
// presburger/ints, whose *ints.OverflowError is an engine error); guard
// turns both into errors.
type overflowError struct{ op string }

func (e *overflowError) Error() string { return "scheduler: integer overflow in " + e.op }

// complement returns an integer basis of the orthogonal complement of the
// row space of h (rows of length n): vectors v with h·v = 0, each scaled to
// coprime integers with its first non-zero entry positive. Computed
// exactly over the rationals by Gaussian elimination.
func complement(h [][]int64, n int) [][]int64 {
	// Reduced row echelon form of h.
	m := make([][]*big.Rat, len(h))
	for i, r := range h {
		m[i] = make([]*big.Rat, n)
		for j := 0; j < n; j++ {
			m[i][j] = new(big.Rat).SetInt64(r[j])
		}
	}
	var pivots []int
	row := 0
	for col := 0; col < n && row < len(m); col++ {
		pr := -1
		for i := row; i < len(m); i++ {
			if m[i][col].Sign() != 0 {
				pr = i
				break
			}
		}
		if pr < 0 {
			continue
		}
		m[row], m[pr] = m[pr], m[row]
		inv := new(big.Rat).Inv(m[row][col])
		for j := 0; j < n; j++ {
			m[row][j].Mul(m[row][j], inv)
		}
		for i := range m {
			if i == row || m[i][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(m[i][col])
			for j := 0; j < n; j++ {
				m[i][j].Sub(m[i][j], new(big.Rat).Mul(f, m[row][j]))
			}
		}
		pivots = append(pivots, col)
		row++
	}
	isPivot := make([]bool, n)
	for _, c := range pivots {
		isPivot[c] = true
	}
	var out [][]int64
	for free := 0; free < n; free++ {
		if isPivot[free] {
			continue
		}
		v := make([]*big.Rat, n)
		for j := range v {
			v[j] = new(big.Rat)
		}
		v[free].SetInt64(1)
		for i, pc := range pivots {
			v[pc].Neg(m[i][free])
		}
		out = append(out, integerize(v))
	}
	return out
}

// integerize scales a rational vector to coprime integers with its first
// non-zero entry positive.
func integerize(v []*big.Rat) []int64 {
	l := big.NewInt(1)
	for _, x := range v {
		d := x.Denom()
		g := new(big.Int).GCD(nil, nil, l, d)
		l.Mul(l, new(big.Int).Quo(d, g))
	}
	ints := make([]*big.Int, len(v))
	g := new(big.Int)
	for i, x := range v {
		ints[i] = new(big.Int).Mul(x.Num(), new(big.Int).Quo(l, x.Denom()))
		g.GCD(nil, nil, g, new(big.Int).Abs(ints[i]))
	}
	sign := int64(1)
	for _, x := range ints {
		if x.Sign() != 0 {
			if x.Sign() < 0 {
				sign = -1
			}
			break
		}
	}
	out := make([]int64, len(v))
	for i, x := range ints {
		if g.Sign() != 0 {
			x.Quo(x, g)
		}
		if !x.IsInt64() {
			panic(&overflowError{"complement"})
		}
		out[i] = sign * x.Int64()
	}
	return out
}
