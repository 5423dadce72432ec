package cfront

import (
	"fmt"
	"strings"
)

// lineStart returns the offset of the first byte of the line holding off.
func lineStart(src []byte, off int) int {
	for off > 0 && src[off-1] != '\n' {
		off--
	}
	return off
}

// indentAt returns the white space that starts the line of off when only
// white space precedes off on its line, else "".
func indentAt(src []byte, off int) string {
	ls := lineStart(src, off)
	for k := ls; k < off; k++ {
		if src[k] != ' ' && src[k] != '\t' {
			return ""
		}
	}
	return string(src[ls:off])
}

// pragmaRegions pairs the scop/endscop pragmas (indices into toks) and
// parses each region's tokens.
func (f *File) pragmaRegions(toks []token, pragmas []int, errs *ErrorList) {
	errAt := func(p Pos, format string, args ...any) {
		*errs = append(*errs, &Error{File: f.Name, Pos: p, Msg: fmt.Sprintf(format, args...), Code: CodePragma})
	}
	open := -1
	for _, i := range pragmas {
		_, rest := directive(toks[i].text)
		kind := firstWord(rest)
		switch {
		case kind == "scop" && open >= 0:
			errAt(toks[open].pos, "'#pragma scop' without a matching '#pragma endscop' (another '#pragma scop' follows at line %d)", toks[i].pos.Line)
			open = i
		case kind == "scop":
			open = i
		case open < 0:
			errAt(toks[i].pos, "'#pragma endscop' without a preceding '#pragma scop'")
		default:
			if err := f.addPragmaRegion(toks, open, i); err != nil {
				*errs = append(*errs, err)
			}
			open = -1
		}
	}
	if open >= 0 {
		// An unterminated comment after the scop swallows everything up
		// to the end of the file, the endscop included: say so.
		for k := open + 1; k < len(toks); k++ {
			if toks[k].kind == tInvalid && toks[k].bad == badComment {
				errAt(toks[open].pos, "'#pragma scop' without a matching '#pragma endscop' (the unterminated comment at line %d col %d hides the rest of the file)", toks[k].pos.Line, toks[k].pos.Col)
				return
			}
		}
		errAt(toks[open].pos, "'#pragma scop' without a matching '#pragma endscop'")
	}
}

func (f *File) addPragmaRegion(toks []token, open, close int) *Error {
	src := f.Src
	r := &Region{Pos: toks[open].pos, Start: lineStart(src, toks[open].pos.Offset)}
	r.End = toks[close].end()
	if r.End < len(src) && src[r.End] == '\n' {
		r.End++
	}
	r.BodyStart = toks[open].end()
	if r.BodyStart < len(src) && src[r.BodyStart] == '\n' {
		r.BodyStart++
	}
	r.BodyEnd = lineStart(src, toks[close].pos.Offset)
	if r.BodyEnd < r.BodyStart {
		r.BodyEnd = r.BodyStart
	}
	if fn := f.FuncOf(r.Start); fn != nil {
		r.Func = fn.Name
	}
	r.Indent = indentAt(src, toks[open].pos.Offset)
	if close > open+1 {
		r.Indent = indentAt(src, toks[open+1].pos.Offset)
	}
	// The region's tokens run up to the endscop pragma, where it ends.
	p := f.regionParser(toks, close, toks[close].pos)
	p.i = open + 1
	stmts, err := p.regionStmts()
	if err != nil {
		return err
	}
	cond, err := f.regionCond(toks, open+1, close)
	if err != nil {
		return err
	}
	r.Body = stmts
	r.Cond = joinConds(cond, f.stepConds(stmts, r.Start))
	f.Regions = append(f.Regions, r)
	return nil
}

