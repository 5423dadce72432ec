package liveout

import (
	"sort"
	"strconv"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/ctoken"
)

// Per-function indexes for Iterators, made once per function
// (cfront.Memo), so that the work for each region is about the size of
// the region and of the code up to the next use of its iterators, not
// that of the whole function.

// funcIndex is what Iterators needs of one function body.
type funcIndex struct {
	// toks are the tokens of the body (ctoken.Scan).
	toks []ctoken.Token
	// restart are offsets in the body, increasing, from which the scans
	// of ctoken.EnclosingLoop and ctoken.LoopHeadersMention may start instead of
	// the body's start: the tokens after a ';' at the body's own brace
	// level, outside parentheses, not followed by else. Every loop those
	// scans track has ended there (a statement body at its ';', a braced
	// body at its '}'), so a scan from there finds the same loops around
	// a later offset as a scan from the start. restart[0] is the start.
	restart []int
	// addr holds the names whose address the body takes ("&name", not
	// "&&name").
	addr map[string]bool
}

func indexFunc(f *cfront.File, fn *cfront.Func) *funcIndex {
	key := "liveout.funcIndex " + strconv.Itoa(fn.BodyStart)
	return cfront.Memo(f, key, func() *funcIndex {
		toks := ctoken.Scan(f.Src, fn.BodyStart, fn.BodyEnd)
		ix := &funcIndex{toks: toks, restart: []int{fn.BodyStart}, addr: map[string]bool{}}
		depth, parens := 0, 0
		for i, t := range toks {
			switch t.Text {
			case "{":
				depth++
			case "}":
				depth--
			case "(":
				parens++
			case ")":
				parens--
			case ";":
				if depth == 1 && parens == 0 && i+1 < len(toks) && toks[i+1].Text != "else" {
					ix.restart = append(ix.restart, toks[i+1].Off)
				}
			}
			if i > 0 && toks[i-1].Text == "&" && !(i > 1 && toks[i-2].Text == "&" && toks[i-2].Off+1 == toks[i-1].Off) {
				ix.addr[t.Text] = true
			}
		}
		return ix
	})
}

// restartBefore is the last restart offset at or before off.
func (ix *funcIndex) restartBefore(off int) int {
	k := sort.SearchInts(ix.restart, off+1)
	return ix.restart[max(k-1, 0)]
}

// tokensFrom returns the body's tokens at offsets >= off.
func (ix *funcIndex) tokensFrom(off int) []ctoken.Token {
	k := sort.Search(len(ix.toks), func(i int) bool { return ix.toks[i].Off >= off })
	return ix.toks[k:]
}

// FuncAround returns the function whose body holds the region r, or nil.
func FuncAround(f *cfront.File, r *cfront.Region) *cfront.Func {
	funcs := cfront.Memo(f, "liveout.funcsByStart", func() []*cfront.Func {
		fs := append([]*cfront.Func(nil), f.Funcs...)
		sort.SliceStable(fs, func(i, j int) bool { return fs[i].BodyStart < fs[j].BodyStart })
		return fs
	})
	// The last function that starts at or before the region.
	k := sort.Search(len(funcs), func(i int) bool { return funcs[i].BodyStart > r.Start })
	for k--; k >= 0; k-- {
		if g := funcs[k]; g.BodyStart <= r.Start && r.End <= g.BodyEnd {
			return g
		}
		if funcs[k].BodyEnd <= r.Start {
			break
		}
	}
	return nil
}
