package pipeline

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/aliascheck"
	"github.com/tessera-opt/tessera/internal/multiversion"
	"github.com/tessera-opt/tessera/scop"
)

// This file specializes a region that could not be modelled on the values
// of the parameters that multiply its iterators (package multiversion):
// a region whose subscripts read in[(i*u + p)*w + j*u + q] is refused as
// non-affine, while its copy with u replaced by 2 is affine. Each version
// runs the whole region pipeline (model, choice, stages, run-time checks)
// on its own; the versions that succeed go under a test of the values,
// with the original code in the last branch:
//
//	if (u == 1) { version 1 } else if (u == 2) { version 2 } else { original }

// versionValues are the values the options ask for: multiversion's
// defaults when Options.Versions is nil, none when it is empty.
func versionValues(opt Options) []int64 {
	if opt.Versions == nil {
		return multiversion.DefaultValues
	}
	return opt.Versions
}

// versioned runs the versions of region r, whose model failed with err,
// and returns the text that replaces the region's body (before the
// preprocessor guard and the placement, which the caller adds) and true
// when at least one version was optimized. reg then describes the first
// version that succeeded, with the remarks, warnings, outlined functions
// and header needs of all. Otherwise reg is unchanged and the result is
// false.
func versioned(src []byte, f *cfront.File, r *cfront.Region, reg *Region, opt Options, prefix string, err error) (string, bool) {
	vals := versionValues(opt)
	params := multiversion.Select(r, multiversion.Params(f, r), vals, func(v *cfront.Region) bool {
		return versionModel(f, v, opt, prefix)
	})
	if len(params) == 0 {
		return "", false
	}
	versions := multiversion.Versions(r, params, vals)
	var conds, texts, why []string
	var first *Region
	for _, v := range versions {
		vreg := &Region{Region: v.Region, Kept: true}
		text, verr := runRegionWithin(f, v.Region, vreg, opt, prefix)
		if verr == nil {
			text, verr = keepIterators(f, v.Region, vreg, text)
		}
		if verr == nil && vreg.Scop != nil {
			text, verr = underChecks(src, f, v.Region, vreg, text, opt.AssumeNoAlias, prefix)
		}
		if verr != nil {
			why = append(why, fmt.Sprintf("%s: %s", v.Cond, firstLine(verr.Error())))
			continue
		}
		if r.Auto && !strings.HasPrefix(text, r.Indent) {
			// An automatic region's text starts where its for did,
			// after the line's indentation; inside the test it starts
			// a line.
			text = r.Indent + text
		}
		k := len(texts)
		if k > 0 {
			// The functions that parallel loops and nests move into are
			// named after the region's line: each version gets its own.
			text = renameOutlined(text, r.Pos.Line, k)
			if o := vreg.outlined; o != nil {
				o.Funcs = renameOutlined(o.Funcs, r.Pos.Line, k)
			}
		}
		conds = append(conds, v.Cond)
		texts = append(texts, text)
		if first == nil {
			first = vreg
			first.Remarks = prefixed(v.Cond, vreg.Remarks)
			first.Warnings = prefixed(v.Cond, vreg.Warnings)
			continue
		}
		mergeVersion(first, vreg, v.Cond)
	}
	if first == nil {
		return "", false
	}
	var names []string
	for _, p := range params[:len(versions[0].Values)] {
		names = append(names, p.Name)
	}
	verb, cause := "multiplies", firstLine(err.Error())
	if len(names) > 1 {
		verb = "multiply"
	}
	var ce *cfront.Error
	if errors.As(err, &ce) {
		cause = firstLine(ce.Msg)
	}
	note := fmt.Sprintf("specialized on %s, which %s the iterators (%s): versions for %s, the original code otherwise",
		strings.Join(names, ", "), verb, cause, strings.Join(conds, "; "))
	if len(why) > 0 {
		note += "; not optimized: " + strings.Join(why, "; ")
	}
	first.Remarks = append([]string{note}, first.Remarks...)
	first.Region = r
	*reg = *first
	return underVersions(src, r, conds, texts), true
}

// versionModel reports whether the version v of a region has a model and,
// unless --assume-noalias, a run-time check that its arrays do not
// overlap (the two things that fail before the scheduler runs): the probe
// of multiversion.Select.
func versionModel(f *cfront.File, v *cfront.Region, opt Options, prefix string) bool {
	s, err := scop.FromRegion(f, v, scop.Config{File: f.Name, Context: opt.Context})
	if err != nil {
		return false
	}
	if opt.AssumeNoAlias {
		return true
	}
	pairs, err := aliascheck.Pairs(f, v, s)
	if err != nil {
		return false
	}
	if len(pairs) > 0 {
		_, _, err = aliascheck.Condition(s, pairs, prefix)
	}
	return err == nil
}

// mergeVersion adds to reg, which describes the first version, what the
// output needs of another version v (valid under cond).
func mergeVersion(reg, v *Region, cond string) {
	reg.Remarks = append(reg.Remarks, prefixed(cond, v.Remarks)...)
	reg.Warnings = append(reg.Warnings, prefixed(cond, v.Warnings)...)
	reg.Times = append(reg.Times, v.Times...)
	reg.Total += v.Total
	if reg.Vector == nil || reg.Vector.Header == "" {
		if v.Vector != nil {
			reg.Vector = v.Vector
		}
	}
	if v.Split != nil {
		if reg.Split == nil {
			reg.Split = v.Split
		} else {
			s := *reg.Split
			s.Temps = append(s.Temps[:len(s.Temps):len(s.Temps)], v.Split.Temps...)
			reg.Split = &s
		}
	}
	if v.unsigned.Casts() && !reg.unsigned.Casts() {
		reg.unsigned = v.unsigned
	}
	if o := v.outlined; o != nil {
		if reg.outlined == nil {
			reg.outlined = o
		} else {
			m := *reg.outlined
			m.Funcs += o.Funcs
			m.unfused = m.unfused || o.unfused
			reg.outlined = &m
		}
	}
}

// renameOutlined gives the functions named after the region's line in
// text the version's own names (tessera_par_12_0 -> tessera_par_12_v1_0).
func renameOutlined(text string, line, k int) string {
	for _, kind := range []string{"par", "seq"} {
		old := fmt.Sprintf("%s%s_%d_", helperPrefix, kind, line)
		text = strings.ReplaceAll(text, old, fmt.Sprintf("%s%s_%d_v%d_", helperPrefix, kind, line, k))
	}
	return text
}

// prefixed is the remarks each preceded by the version's condition.
func prefixed(cond string, remarks []string) []string {
	out := make([]string, len(remarks))
	for k, m := range remarks {
		out[k] = "when " + cond + ": " + m
	}
	return out
}

// firstLine is s up to its first newline.
func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// underVersions puts the versions' texts under the tests of their
// conditions, the original text of the region last (as underAssumption
// does for one condition).
func underVersions(src []byte, r *cfront.Region, conds, texts []string) string {
	lead, orig := r.Indent, strings.TrimRight(string(src[r.BodyStart:r.BodyEnd]), "\n")
	if r.Auto {
		lead, orig = "", r.Indent+orig
	}
	var b strings.Builder
	b.WriteString(lead)
	for k, c := range conds {
		if k > 0 {
			b.WriteString(r.Indent + "} else ")
		}
		fmt.Fprintf(&b, "if (%s) {\n%s", c, texts[k])
	}
	fmt.Fprintf(&b, "%s} else {\n%s\n%s}\n", r.Indent, orig, r.Indent)
	return b.String()
}
