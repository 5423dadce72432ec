package liveout

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/ctoken"
)

// iteratorsScan is Iterators without the per-function indexes (and
// without FuncAround's search, nor macros, which the inputs do not use): every scan starts at the function's body
// and lexes the text after the region again (the reference for
// TestLiveIndexSame).
func iteratorsScan(f *cfront.File, r *cfront.Region) []string {
	iters := outerIterators(r)
	var fn *cfront.Func
	for _, g := range f.Funcs {
		if g.BodyStart <= r.Start && r.End <= g.BodyEnd {
			fn = g
		}
	}
	var live []string
	for _, it := range iters {
		switch {
		case fn == nil || !isLocal(fn, it) || addressTaken(f.Src, fn.BodyStart, fn.BodyEnd, it):
			live = append(live, it)
		default:
			after := string(f.Src[r.End:fn.BodyEnd])
			if lb := ctoken.EnclosingLoop(f.Src, fn.BodyStart, r.Start); lb >= 0 {
				if ctoken.LoopHeadersMention(f.Src, fn.BodyStart, r.Start, func(id string) bool { return id == it }) ||
					firstUseReadsIn(after+"\n"+string(f.Src[lb:r.Start]), it, true) {
					live = append(live, it)
				}
			} else if firstUseReadsText(after, it) {
				live = append(live, it)
			}
		}
	}
	return live
}

// randomBody writes statements of a function: loops over i, j, k (the
// regions), uses and assignments of the iterators, conditions, while and
// do loops, address-taking, blocks.
func randomBody(rng *rand.Rand, b *strings.Builder, depth int) {
	it := func() string { return []string{"i", "j", "k"}[rng.Intn(3)] }
	for n := 1 + rng.Intn(4); n > 0; n-- {
		ind := strings.Repeat("  ", depth+1)
		switch c := rng.Intn(12); {
		case c < 3:
			x, y := it(), it()
			if x == y {
				y = "m"
			}
			fmt.Fprintf(b, "%sfor (%s = 0; %s < n; %s++)\n%s  for (%s = 0; %s < n; %s++)\n%s    A[%s][%s] += 1;\n", ind, x, x, x, ind, y, y, y, ind, x, y)
		case c == 3:
			fmt.Fprintf(b, "%s%s = %d;\n", ind, it(), rng.Intn(3))
		case c == 4:
			fmt.Fprintf(b, "%ss += %s;\n", ind, it())
		case c == 5 && depth < 3:
			fmt.Fprintf(b, "%sif (s > %d) {\n", ind, rng.Intn(5))
			randomBody(rng, b, depth+1)
			fmt.Fprintf(b, "%s} else\n%s  s--;\n", ind, ind)
		case c == 6 && depth < 3:
			fmt.Fprintf(b, "%swhile (%s < n) {\n", ind, it())
			randomBody(rng, b, depth+1)
			fmt.Fprintf(b, "%s  break;\n%s}\n", ind, ind)
		case c == 7 && depth < 3:
			fmt.Fprintf(b, "%sdo {\n", ind)
			randomBody(rng, b, depth+1)
			fmt.Fprintf(b, "%s} while (s < %d);\n", ind, rng.Intn(3))
		case c == 8:
			fmt.Fprintf(b, "%sp = &%s;\n", ind, it())
		case c == 9 && depth < 3:
			fmt.Fprintf(b, "%sfor (t = 0; t < %s; t++) {\n", ind, it())
			randomBody(rng, b, depth+1)
			fmt.Fprintf(b, "%s}\n", ind)
		case c == 10 && rng.Intn(2) == 0:
			x := it()
			fmt.Fprintf(b, "%sfor (t = 0; t < %s; t++)\n%s  if (s) s++;\n%s  else\n%s    for (%s = 0; %s < n; %s++)\n%s      A[%s][t] += 1;\n", ind, x, ind, ind, ind, x, x, x, ind, x)
		case c == 10:
			fmt.Fprintf(b, "%sif (s) s = s && %s; /* i = 0; */\n", ind, it())
		default:
			fmt.Fprintf(b, "%s{ int q = %s; s += q; }\n", ind, it())
		}
	}
}

// TestLiveIndexSame: Iterators with its per-function indexes gives
// the answers of the plain scans, on random functions (seeded) and on the
// kernels of the bench suite.
func TestLiveIndexSame(t *testing.T) {
	var srcs []string
	for seed := int64(1); seed <= 150; seed++ {
		rng := rand.New(rand.NewSource(seed))
		var b strings.Builder
		b.WriteString("double A[100][100];\nint s, *p;\nvoid f(int n) {\n  int i, j, k, m, t;\n")
		randomBody(rng, &b, 0)
		b.WriteString("  s += i + j + k;\n}\n")
		srcs = append(srcs, b.String())
	}
	files, _ := filepath.Glob("../../bench/kernels/*.c")
	for _, name := range files {
		if src, err := os.ReadFile(name); err == nil {
			srcs = append(srcs, string(src))
		}
	}
	regions, live, inLoop := 0, 0, 0
	for k, src := range srcs {
		f, _ := cfront.ParseFile("x.c", []byte(src), cfront.Config{AutoScop: true})
		if f == nil {
			continue
		}
		for _, r := range f.Regions {
			regions++
			got, want := Iterators(f, r), iteratorsScan(f, r)
			if len(want) > 0 {
				live++
			}
			if fn := FuncAround(f, r); fn != nil && ctoken.EnclosingLoop(f.Src, fn.BodyStart, r.Start) >= 0 {
				inLoop++
			}
			if !slices.Equal(got, want) {
				t.Errorf("input %d, region at %d:%d: live %v, want %v\n%s", k, r.Pos.Line, r.Pos.Col, got, want, src)
			}
		}
	}
	t.Logf("%d regions, %d with live iterators, %d inside a loop", regions, live, inLoop)
	if regions < 200 || live < regions/10 || inLoop < regions/10 {
		t.Errorf("%d regions compared, %d with live iterators, %d inside a loop", regions, live, inLoop)
	}
}
