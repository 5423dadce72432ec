package pipeline

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/internal/directive"
	"github.com/tessera-opt/tessera/openscop"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scop"
)

// UserSchedule is a schedule given by the user (`tessera opt --schedule
// FILE`): a schedule tree in isl's YAML form, a transformation script of
// package directive (docs/SCHEDULE.md), or OpenScop documents whose
// scatterings give the statements' order (docs/OPENSCOP.md). It replaces the
// automatic scheduler on every region; a schedule that violates a
// dependence is refused with the dependence in the message and the region
// keeps its code.
type UserSchedule struct {
	// File is the path of the schedule, for diagnostics.
	File string
	// Exactly one of Script, Tree and OpenScop is set.
	Script *directive.Script
	Tree   *schedule.Tree
	// OpenScop holds the documents of an OpenScop file, the k-th for the
	// k-th region of the C file.
	OpenScop []*openscop.Scop
}

// LoadSchedule reads a user schedule from its text: OpenScop when a line
// is <OpenScop>, a YAML schedule tree when the first significant line
// starts with "domain:", a script otherwise. Errors are
// *UserScheduleError with the position in the file.
func LoadSchedule(file string, src []byte) (*UserSchedule, error) {
	text := string(src)
	u := &UserSchedule{File: file}
	if isOpenScop(text) {
		docs, err := openscop.Parse(file, src)
		if err != nil {
			var oe *openscop.Error
			if errors.As(err, &oe) {
				return nil, &UserScheduleError{File: file, Line: oe.Line, Col: oe.Col, Msg: oe.Msg}
			}
			return nil, &UserScheduleError{File: file, Msg: err.Error()}
		}
		u.OpenScop = docs
		return u, nil
	}
	if isYAMLTree(text) {
		t, err := schedule.ParseYAML(text)
		if err != nil {
			var ye *schedule.Error
			if errors.As(err, &ye) {
				return nil, &UserScheduleError{File: file, Line: ye.Line, Col: ye.Col, Msg: ye.Msg}
			}
			return nil, &UserScheduleError{File: file, Msg: err.Error()}
		}
		u.Tree = &t
		return u, nil
	}
	s, err := directive.Parse(text)
	if err != nil {
		var de *directive.Error
		if errors.As(err, &de) {
			return nil, &UserScheduleError{File: file, Line: de.Pos.Line, Col: de.Pos.Col, Msg: de.Msg}
		}
		return nil, &UserScheduleError{File: file, Msg: err.Error()}
	}
	u.Script = s
	return u, nil
}

// isOpenScop reports whether a line of the text is the <OpenScop> tag
// (as the OpenScop library does, text before it is ignored: a tool may
// print messages before the document). No schedule tree or script has
// such a line.
func isOpenScop(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		if i := strings.IndexByte(l, '#'); i >= 0 {
			l = l[:i]
		}
		if strings.TrimSpace(strings.TrimPrefix(l, "\uFEFF")) == "<OpenScop>" {
			return true
		}
	}
	return false
}

func isYAMLTree(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		return strings.HasPrefix(l, "domain:") || strings.HasPrefix(l, "{") || l == "---"
	}
	return false
}

// UserScheduleError is a problem with a user schedule at a position of its
// file (Line 0 when unknown). Region is the position of the region it was
// applied to (zero when it is about the file itself).
type UserScheduleError struct {
	File      string
	Line, Col int
	Msg       string
	Region    cfront.Pos
	CFile     string
}

func (e *UserScheduleError) Error() string {
	at := e.File
	if e.Line > 0 {
		at = fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Col)
	}
	if e.CFile != "" {
		return fmt.Sprintf("%s: %s (region at %s:%d:%d kept as it was)", at, e.Msg, e.CFile, e.Region.Line, e.Region.Col)
	}
	return at + ": " + e.Msg
}

// Diagnostic turns e into a diagnostic at the position in the schedule
// file ("FILE:line:col: error: msg").
func (e *UserScheduleError) Diagnostic() Diagnostic {
	msg := e.Msg
	if e.CFile != "" {
		msg = fmt.Sprintf("%s (region at %s:%d:%d kept as it was)", e.Msg, e.CFile, e.Region.Line, e.Region.Col)
	}
	return Diagnostic{Pos: cfront.Pos{Line: e.Line, Col: e.Col}, File: e.File, Severity: "error", Msg: msg}
}

// apply builds the region's tree from the user schedule and checks it
// against the dependences (order and the parallel/simd marks).
func (u *UserSchedule) apply(s *scop.Scop, d *deps.Deps, f *cfront.File, r *cfront.Region) (schedule.Tree, error) {
	fail := func(line, col int, msg string) error {
		return &UserScheduleError{File: u.File, Line: line, Col: col, Msg: msg, Region: r.Pos, CFile: f.Name}
	}
	if u.OpenScop != nil {
		return u.applyOpenScop(s, d, f, r, fail)
	}
	if u.Script != nil {
		script := u.Script
		for i, x := range f.Regions {
			if x == r {
				script = u.Script.ForRegion(i + 1)
			}
		}
		t, err := directive.Legal(script, s.Schedule, d)
		if err != nil {
			var de *directive.Error
			if errors.As(err, &de) {
				return t, fail(de.Pos.Line, de.Pos.Col, de.Msg)
			}
			return t, fail(0, 0, err.Error())
		}
		return directive.Coincidence(t, d)
	}
	t := *u.Tree
	if t.Root().Kind() != schedule.KindDomain {
		return t, fail(1, 1, "the schedule tree has no domain")
	}
	if !t.Domain().IsEqual(s.Domain) {
		return t, fail(1, 1, fmt.Sprintf("the domain of the schedule tree is not the region's domain %v", s.Domain))
	}
	if v := directive.Check(t, d); v != nil {
		return t, fail(1, 1, v.Error())
	}
	// The tree's coincident flags are recomputed, not trusted: the AST
	// generator and package vector turn them into parallel loops.
	return directive.Coincidence(t, d)
}
