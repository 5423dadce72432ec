package pipeline

import (
	"fmt"
	"math/rand"
	"os/exec"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/scheduler"
)

// TestMayAccessRandom generates seeded random regions that mix affine
// subscripts with subscripts read from index arrays or computed by
// arithmetic that is not affine, optimizes them with the default options
// and with --parallel, and compares what gcc's builds of the original and
// of the outputs print for index arrays with repeated values. Plain mode
// runs a few seeds; TESSERA_LONG=1 runs more.
func TestMayAccessRandom(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found: the random programs with may accesses are not compiled")
	}
	n := 4
	if testutil.IsLong() {
		n = 40
	} else {
		t.Logf("plain mode runs %d seeds; TESSERA_LONG=1 runs 40", n)
	}
	flags := []string{"-O2", "-fopenmp", "-ffp-contract=off"}
	rewritten := 0
	for seed := int64(1); seed <= int64(n); seed++ {
		region := mayRandomRegion(rand.New(rand.NewSource(seed)))
		p := mayProgram{
			decls:  "#define N 23\ndouble A[N][N], B[N][N], x[N], y[N], z[N];\nint idx[N], idx2[N];",
			region: region,
			init:   "for (int i = 0; i < N; i++) { x[i] = i % 5 - 1.5 + s; y[i] = 0.5 * i; z[i] = 1.0 / (i + 1); idx[i] = idxval(s, i, N); idx2[i] = idxval(s + 1, 2 * i, N); for (int j = 0; j < N; j++) { A[i][j] = (i * j) % 7 - 2.0; B[i][j] = (i + 3 * j) % 5 * 0.25; } }",
			print:  "for (int i = 0; i < N; i++) { printf(\"%a %a %a\", x[i], y[i], z[i]); for (int j = 0; j < N; j++) printf(\" %a %a\", A[i][j], B[i][j]); printf(\"\\n\"); }",
		}
		src := p.mayC(region)
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			want := runC(t, gcc, "orig", src, flags...)
			for _, par := range []bool{false, true} {
				res, err := Optimize("k.c", []byte(src), Options{Vectorize: true, Sched: scheduler.Config{Parallel: par}})
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Regions) == 1 && !res.Regions[0].Kept {
					rewritten++
				}
				for _, d := range res.Diags {
					if d.Severity == "error" {
						t.Fatalf("seed %d: %v\n%s", seed, d, region)
					}
				}
				if got := runC(t, gcc, fmt.Sprintf("opt%v", par), string(res.Output), flags...); got != want {
					t.Fatalf("seed %d, parallel %v: the optimized program prints other values:\n%s", seed, par, res.Output)
				}
			}
		})
	}
	// A region kept as it was proves nothing: most must be rewritten.
	t.Logf("%d of %d optimizations rewrote the region", rewritten, 2*n)
	if rewritten < n {
		t.Errorf("only %d of %d optimizations rewrote the region", rewritten, 2*n)
	}
}

// mayRandomRegion writes 2 to 4 loop nests of depth 1 or 2 over [0, N),
// each with one or two statements whose subscripts are affine (i, N-1-j),
// read from the index arrays (idx[i], idx2[j]) or products reduced
// modulo N ((i*j) % N).
func mayRandomRegion(rng *rand.Rand) string {
	var b strings.Builder
	pick := func(s ...string) string { return s[rng.Intn(len(s))] }
	sub := func(depth int) string {
		its := []string{"i"}
		if depth == 2 {
			its = append(its, "j")
		}
		it := its[rng.Intn(len(its))]
		return pick(it, "N - 1 - "+it, "idx["+it+"]", "idx2["+it+"]", "("+its[0]+" * "+its[len(its)-1]+") % N", "idx[idx2["+it+"]]")
	}
	ref := func(depth int) string {
		if rng.Intn(2) == 0 {
			return pick("x", "y", "z") + "[" + sub(depth) + "]"
		}
		return pick("A", "B") + "[" + sub(depth) + "][" + sub(depth) + "]"
	}
	for k, nests := 0, 2+rng.Intn(3); k < nests; k++ {
		depth := 1 + rng.Intn(2)
		ind := "  "
		b.WriteString(ind + "for (int i = 0; i < N; i++)\n")
		if depth == 2 {
			ind += "  "
			b.WriteString(ind + "for (int j = 0; j < N; j++)\n")
		}
		ind += "  "
		stmts := 1 + rng.Intn(2)
		if stmts > 1 {
			b.WriteString(ind[:len(ind)-2] + "{\n")
		}
		for s := 0; s < stmts; s++ {
			rhs := ref(depth) + " * 0.5"
			if rng.Intn(2) == 0 {
				rhs += " + " + ref(depth)
			}
			b.WriteString(ind + ref(depth) + " " + pick("=", "+=") + " " + rhs + ";\n")
		}
		if stmts > 1 {
			b.WriteString(ind[:len(ind)-2] + "}\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}
