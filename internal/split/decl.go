package split

import "strings"

// Wrap puts the declarations of the temporaries (Temp.Decl) before the
// C text of the region and their release after it. A contracted
// temporary has neither.
func (r *Result) Wrap(text string) string {
	if r == nil || len(r.Temps) == 0 {
		return text
	}
	var pre, post strings.Builder
	for _, t := range r.Temps {
		d, rel := t.Decl()
		pre.WriteString(d)
		post.WriteString(rel)
	}
	return pre.String() + text + post.String()
}

// OnHeap reports whether a temporary of r that is not contracted may be
// on the heap: its declaration calls malloc, free and abort and uses
// PTRDIFF_MAX.
func (r *Result) OnHeap() bool {
	if r == nil {
		return false
	}
	for _, t := range r.Temps {
		if t.Heap && !t.Contracted {
			return true
		}
	}
	return false
}

// AddHeaders includes <stdlib.h> (malloc, free, abort) and <stdint.h>
// (PTRDIFF_MAX) at the top of the file's text out, those of the two it
// does not include already, when heap is set (a region's temporary is
// on the heap, OnHeap).
func AddHeaders(out []byte, heap bool) []byte {
	if !heap {
		return out
	}
	var hdr []string
	for _, h := range []string{"#include <stdlib.h>", "#include <stdint.h>"} {
		if !strings.Contains(string(out), h) {
			hdr = append(hdr, h)
		}
	}
	if len(hdr) == 0 {
		return out
	}
	return append([]byte(strings.Join(hdr, "\n")+"\n"), out...)
}
