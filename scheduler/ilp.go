package scheduler

import (
	"errors"

	"github.com/tessera-opt/tessera/presburger"
)

// The scheduler's integer programs (tens of variables, up to a few
// thousand rows, all variables non-negative and bounded) go to the
// engine's exact simplex-based branch-and-bound
// (presburger.Query.LexMinPoint). Its tableau continues in math/big when
// an intermediate value leaves int64, so it refuses a program only when
// it runs over its budget or is cancelled; there is no second solver.

var errILPBudget = errors.New("scheduler: integer program exceeded its budget")

// solveLexmin finds the lexicographic minimum of the integer program (all
// variables >= 0 implicitly). A closed q.Cancel stops the search
// (ErrCancelled); an engine that runs out of its budget returns its
// error, and the caller keeps the original schedule.
func solveLexmin(q presburger.Query, n int, eq, ineq [][]int64) (x []int64, ok bool, err error) {
	if solveLexminHook != nil {
		solveLexminHook(n, eq, ineq)
	}
	return engineLexmin(q, n, eq, ineq)
}

// solveLexminHook, when set by a test, sees every problem.
var solveLexminHook func(n int, eq, ineq [][]int64)

func engineLexmin(q presburger.Query, n int, eq, ineq [][]int64) (x []int64, ok bool, err error) {
	defer guard(&err)
	sp := presburger.NewSetSpace(nil, "", make([]string, n))
	b := presburger.NewBasicBuilder(sp)
	for j := 0; j < n; j++ {
		r := make([]int64, n+1)
		r[j] = 1
		b.AddIneq(r)
	}
	for _, r := range eq {
		b.AddEq(r)
	}
	for _, r := range ineq {
		b.AddIneq(r)
	}
	pt, kind, err := q.LexMinPoint(b.BuildSet().Map())
	if err != nil {
		return nil, false, engineErr(err)
	}
	switch kind {
	case presburger.OptEmpty:
		return nil, false, nil
	case presburger.OptUnbounded:
		return nil, false, errILPBudget
	}
	return pt, true, nil
}
