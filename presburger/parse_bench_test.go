package presburger

import (
	"fmt"
	"strings"
	"testing"
)

// bigUnionText returns a union of n statement domains in the style of a
// SCoP, each with a few bounds, a stride and a parameter.
func bigUnionText(n int) string {
	var b strings.Builder
	b.WriteString("[N, M] -> { ")
	for k := range n {
		if k > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "S%d[i, j, k] : 0 <= i < N and 0 <= j <= i and %d <= k < M and (i + j) mod 2 = 0 and j != %d", k, k%5, k%7)
	}
	b.WriteString(" }")
	return b.String()
}

func BenchmarkParseUnionSet(b *testing.B) {
	src := bigUnionText(100)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := ParseUnionSet(src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPrintUnionSet(b *testing.B) {
	u := MustParseUnionSet(bigUnionText(100))
	for b.Loop() {
		_ = u.String()
	}
}

// BenchmarkNewUnionMap builds a union of many maps of distinct spaces
// (the construction must stay O(n log n) in the number of spaces).
func BenchmarkNewUnionMap(b *testing.B) {
	maps := make([]Map, 2000)
	for i := range maps {
		sp := NewMapSpace(nil, fmt.Sprintf("S%d", i), []string{"i"}, "", []string{"t"})
		maps[i] = UniverseMap(sp)
	}
	b.ResetTimer()
	for b.Loop() {
		if u := NewUnionMap(maps...); u.NMaps() != len(maps) {
			b.Fatal("wrong union")
		}
	}
}
