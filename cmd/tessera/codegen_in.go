package main

import (
	"github.com/tessera-opt/tessera/astgen"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// The flat form of isl_codegen's input (the .in files: a schedule map, a
// context set and an options map, '#' starting comments) is read by
// astgen.ParseFlatInput, which the AST-generation suite of astgen uses
// too; this file gives its result the names codegen uses.

// codegenInput is a parsed .in input.
type codegenInput struct {
	astgen.FlatInput
	sched               presburger.UnionMap // FlatInput.Schedule
	ctx                 presburger.Set      // FlatInput.Context
	schedLine, schedCol int                 // FlatInput.SchedLine, SchedCol
}

// readCodegenInput reads a .in input; errors are "line:col: error: ...".
func readCodegenInput(src string) (codegenInput, error) {
	in, err := astgen.ParseFlatInput(src)
	return codegenInput{FlatInput: in, sched: in.Schedule, ctx: in.Context, schedLine: in.SchedLine, schedCol: in.SchedCol}, err
}

// width returns the largest number of schedule dims of the schedule.
func (in codegenInput) width() int { return in.Width() }

// options returns the generator's options; force (separate or atomic)
// replaces the separate and atomic options on every dim, keeping the
// unroll options (isl_codegen --separate / --atomic).
func (in codegenInput) options(force schedule.ASTOption) (astgen.Options, error) {
	return in.Options(force)
}

// blankComments replaces every '#' comment by spaces, keeping line and
// column numbers.
func blankComments(src string) string { return astgen.BlankComments(src) }
