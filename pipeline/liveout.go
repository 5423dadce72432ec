package pipeline

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
)

// Live-out loop iterators.
//
// A region's loops may use iterators declared outside it ("int i, j;" at the
// top of the function, as Pluto's examples and older PolyBench do). The
// generated code has iterators of its own, so after it the original
// iterators would keep the values they had before the region. When such an
// iterator is read after the region, the rewritten region ends with the
// original loop structure with every statement removed: its loop headers
// and conditions (affine in iterators and parameters, which the region does
// not write) give each iterator exactly its original final value, and the
// C compiler replaces the empty loops by those values (gcc -O2 deletes
// them).

// liveIterators returns the iterators of r's loops that are declared
// outside r and may be read after it: they are not locals or parameters of
// r's function, or the first use of the name after the region (going round
// any loop that encloses the region) is not an assignment.
func liveIterators(f *cfront.File, r *cfront.Region) []string {
	var iters []string
	for _, s := range r.Body {
		cfront.Walk(s, func(n cfront.Node) bool {
			if fo, ok := n.(*cfront.For); ok && fo.DeclType == nil && !slices.Contains(iters, fo.Iter) {
				iters = append(iters, fo.Iter)
			}
			return true
		})
	}
	if len(iters) == 0 {
		return nil
	}
	fn := funcAround(f, r)
	var live []string
	var ix *funcIndex
	for _, it := range iters {
		if fn == nil || !isLocal(fn, it) {
			live = append(live, it)
			continue
		}
		if ix == nil {
			ix = indexFunc(f, fn)
		}
		if ix.addr[it] {
			live = append(live, it)
			continue
		}
		after := ix.tokensFrom(r.End)
		from := ix.restartBefore(r.Start)
		if lb := enclosingLoopStart(f.Src, from, r.Start); lb >= 0 {
			// Around the loop: its header runs again before anything
			// else, then its body up to the region. Leaving the
			// region's block then goes back to the header, which the
			// text does not show: any use after that may read.
			if loopHeadersMention(f.Src, from, r.Start, it) {
				live = append(live, it)
				continue
			}
			if reads, found := firstUseReadsToks(after, it, true); found {
				if reads {
					live = append(live, it)
				}
				continue
			}
			loop := append(append([]ctoken(nil), after...), ctokens(f.Src, lb, r.Start)...)
			if reads, _ := firstUseReadsToks(loop, it, true); reads {
				live = append(live, it)
			}
			continue
		}
		if reads, _ := firstUseReadsToks(after, it, false); reads {
			live = append(live, it)
		}
	}
	return live
}

func isLocal(fn *cfront.Func, name string) bool {
	for _, v := range fn.Locals {
		if v.Name == name {
			return true
		}
	}
	for _, v := range fn.Params {
		if v.Name == name {
			return true
		}
	}
	return false
}

// ctoken is an identifier or one punctuation byte of C text, with its
// offset; comments, string and character literals and preprocessor lines
// are skipped.
type ctoken struct {
	text string
	off  int
}

