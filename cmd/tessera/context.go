package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// A userContext is the value of --context: a set of parameter values in
// isl notation ("[n, m] -> { : n >= 16 and m >= n }"), or polycc's plain
// integer N, meaning every parameter of every region is at least N.
//
// The context speaks for the whole file: each region gets its projection
// onto the region's own parameters (a constraint on parameters the region
// does not have says nothing about it). A context naming a parameter that
// no region of the file has is a usage error, since it is most likely a
// misspelling.
type userContext struct {
	isl    string // the isl form, "" for polycc's
	params []string
	min    int64 // polycc's bound, when isl == ""
}

// parseContext reads a --context value; the zero userContext (s empty)
// means no context.
func parseContext(s string) (*userContext, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return &userContext{min: n}, nil
	}
	set, err := presburger.ParseSet(s)
	if err != nil {
		return nil, fmt.Errorf("--context: %s", oneLine(err.Error()))
	}
	if sp := set.Space(); !sp.IsParamSpace() {
		return nil, fmt.Errorf("--context: %s is not a set of parameter values (write it as [n] -> { : n >= 16 }, or an integer N for every parameter >= N)", s)
	}
	if set.IsEmpty() {
		return nil, fmt.Errorf("--context: %s holds for no parameter values", s)
	}
	return &userContext{isl: s, params: set.Space().Params()}, nil
}

// forParams returns the context in isl notation for a file whose regions
// have the parameters params, or an error when it names a parameter none
// of them has.
func (c *userContext) forParams(file string, params []string) (string, error) {
	if c == nil {
		return "", nil
	}
	if c.isl == "" {
		if len(params) == 0 {
			return "", nil
		}
		var cons []string
		for _, p := range params {
			cons = append(cons, fmt.Sprintf("%s >= %d", p, c.min))
		}
		return "[" + strings.Join(params, ", ") + "] -> { : " + strings.Join(cons, " and ") + " }", nil
	}
	for _, p := range c.params {
		if !slices.Contains(params, p) {
			have := "they have none"
			if len(params) > 0 {
				have = "theirs: " + strings.Join(params, ", ")
			}
			return "", fmt.Errorf("--context names %s, which is not a parameter of any region of %s (%s)", p, file, have)
		}
	}
	return c.isl, nil
}

// regionParams returns the parameters of the regions of a C file, as the
// model names them, in order of first appearance; ok is false when no
// region could be modelled (nothing can be said then). An automatic
// region that is not a SCoP contributes the parameters of the nests
// inside it, which are tried as regions of their own.
func regionParams(path string, src []byte, cfg cfront.Config) (params []string, ok bool) {
	f, _ := cfront.ParseFile(path, src, cfg)
	if f == nil {
		return nil, false
	}
	regions := slices.Clone(f.Regions)
	for k := 0; k < len(regions); k++ {
		s, err := modelQuietly(f, regions[k], path)
		if err != nil {
			if regions[k].Auto {
				regions = append(regions, f.InnerRegions(regions[k])...)
			}
			continue
		}
		ok = true
		for _, p := range s.Params {
			if !slices.Contains(params, p) {
				params = append(params, p)
			}
		}
	}
	return params, ok
}

// modelQuietly models one region; a panic counts as a failure (the
// pipeline reports it with the region's position when it gets there).
func modelQuietly(f *cfront.File, r *cfront.Region, path string) (s *scop.Scop, err error) {
	defer func() {
		if p := recover(); p != nil {
			s, err = nil, fmt.Errorf("internal error: %v", p)
		}
	}()
	return scop.FromRegion(f, r, scop.Config{File: path})
}

// oneLine joins the lines of a message.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
