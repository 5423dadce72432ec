package pipeline

import (
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/aliascheck"
)

// underChecks puts a region's new text under the run-time checks its
// model needs: the delinearization assumption (Scop.Assumption), the
// range of its unsigned arithmetic (package unsigned) and the
// disjointness of the arrays that may overlap (package aliascheck; none
// with noAlias), joined with && in one condition (underAssumption).
func underChecks(src []byte, f *cfront.File, r *cfront.Region, reg *Region, text string, noAlias bool, prefix string) (string, error) {
	s := reg.Scop
	var conds []string
	if s.Assumption != "" {
		conds = append(conds, parenOr(s.Assumption))
		reg.Remarks = append(reg.Remarks, "runs the optimized code when "+s.Assumption+" (checked at run time), under which the delinearized subscripts stay within their rows; the original code otherwise")
	}
	if u := reg.unsigned; u != nil && u.Cond != "" {
		conds = append(conds, u.Cond)
		reg.Remarks = append(reg.Remarks, "runs the optimized code when "+u.Cond+" (checked at run time), under which the unsigned arithmetic of the bounds and subscripts has the model's integer values; the original code otherwise")
	}
	cond, remark, err := aliascheck.Check(f, r, s, aliascheck.Config{AssumeNoAlias: noAlias, Prefix: prefix, Time: reg.timed})
	if err != nil {
		return "", err
	}
	if cond != "" {
		conds = append(conds, cond)
	}
	if remark != "" {
		reg.Remarks = append(reg.Remarks, remark)
	}
	if len(conds) == 0 {
		return text, nil
	}
	return underAssumption(src, r, reg, text, strings.Join(conds, " && ")), nil
}

// parenOr parenthesizes a condition with a top-level || for use as an
// operand of &&.
func parenOr(c string) string {
	if strings.Contains(c, "||") {
		return "(" + c + ")"
	}
	return c
}
