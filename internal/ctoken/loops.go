package ctoken

// EnclosingLoop returns the offset of the body of the outermost loop
// (for, while, do) of the function body starting at bodyStart that encloses
// offset at, or -1.
func EnclosingLoop(src []byte, bodyStart, at int) int {
	toks := Scan(src, bodyStart, at)
	type frame struct {
		loop bool
		off  int // the start of the loop's body for a loop frame
	}
	var stack []frame
	pendingLoop := false // the next '{' or statement is a loop body
	pendingOff := 0      // where that body starts
	next := func(i int) string {
		if i+1 < len(toks) {
			return toks[i+1].Text
		}
		return ""
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.Text {
		case "for", "while":
			// Skip the parenthesized header.
			depth := 0
			j := i + 1
			for ; j < len(toks); j++ {
				if toks[j].Text == "(" {
					depth++
				} else if toks[j].Text == ")" {
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
					return t.Off
				}
			}
			// "while (...);" closing a do loop has no body.
			if t.Text == "while" && j+1 < len(toks) && toks[j+1].Text == ";" {
				i = j + 1
				continue
			}
			pendingLoop, pendingOff = true, toks[j+1].Off
			i = j
		case "do":
			if i == len(toks)-1 {
				return t.Off
			}
			pendingLoop, pendingOff = true, toks[i+1].Off
		case "{":
			fr := frame{pendingLoop, t.Off}
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

// LoopHeadersMention reports whether the header of a for or while loop
// of the function body starting at bodyStart whose body encloses offset at
// (the header runs again after the region) holds an identifier for which
// mentions reports true (the name sought, or a macro that expands to it).
func LoopHeadersMention(src []byte, bodyStart, at int, mentions func(ident string) bool) bool {
	toks := Scan(src, bodyStart, at)
	type frame struct {
		mentions bool
		brace    int // the brace depth of the body, -1 for a statement body
		depth    int // the brace depth of the loop
	}
	var open []frame
	depth := 0
	for i := 0; i < len(toks); i++ {
		switch t := toks[i].Text; t {
		case "for", "while":
			if i+1 >= len(toks) || toks[i+1].Text != "(" {
				continue
			}
			n, j, named := 0, i+1, false
			for ; j < len(toks); j++ {
				switch tok := toks[j].Text; tok {
				case "(":
					n++
				case ")":
					n--
				default:
					named = named || mentions(tok)
				}
				if n == 0 {
					break
				}
			}
			if j >= len(toks) {
				return named // the region is in the header (cannot happen)
			}
			if t == "while" && j+1 < len(toks) && toks[j+1].Text == ";" {
				i = j + 1 // the end of a do loop
				continue
			}
			fr := frame{mentions: named, brace: -1, depth: depth}
			if j+1 < len(toks) && toks[j+1].Text == "{" {
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
			if i+1 < len(toks) && toks[i+1].Text == "else" {
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