func ctokens(src []byte, from, to int) []ctoken {
	var out []ctoken
	lineStart := true
	for i := from; i < to; {
		c := src[i]
		switch {
		case c == '\n':
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '#' && lineStart:
			// A preprocessor line, with its continuations.
			for i < to && src[i] != '\n' {
				if src[i] == '\\' && i+1 < to && src[i+1] == '\n' {
					i++
				}
				i++
			}
			continue
		case c == '/' && i+1 < to && src[i+1] == '/':
			for i < to && src[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < to && src[i+1] == '*':
			j := strings.Index(string(src[i+2:to]), "*/")
			if j < 0 {
				return out
			}
			i += j + 4
			continue
		}
		lineStart = false
		switch {
		case c == '"' || c == '\'':
			j := i + 1
			for j < to && src[j] != c {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < to && (src[j] == '_' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			out = append(out, ctoken{string(src[i:j]), i})
			i = j
		case c >= '0' && c <= '9':
			j := i
			for j < to && (src[j] == '_' || src[j] == '.' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			i = j
		default:
			out = append(out, ctoken{string(c), i})
			i++
		}
	}
	return out
}

// enclosingLoopStart returns the offset of the body of the outermost loop
// (for, while, do) of the function body starting at bodyStart that encloses
// offset at, or -1.
func enclosingLoopStart(src []byte, bodyStart, at int) int {
	toks := ctokens(src, bodyStart, at)
	type frame struct {
		loop bool
		off  int // the start of the loop's body for a loop frame
	}
	var stack []frame
	pendingLoop := false // the next '{' or statement is a loop body
	pendingOff := 0      // where that body starts
	next := func(i int) string {
		if i+1 < len(toks) {
			return toks[i+1].text
		}
		return ""
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.text {
		case "for", "while":
			// Skip the parenthesized header.
			depth := 0
			j := i + 1
			for ; j < len(toks); j++ {
				if toks[j].text == "(" {
					depth++
				} else if toks[j].text == ")" {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j >= len(toks)-1 {
				// The header ends the text before the region: the region is
				// the loop's body.
				if j < len(toks) || depth > 0 {
					return t.off
				}
			}
			// "while (...);" closing a do loop has no body.
			if t.text == "while" && j+1 < len(toks) && toks[j+1].text == ";" {
				i = j + 1
				continue
			}
			pendingLoop, pendingOff = true, toks[j+1].off
			i = j
		case "do":
			if i == len(toks)-1 {
				return t.off
			}
			pendingLoop, pendingOff = true, toks[i+1].off
		case "{":
			fr := frame{pendingLoop, t.off}
			if pendingLoop {
				fr.off = pendingOff
			}
			stack = append(stack, fr)
			pendingLoop = false
		case "}":
			if len(stack) > 0 {
				fr := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if fr.loop && next(i) == "else" {
					// The loop's body is an if statement: its else
					// branch is in the body too.
					pendingLoop, pendingOff = true, fr.off
				}
			}
		case ";":
			// A statement body ends here unless an else follows.
			if next(i) != "else" {
				pendingLoop = false
			}
		}
	}
	for _, fr := range stack {
		if fr.loop {
			return fr.off
		}
	}
	if pendingLoop {
		// A loop whose body is a statement that contains the region.
		return pendingOff
	}
	return -1
}

// controlWords are the tokens after which the code that follows may not
// run, or may run after something else first.
var controlWords = map[string]bool{
	"if": true, "else": true, "switch": true, "case": true, "default": true,
	"while": true, "do": true, "for": true, "goto": true, "return": true,
	"break": true, "continue": true, "?": true, "&": true, "|": true,
	"setjmp": true, "longjmp": true,
}

// firstUseReadsToks reports whether the first use of the identifier name
// in toks (the tokens of the code after a region) may read it: any use
// but an assignment "name = ..." (not "==") that runs whenever the code
// runs, which the code before it cannot skip: no condition, loop, jump or
// short-circuit operator comes first (except the init clause of a for),
// nor the end of the block that holds the region when inLoop (the loop
// around the region then goes back to its header). Member names
// (".name", "->name") are not uses. found reports whether the name occurs
// in toks (as a use).
func firstUseReadsToks(toks []ctoken, name string, inLoop bool) (reads, found bool) {
	maybe := false // the code before may skip the next use
	depth := 0
	for i, t := range toks {
		switch t.text {
		case "{":
			depth++
		case "}":
			depth--
			if depth < 0 && inLoop {
				maybe = true
			}
		case "for":
			// for (name = ...; ...): the init clause runs first.
			if !maybe && i+3 < len(toks) && toks[i+1].text == "(" && toks[i+2].text == name && plainAssign(toks, i+2) {
				return false, true
			}
		}
		if controlWords[t.text] {
			maybe = true
		}
		if t.text != name {
			continue
		}
		if i > 0 && (toks[i-1].text == "." || i > 1 && toks[i-1].text == ">" && toks[i-2].text == "-") {
			continue
		}
		return maybe || !plainAssign(toks, i), true
	}
	return false, false
}

// plainAssign reports whether toks[i] is followed by "=" but not "==".
func plainAssign(toks []ctoken, i int) bool {
	return i+1 < len(toks) && toks[i+1].text == "=" &&
		(i+2 >= len(toks) || toks[i+2].text != "=" || toks[i+2].off != toks[i+1].off+1)
}

// loopHeadersMention reports whether name occurs in the header of a for
// or while loop of the function body starting at bodyStart whose body
// encloses offset at (the header runs again after the region).
func loopHeadersMention(src []byte, bodyStart, at int, name string) bool {
	toks := ctokens(src, bodyStart, at)
	type frame struct {
		mentions bool
		brace    int // the brace depth of the body, -1 for a statement body
		depth    int // the brace depth of the loop
	}
	var open []frame
	depth := 0
	for i := 0; i < len(toks); i++ {
		switch t := toks[i].text; t {
		case "for", "while":
			if i+1 >= len(toks) || toks[i+1].text != "(" {
				continue
			}
			n, j, mentions := 0, i+1, false
			for ; j < len(toks); j++ {
				switch toks[j].text {
				case "(":
					n++
				case ")":
					n--
				case name:
					mentions = true
				}
				if n == 0 {
					break
				}
			}
			if j >= len(toks) {
				return mentions // the region is in the header (cannot happen)
			}
			if t == "while" && j+1 < len(toks) && toks[j+1].text == ";" {
				i = j + 1 // the end of a do loop
				continue
			}
			fr := frame{mentions: mentions, brace: -1, depth: depth}
			if j+1 < len(toks) && toks[j+1].text == "{" {
				fr.brace = depth + 1
			}
			open = append(open, fr)
			i = j
		case "{":
			depth++
		case "}":
			depth--
			for len(open) > 0 && (open[len(open)-1].brace > depth || open[len(open)-1].depth > depth) {
				open = open[:len(open)-1]
			}
		case ";":
			// A statement body ends here unless an else follows.
			if i+1 < len(toks) && toks[i+1].text == "else" {
				continue
			}
			for len(open) > 0 && open[len(open)-1].brace < 0 && open[len(open)-1].depth == depth {
				open = open[:len(open)-1]
			}
		}
	}
	for _, fr := range open {
		if fr.mentions {
			return true
		}
	}
	return false
}

// assignsIterator reports whether a statement of the region (not a loop
// header) writes one of the names: the skeleton would then not reproduce
// their final values.
func assignsIterator(r *cfront.Region, names []string) (string, cfront.Pos, bool) {
	// The loops' own init and increment clauses are not statements.
	header := map[cfront.Node]bool{}
	for _, s := range r.Body {
		cfront.Walk(s, func(n cfront.Node) bool {
			if fo, ok := n.(*cfront.For); ok {
				if fo.Init != nil {
					header[fo.Init] = true
					if es, ok := fo.Init.(*cfront.ExprStmt); ok {
						header[es.X] = true
					}
				}
				if fo.Incr != nil {
					header[fo.Incr] = true
				}
			}
			return true
		})
	}
	var name string
	var pos cfront.Pos
	found := false
	for _, s := range r.Body {
		cfront.Walk(s, func(n cfront.Node) bool {
			if found || header[n] {
				return false
			}
			if nm, at, ok := writes(n, names); ok {
				name, pos, found = nm, at, true
			}
			return true
		})
	}
	return name, pos, found
}

func writes(n cfront.Node, names []string) (string, cfront.Pos, bool) {
	var x cfront.Expr
	var at cfront.Pos
	switch e := n.(type) {
	case *cfront.Assign:
		x, at = e.LHS, e.At
	case *cfront.Unary:
		if e.Op == "++" || e.Op == "--" {
			x, at = e.X, e.At
		}
	case *cfront.Postfix:
		x, at = e.X, e.At
	}
	for {
		p, ok := x.(*cfront.Paren)
		if !ok {
			break
		}
		x = p.X
	}
	if id, ok := x.(*cfront.Ident); ok && slices.Contains(names, id.Name) {
		return id.Name, at, true
	}
	return "", at, false
}

// skeleton returns the region's loops and conditions without their
// statements (integer declarations are kept: bounds may use them), printed
// at indentation ind, preceded by a comment naming the iterators.
func skeleton(r *cfront.Region, names []string, ind string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s/* tessera: the original loops without their statements, so that %s keep%s the final value%s the code after the region reads (the C compiler folds these empty loops). */\n",
		ind, strings.Join(names, ", "), map[bool]string{true: "s", false: ""}[len(names) == 1], map[bool]string{true: "", false: "s"}[len(names) == 1])
	for _, s := range r.Body {
		if k := strip(s); k != nil {
			b.WriteString(cfront.FormatStmt(k, ind, "  ", func(string) (string, bool) { return "", false }))
		}
	}
	return b.String()
}

// strip returns s without its expression statements and non-integer
// declarations (nil when nothing is left).
func strip(s cfront.Stmt) cfront.Stmt {
	switch s := s.(type) {
	case *cfront.For:
		c := *s
		c.Body = strip(s.Body)
		if c.Body == nil {
			c.Body = &cfront.Empty{At: s.At}
		}
		return &c
	case *cfront.If:
		c := *s
		c.Then = strip(s.Then)
		if c.Then == nil {
			c.Then = &cfront.Empty{At: s.At}
		}
		if s.Else != nil {
			c.Else = strip(s.Else)
		}
		if c.Else == nil && c.Then != nil {
			if _, empty := c.Then.(*cfront.Empty); empty && !hasLoop(s) {
				return nil
			}
		}
		return &c
	case *cfront.Block:
		c := *s
		c.Stmts = nil
		for _, x := range s.Stmts {
			if k := strip(x); k != nil {
				c.Stmts = append(c.Stmts, k)
			}
		}
		if len(c.Stmts) == 0 {
			return nil
		}
		return &c
	case *cfront.Decl:
		if s.Type != nil && cfront.IsIntegerType(s.Type.Base) {
			return s
		}
	}
	return nil
}

func hasLoop(s cfront.Stmt) bool {
	found := false
	cfront.Walk(s, func(n cfront.Node) bool {
		if _, ok := n.(*cfront.For); ok {
			found = true
		}
		return !found
	})
	return found
}

// keepIterators appends to the generated text of r the skeleton that gives
// the live-out iterators their final values (see liveIterators); it fails,
// keeping the region, when a statement of r writes such an iterator.
func keepIterators(f *cfront.File, r *cfront.Region, reg *Region, text string) (string, error) {
	live := liveIterators(f, r)
	if len(live) == 0 {
		return text, nil
	}
	if name, at, ok := assignsIterator(r, live); ok {
		return "", &cfront.Error{Pos: at, Msg: fmt.Sprintf("loop iterator %s is assigned by a statement and read after the region: its final value cannot be reproduced", name)}
	}
	reg.Remarks = append(reg.Remarks, fmt.Sprintf("iterator(s) %s read after the region: the original loops without statements follow the new code to give them their final values", strings.Join(live, ", ")))
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return text + skeleton(r, live, r.Indent), nil
}
