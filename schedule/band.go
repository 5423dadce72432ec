package schedule

import (
	"fmt"
	"slices"

	"github.com/tessera-opt/tessera/presburger"
)

// ASTOption is the AST generation option of one band member
// (isl_ast_loop_type).
type ASTOption uint8

const (
	// OptionDefault lets the generator split the schedule domain into
	// disjoint pieces as it sees fit (isl_ast_loop_default).
	OptionDefault ASTOption = iota
	// OptionAtomic generates one loop per statement group, using the
	// constraints shared by all pieces (isl_ast_loop_atomic).
	OptionAtomic
	// OptionSeparate splits the domain so that each loop body is free of
	// conditions on this member (isl_ast_loop_separate).
	OptionSeparate
	// OptionUnroll unrolls the member completely (isl_ast_loop_unroll).
	OptionUnroll
)

var optionNames = [...]string{"default", "atomic", "separate", "unroll"}

func (o ASTOption) String() string {
	if int(o) < len(optionNames) {
		return optionNames[o]
	}
	return fmt.Sprintf("ASTOption(%d)", int(o))
}

// ParseASTOption returns the option named s ("default", "atomic",
// "separate", "unroll").
func ParseASTOption(s string) (ASTOption, bool) {
	for i, n := range optionNames {
		if n == s {
			return ASTOption(i), true
		}
	}
	return 0, false
}

// Band is the content of a band node: a partial schedule of Width members.
//
// Invariants (established by NewBand): len(Coincident) == len(Options) ==
// len(IsolateOptions) == Width; every map of Schedule has Width output
// dims in an unnamed tuple and is single valued on the instances reaching
// the band.
type Band struct {
	// Schedule maps each statement instance to the band's members.
	Schedule presburger.UnionMap
	// Width is the number of members (it cannot be read from an empty
	// Schedule).
	Width int
	// Permutable records that the members may be freely interchanged.
	Permutable bool
	// Coincident[k] records that member k carries no dependence (its loop
	// is parallel).
	Coincident []bool
	// Options[k] is the AST generation option of member k outside of the
	// isolated part.
	Options []ASTOption
	// Isolate, when non-nil, is the isolated part of the schedule space
	// (isl's isolate option): a set in the space isolate[[outer] -> [band]]
	// where outer are the schedule dims of the enclosing bands (the prefix
	// schedule) and band the members of this band.
	Isolate *presburger.Set
	// IsolateOptions[k] is the option of member k inside the isolated part.
	IsolateOptions []ASTOption
}

func (b Band) clone() Band {
	b.Coincident = slices.Clone(b.Coincident)
	b.Options = slices.Clone(b.Options)
	b.IsolateOptions = slices.Clone(b.IsolateOptions)
	return b
}

// normalize pads or cuts the member slices to Width.
func (b *Band) normalize() {
	if b.Width < 0 {
		panic("schedule: negative band width")
	}
	b.Coincident = resize(b.Coincident, b.Width)
	b.Options = resize(b.Options, b.Width)
	b.IsolateOptions = resize(b.IsolateOptions, b.Width)
}

func resize[T any](s []T, n int) []T {
	if len(s) >= n {
		return s[:n:n]
	}
	return append(s, make([]T, n-len(s))...)
}

// NewBandFromSchedule returns the band with the given partial schedule,
// whose width is read from the first map of the schedule (0 when it is
// empty), default options and no flags.
func NewBandFromSchedule(sched presburger.UnionMap) Band {
	w := 0
	for _, m := range sched.Maps() {
		w = m.Space().Dim(presburger.Out)
		break
	}
	b := Band{Schedule: sched, Width: w}
	b.normalize()
	return b
}

// Member returns the option of member k (outside the isolated part).
func (b Band) Member(k int) ASTOption { return b.Options[k] }
