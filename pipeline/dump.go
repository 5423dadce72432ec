package pipeline

import (
	"fmt"
	"io"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/scop"
)

// DumpStages are the stages whose output Dump prints (`tessera opt
// --dump=STAGE`), in pipeline order: the model, its dependences, the
// candidate schedules with the chooser's verdict, the chosen schedule
// tree, the final AST and the region's C text.
var DumpStages = []string{"scop", "deps", "candidates", "schedule", "ast", "c"}

// ValidDumpStage reports whether stage is one of DumpStages.
func ValidDumpStage(stage string) bool {
	for _, s := range DumpStages {
		if s == stage {
			return true
		}
	}
	return false
}

// Dump writes the output of stage for every region of res to w, each
// after a header line naming the region; a region that failed before the
// stage says so. The chosen candidate's model is the one printed (the
// expanded or split model when the chooser kept it).
func Dump(w io.Writer, res *Result, stage string) error {
	if !ValidDumpStage(stage) {
		return fmt.Errorf("unknown stage %q (want one of %s)", stage, strings.Join(DumpStages, ", "))
	}
	for i, reg := range res.Regions {
		fmt.Fprintf(w, "# region %d (%s:%d:%d): %s\n", i+1, res.File.Name, reg.Region.Pos.Line, reg.Region.Pos.Col, stage)
		if err := dumpRegion(w, reg, stage); err != nil {
			return err
		}
	}
	return nil
}

func dumpRegion(w io.Writer, reg *Region, stage string) error {
	missing := func() error {
		_, err := fmt.Fprintln(w, "# (not produced: the region kept its code)")
		return err
	}
	switch stage {
	case "scop":
		if reg.Scop == nil {
			return missing()
		}
		return scop.Print(w, reg.Scop)
	case "deps":
		if reg.Deps == nil {
			return missing()
		}
		return deps.Print(w, reg.Deps)
	case "candidates":
		ch := reg.choice
		if ch == nil {
			return missing()
		}
		for _, c := range ch.cands {
			mark := "  "
			if c == ch.win {
				mark = "* "
			}
			fmt.Fprintln(w, mark+c.describe())
		}
		_, err := fmt.Fprintln(w, "chosen: "+ch.win.name+": "+ch.verdict)
		return err
	case "schedule":
		if reg.choice == nil {
			return missing()
		}
		_, err := fmt.Fprint(w, reg.Tree.String())
		return err
	case "ast":
		if reg.AST == nil {
			return missing()
		}
		_, err := fmt.Fprint(w, ast.Dump(reg.AST))
		return err
	default: // "c"
		if reg.Kept {
			return missing()
		}
		_, err := fmt.Fprint(w, reg.Text)
		return err
	}
}
