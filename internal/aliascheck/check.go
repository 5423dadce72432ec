package aliascheck

import (
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/scop"
)

// Config says how to check a region. Its zero value checks every pair
// that may overlap, with the helpers of the empty prefix.
type Config struct {
	// AssumeNoAlias: the arrays do not overlap; no check is made (the
	// remark says so).
	AssumeNoAlias bool
	// Prefix starts the names of the helper macros of the condition
	// (min, max, floord), as in package emit.
	Prefix string
	// Time, when not nil, runs the building of the condition as a stage
	// named "alias check" (to record its time); nil runs it directly.
	Time func(stage string, run func() error) error
}

// Error says that the region has arrays that may overlap and whose
// address ranges cannot be had; its code is kept, with a warning.
type Error struct{ Msg string }

func (e *Error) Error() string {
	return "region kept as it was: " + e.Msg + " (--assume-noalias optimizes it anyway)"
}

// Check returns the C condition under which the arrays of region r (with
// model s) that may overlap occupy disjoint address ranges, "" when no
// pair needs a check, and the remark that explains it ("" when there is
// no pair). The error is an *Error when some pair has no address range,
// or a *presburger.Error from the engine.
func Check(f *cfront.File, r *cfront.Region, s *scop.Scop, cfg Config) (cond, remark string, err error) {
	pairs, err := Pairs(f, r, s)
	switch {
	case len(pairs) == 0:
		return "", "", nil
	case cfg.AssumeNoAlias:
		return "", "no alias check: " + PairList(pairs) + " are assumed not to overlap (--assume-noalias)", nil
	case err != nil:
		return "", "", err
	}
	var ranges string
	run := func() (err error) {
		cond, ranges, err = Condition(s, pairs, cfg.Prefix)
		return err
	}
	if cfg.Time != nil {
		err = cfg.Time("alias check", run)
	} else {
		err = run()
	}
	if err != nil {
		return "", "", err
	}
	return cond, "alias check: runs the optimized code when " + PairList(pairs) + " do not overlap (checked at run time on the ranges " + ranges + "); the original code otherwise", nil
}

// PairList prints pairs as "y and x, y and z".
func PairList(pairs [][2]*scop.Array) string {
	var ps []string
	for _, p := range pairs {
		ps = append(ps, p[0].Name+" and "+p[1].Name)
	}
	return strings.Join(ps, ", ")
}
