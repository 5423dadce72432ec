package aliascheck

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/scop"
)

// aliasClass says where an array of a region may live.
type aliasClass int

const (
	// aliasNone: overlaps no other array of the region (declared in the
	// region, a scalar of the function, a restrict pointer, storage
	// that tessera allocates).
	aliasNone aliasClass = iota
	// aliasObject: a declared array or global scalar, distinct from the
	// other declared objects; a pointer may point into it.
	aliasObject
	// aliasPointer: reached through a pointer; may overlap any array
	// that is not aliasNone.
	aliasPointer
	// aliasIndirect: rows reached through pointers; no address range.
	aliasIndirect
)

// maxAliasPairs bounds the pairs of arrays a run-time check compares.
const maxAliasPairs = 120

// Pairs returns the pairs of arrays of s that may overlap and of
// which the region writes at least one, in the order of s.Arrays. The
// error is an *Error when some of them has no address range (the
// pairs are returned too).
func Pairs(f *cfront.File, r *cfront.Region, s *scop.Scop) ([][2]*scop.Array, error) {
	class := make([]aliasClass, len(s.Arrays))
	for k, a := range s.Arrays {
		class[k] = aliasClassOf(f, r, a)
	}
	var pairs [][2]*scop.Array
	var indirect []string
	for i, a := range s.Arrays {
		for j := i + 1; j < len(s.Arrays); j++ {
			b := s.Arrays[j]
			ci, cj := class[i], class[j]
			if ci == aliasNone || cj == aliasNone || ci == aliasObject && cj == aliasObject || a.ReadOnly && b.ReadOnly {
				continue
			}
			pairs = append(pairs, [2]*scop.Array{a, b})
			for _, k := range []int{i, j} {
				if class[k] == aliasIndirect && !slices.Contains(indirect, s.Arrays[k].Name) {
					indirect = append(indirect, s.Arrays[k].Name)
				}
			}
		}
	}
	if len(pairs) > maxAliasPairs {
		return pairs, &Error{fmt.Sprintf("%d pairs of arrays may overlap, more than the %d a run-time check compares", len(pairs), maxAliasPairs)}
	}
	if len(indirect) > 0 {
		return pairs, &Error{fmt.Sprintf("the rows of %s are reached through pointers, so whether %s may overlap cannot be checked at run time", strings.Join(indirect, ", "), PairList(pairs))}
	}
	return pairs, nil
}

// aliasClassOf classifies array a of the region r from its declaration.
func aliasClassOf(f *cfront.File, r *cfront.Region, a *scop.Array) aliasClass {
	if a.Local {
		return aliasNone
	}
	v := f.Lookup(r, a.Name)
	if a.Rank == 0 {
		if v != nil && v.Scope == cfront.FileScope && v.NDims() == 0 {
			return aliasObject
		}
		// A parameter or local scalar of the function, or a name
		// without a declaration we could take the address of.
		return aliasNone
	}
	if v == nil {
		// An array tessera made (scalar expansion, statement
		// splitting) is not named in the region's text; any other
		// array we know nothing about may be anything.
		if !regexp.MustCompile(`\b` + regexp.QuoteMeta(a.Name) + `\b`).Match(f.Src[r.Start:r.End]) {
			return aliasNone
		}
		if a.Rank > 1 && len(a.Strides) == 0 {
			return aliasIndirect
		}
		return aliasPointer
	}
	rank := a.Rank
	if len(a.Strides) > 0 {
		rank = 1 // C indexes a delinearized array with one subscript
	}
	if v.NDims() < rank {
		// Levels hidden in a typedef: one level is a pointer or an
		// array, contiguous either way; more may be pointers to rows.
		if rank > 1 {
			return aliasIndirect
		}
		return aliasPointer
	}
	for _, d := range v.Dims[1:rank] {
		if d == nil {
			return aliasIndirect
		}
	}
	pointer := v.Dims[0] == nil || v.Scope == cfront.ParamScope
	switch {
	case pointer && restrictQualified(f.Src, v):
		return aliasNone
	case pointer:
		return aliasPointer
	}
	return aliasObject
}

// restrictQualified reports whether the declaration of v qualifies v
// itself with restrict: "T *restrict v", "T (*restrict v)[N]" or, for a
// parameter, "T v[restrict N]". A restrict hidden in a macro or a typedef
// is not seen (the check is then emitted).
func restrictQualified(src []byte, v *cfront.Var) bool {
	at := v.Pos.Offset
	if at <= 0 || at+len(v.Name) > len(src) || string(src[at:at+len(v.Name)]) != v.Name {
		return false
	}
	if end := at + len(v.Name); v.Scope == cfront.ParamScope && arrayRestrictRE.Match(src[end:min(len(src), end+100)]) {
		return true
	}
	isRestrict := func(w string) bool { return w == "restrict" || w == "__restrict" || w == "__restrict__" }
	// Backwards over the qualifiers of the outermost pointer level.
	seen := false
	i := at
	for {
		for i > 0 && isSpace(src[i-1]) {
			i--
		}
		j := i
		for j > 0 && isIdentByte(src[j-1]) {
			j--
		}
		if j == i {
			return seen && i > 0 && src[i-1] == '*'
		}
		w := string(src[j:i])
		switch {
		case isRestrict(w):
			seen = true
		case w == "const" || w == "volatile":
		default:
			return false
		}
		i = j
	}
}

// arrayRestrictRE matches a first extent that carries restrict among
// its qualifiers (a parameter T v[restrict N]).
var arrayRestrictRE = regexp.MustCompile(`^\s*\[\s*(?:(?:const|volatile|static)\s+)*(?:restrict|__restrict|__restrict__)\b`)

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isIdentByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