// autoRegions finds, in every function body, the maximal for statements
// that parse as regions and contain at least one assignment, outside the
// pragma regions. Outer loops are tried first, so a nest that qualifies
// hides its inner loops; a loop that does not qualify is skipped and its
// inner loops are tried.
func (f *File) autoRegions(toks []token) {
	taken := make([][2]int, 0, len(f.Regions))
	for _, r := range f.Regions {
		taken = append(taken, [2]int{r.Start, r.End})
	}
	inTaken := func(off int) bool {
		for _, t := range taken {
			if off >= t[0] && off < t[1] {
				return true
			}
		}
		return false
	}
	done, failed := map[int]*For{}, map[int]bool{}
	for _, fn := range f.Funcs {
		for i := fn.bodyTok[0] + 1; i < fn.bodyTok[1]; i++ {
			t := &toks[i]
			if t.kind != tIdent || t.text != "for" || inTaken(t.pos.Offset) || f.pp.inactive[i] {
				continue
			}
			// A loop governed by a pragma (#pragma omp parallel for,
			// omp for, omp simd, ivdep, unroll, ...) stays as it is: the
			// pragma would apply to whatever the region's code starts
			// with (a block or a declaration: no longer a loop, or a
			// loop of another order that the pragma would run in
			// parallel). Its inner loops are tried on their own.
			if i > 0 && toks[i-1].kind == tDirective {
				if rest, ok := loopPragma(toks[i-1].text); ok {
					f.Skipped = append(f.Skipped, &Error{File: f.Name, Pos: t.pos, Code: CodeNote,
						Msg: "loop nest left alone: it follows #pragma " + rest + ", which applies to the loop as written"})
					continue
				}
			}
			// A loop seen inside an earlier attempt is not parsed again:
			// parsing is context free, so its outcome is the same.
			if failed[i] {
				continue
			}
			s := done[i]
			if s == nil {
				p := f.regionParser(toks, len(toks)-1, toks[len(toks)-1].pos)
				p.forDone, p.forFailed = done, failed
				p.i = i
				p.parseStmt()
				s = done[i]
				if p.err != nil {
					note := *p.err
					note.Code, note.Msg = CodeNote, "loop nest left alone: "+note.Msg
					f.Skipped = append(f.Skipped, &note)
				}
			}
			if s == nil {
				continue
			}
			if !hasAssign(s) {
				f.Skipped = append(f.Skipped, &Error{File: f.Name, Pos: t.pos, Msg: "loop nest left alone: it has no assignment to optimize", Code: CodeNoWork})
				continue
			}
			last := i
			for last+1 < len(toks) && toks[last+1].pos.Offset < s.End() {
				last++
			}
			cond, err := f.regionCond(toks, i, last+1)
			if err != nil {
				note := *err
				note.Code, note.Msg = CodeNote, "loop nest left alone: "+note.Msg
				f.Skipped = append(f.Skipped, &note)
				continue
			}
			r := &Region{Start: t.pos.Offset, End: s.End(), Pos: t.pos, BodyStart: t.pos.Offset,
				BodyEnd: s.End(), Indent: indentAt(f.Src, t.pos.Offset), Auto: true, Func: fn.Name,
				Body: []Stmt{s}, Cond: joinConds(cond, f.stepConds([]Stmt{s}, t.pos.Offset))}
			f.Regions = append(f.Regions, r)
			taken = append(taken, [2]int{r.Start, r.End})
			for i+1 < fn.bodyTok[1] && toks[i+1].pos.Offset < r.End {
				i++
			}
		}
	}
}

// hasAssign reports whether s holds an expression statement (loop
// initializations do not count).
func hasAssign(s Stmt) bool {
	switch s := s.(type) {
	case *ExprStmt:
		return true
	case *For:
		return hasAssign(s.Body)
	case *If:
		return hasAssign(s.Then) || (s.Else != nil && hasAssign(s.Else))
	case *Block:
		for _, c := range s.Stmts {
			if hasAssign(c) {
				return true
			}
		}
	}
	return false
}

// InnerRegions returns automatic regions for the outermost for loops
// strictly inside the automatic region r, for when r is not a SCoP as a
// whole (a repetition loop that updates a scalar used in the subscripts
// of its inner nest): each loop with an assignment, in textual order,
// under r's Cond. A
// loop governed by a pragma is skipped and its own inner loops are
// returned instead (see autoRegions).
func (f *File) InnerRegions(r *Region) []*Region {
	var out []*Region
	var visit func(s Stmt, top bool)
	visit = func(s Stmt, top bool) {
		switch s := s.(type) {
		case *For:
			if top || f.pragmaBefore(s.At.Offset) {
				visit(s.Body, false)
				return
			}
			if !hasAssign(s) {
				return
			}
			out = append(out, &Region{Start: s.At.Offset, End: s.End(), Pos: s.At, BodyStart: s.At.Offset,
				BodyEnd: s.End(), Indent: indentAt(f.Src, s.At.Offset), Auto: true, Func: r.Func,
				Body: []Stmt{s}, Cond: r.Cond})
		case *Block:
			for _, c := range s.Stmts {
				visit(c, top)
			}
		case *If:
			visit(s.Then, top)
			if s.Else != nil {
				visit(s.Else, top)
			}
		}
	}
	for _, s := range r.Body {
		visit(s, true)
	}
	return out
}

// pragmaBefore reports whether the last non-blank line before offset off
// is a #pragma other than scop and endscop.
func (f *File) pragmaBefore(off int) bool {
	src := f.Src
	i := off
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n' || src[i-1] == '\r') {
		i--
	}
	line := strings.TrimSpace(string(src[lineStart(src, i):i]))
	if !strings.HasPrefix(line, "#") {
		return false
	}
	_, ok := loopPragma(line)
	return ok
}

// loopPragma reports whether the directive line text is a pragma that
// governs the loop after it (any but scop and endscop), and its text
// after "pragma".
func loopPragma(text string) (rest string, ok bool) {
	name, rest := directive(text)
	w := firstWord(rest)
	return rest, name == "pragma" && w != "scop" && w != "endscop"
}
