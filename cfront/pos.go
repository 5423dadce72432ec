package cfront

import (
	"fmt"
	"strings"
)

// Pos is a position in the ORIGINAL file (never in an extracted region).
// Offset is a 0-based byte offset; Line and Col are 1-based, Col counts bytes.
// The zero Pos means "unknown".
type Pos struct {
	Offset int
	Line   int
	Col    int
}

// IsValid reports whether p is a known position.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String prints line:col.
func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Error is a diagnostic with a position. Error() prints
// "file:line:col: error: msg" ("note" instead of "error" for CodeNote and
// CodeNoWork; the file part is left out when File is empty).
type Error struct {
	File string
	Pos  Pos
	Msg  string
	// Code classifies the error (stable across message rewordings); the
	// zero value means "not classified" (errors made by other packages).
	Code Code
}

// Code is a stable class of diagnostics.
type Code string

const (
	// CodeSyntax: the text is not C as cfront reads it ("expected ';' ...").
	CodeSyntax Code = "syntax"
	// CodeLex: a bad token (unterminated literal or comment, bad number,
	// stray character).
	CodeLex Code = "lex"
	// CodeUnsupported: valid C that a SCoP cannot hold (goto, break,
	// continue, return, while, do, switch, labels, call statements,
	// preprocessor lines inside a region, brace initializers, ...).
	CodeUnsupported Code = "unsupported"
	// CodeLoop: a for loop not of the counted shape (init; bounds joined by
	// &&; constant step).
	CodeLoop Code = "loop"
	// CodePragma: unmatched #pragma scop / #pragma endscop.
	CodePragma Code = "pragma"
	// CodeLimit: nesting deeper than the parser accepts.
	CodeLimit Code = "limit"
	// CodeNote: not an error; why automatic detection skipped a loop
	// nest that is otherwise valid (File.Skipped).
	CodeNote Code = "note"
	// CodeNoWork: a note on a loop nest skipped because it assigns
	// nothing (a loop that only declares or calls); printed as a note.
	CodeNoWork Code = "no-work"
)

func (e *Error) Error() string {
	sev := "error"
	if e.Code == CodeNote || e.Code == CodeNoWork {
		sev = "note"
	}
	if e.File == "" {
		return fmt.Sprintf("%d:%d: %s: %s", e.Pos.Line, e.Pos.Col, sev, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s", e.File, e.Pos.Line, e.Pos.Col, sev, e.Msg)
}

// ErrorList is a list of diagnostics in file order. A nil or empty list is
// not returned as an error: ParseFile returns nil then.
type ErrorList []*Error

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Unwrap gives the individual errors to errors.Is / errors.As.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}
