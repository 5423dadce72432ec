package pipeline

import (
	"strings"

	"github.com/tessera-opt/tessera/cfront"
)

// underPreprocessor puts a region's new text under the preprocessor
// condition its model holds under (cfront.Region.Cond: the branches of the
// #if groups taken inside the region, the values of macros taken as loop
// steps; scop.Scop.PPCond: the values of macros taken in products and
// divisions), with the region's original text, directives included,
// under #else: a compilation with other -D flags compiles the original
// code. The text is returned unchanged when there is no condition.
func underPreprocessor(src []byte, r *cfront.Region, reg *Region, text string) string {
	var conds []string
	if r.Cond != "" {
		conds = append(conds, r.Cond)
	}
	if reg.Scop != nil && reg.Scop.PPCond != "" && !strings.Contains(r.Cond, reg.Scop.PPCond) {
		conds = append(conds, reg.Scop.PPCond)
	}
	if len(conds) == 0 {
		return text
	}
	cond := strings.Join(conds, " && ")
	orig := string(src[r.BodyStart:r.BodyEnd])
	if r.Auto {
		// An automatic region starts at its for, after the line's
		// indentation, which stays in front of the #if.
		orig = r.Indent + orig
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	if !strings.HasSuffix(orig, "\n") {
		orig += "\n"
	}
	reg.Remarks = append(reg.Remarks, "the new code is compiled when "+cond+" (the configuration it was modelled under), the original code otherwise")
	return "#if " + cond + "\n" + text + "#else\n" + orig + "#endif\n"
}
