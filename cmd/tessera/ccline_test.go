package main

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestMatchLines checks matchLines against a dynamic-programming longest
// common subsequence on random line lists (seeded): the matches are
// equal lines in increasing order, as many as the LCS has.
func TestMatchLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 25))
	for iter := 0; iter < 3000; iter++ {
		a := randomLines(rng)
		b := randomLines(rng)
		match := matchLines(a, b)
		count, last := 0, -1
		for j, i := range match {
			if i < 0 {
				continue
			}
			if i <= last || a[i] != b[j] {
				t.Fatalf("a=%q b=%q: bad match %v", a, b, match)
			}
			last = i
			count++
		}
		if want := lcs(a, b); count != want {
			t.Fatalf("a=%q b=%q: %d matches, LCS has %d (%v)", a, b, count, want, match)
		}
	}
}

func randomLines(rng *rand.Rand) []string {
	n := rng.IntN(9)
	out := make([]string, n)
	for i := range out {
		out[i] = string(rune('a' + rng.IntN(3)))
	}
	return out
}

func lcs(a, b []string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				d[i][j] = d[i-1][j-1] + 1
			} else {
				d[i][j] = max(d[i-1][j], d[i][j-1])
			}
		}
	}
	return d[len(a)][len(b)]
}

// TestLineMarked: lines copied from the original keep their numbers
// after a prelude and a rewritten region; generated lines count on; no
// directive after a line continued by a backslash.
func TestLineMarked(t *testing.T) {
	orig := "int a;\nint b;\nint b2;\n#pragma scop\nx = 1;\n#pragma endscop\nint c;\nint d;\nint e;\n"
	out := "/* prelude */\n#define P 1\nint a;\nint b;\nint b2;\nfor (;;)\n  x = 1;\nint c;\nint d;\nint e;\n"
	want := `#line 1 "k.c"
/* prelude */
#define P 1
#line 1 "k.c"
int a;
int b;
int b2;
for (;;)
  x = 1;
#line 7 "k.c"
int c;
int d;
int e;
`
	if got := string(lineMarked("k.c", []byte(orig), []byte(out))); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// An original with its own #line directives keeps its mapping.
	withLine := "#line 100 \"p.y\"\n" + orig
	got := string(lineMarked("k.c", []byte(withLine), []byte("/* prelude */\n"+withLine)))
	if strings.Count(got, "#line") != 2 {
		t.Errorf("directives added to an original with its own:\n%s", got)
	}
	// The prelude's last line is continued: the directive waits a line.
	orig2 := "int a;\nint b;\nint c;\n"
	out2 := "/* p */\n/* q */\n#define M(x) \\\nint a;\nint b;\nint c;\n"
	for _, nl := range []string{"\n", "\r\n"} {
		o, b := strings.ReplaceAll(orig2, "\n", nl), strings.ReplaceAll(out2, "\n", nl)
		got := string(lineMarked("k.c", []byte(o), []byte(b)))
		if strings.Contains(got, "\\"+nl+"#line") || !strings.Contains(got, "#line 2 \"k.c\"\nint b;") {
			t.Errorf("a directive after a continued line, or none after it:\n%q", got)
		}
	}
}

// TestMatchLinesLarge: a long file with a few blocks replaced is matched
// outside the blocks; one too different gets no match at all.
func TestMatchLinesLarge(t *testing.T) {
	var a, b []string
	for i := 0; i < 20000; i++ {
		line := "line " + strings.Repeat("x", i%7) + string(rune('a'+i%26))
		a = append(a, line)
		if i%5000 == 100 {
			for k := 0; k < 300; k++ {
				b = append(b, "generated")
			}
			continue
		}
		b = append(b, line)
	}
	match := matchLines(a, b)
	if match[len(b)-1] != len(a)-1 || match[0] != 0 {
		t.Errorf("ends not matched: %d, %d", match[0], match[len(b)-1])
	}
	var c []string
	for i := 0; i < 2*maxDiff; i++ {
		c = append(c, "other")
	}
	for j, i := range matchLines(a[:maxDiff], c) {
		if i >= 0 {
			t.Fatalf("line %d matched with %d beyond maxDiff", j, i)
		}
	}
}
