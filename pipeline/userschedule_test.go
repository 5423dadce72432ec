package pipeline

import (
	"bytes"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
)

// compileRun compiles a kernel of bench/kernels (MINI dataset) and returns
// its standard output (the dumped arrays).
func compileRun(t *testing.T, gcc, dir, name string, src []byte) []byte {
	t.Helper()
	return []byte(runC(t, gcc, name, string(src), "-O1", "-DMINI_DATASET", "-I", dir))
}

// TestUserScheduleKernels applies user scripts to kernels of the bench
// suite: legal ones must give C that computes the same arrays as the
// original (when gcc is present), illegal ones must be refused with the
// violated dependence at the position of the blamed command.
func TestUserScheduleKernels(t *testing.T) {
	dir := filepath.Join("..", "bench", "kernels")
	gcc, _ := exec.LookPath("gcc")
	tests := []struct {
		name, kernel, script string
		err                  string // prefix of the diagnostic; empty: legal
	}{
		{"gemm-tile-interchange", "gemm", "interchange S1 j k\ntile S1 i,k,j 8,8,8\nparallel S1 i_t\n", ""},
		{"gemm-tile-isolate", "gemm", "tile S1 i,j,k 16,16,16 isolate\n", ""},
		{"gemm-fuse-unroll", "gemm", "fuse S0 S1 at i\nfuse S0 S1 at j\nunroll S1 k 3\nvectorize S0 j\n", ""},
		{"jacobi1d-shift-fuse", "jacobi-1d", "shift S1 i 1\nfuse S0 S1 at i\n", ""},
		{"seidel-skew-tile", "seidel-2d", "skew S0 i by t 1\ntile S0 t,i 8,8\n", ""},
		{"seidel-interchange", "seidel-2d", "# illegal\ninterchange S0 t i\n",
			"s.txt:2:1: error: schedule violates the flow dependence S0[t="},
		{"jacobi1d-fuse", "jacobi-1d", "fuse S0 S1 at i\n",
			"s.txt:1:1: error: schedule violates the flow dependence S0[t=0, i=2] -> S1[t=0, i=1] on B"},
		{"gemm-parallel-k", "gemm", "parallel S1 k\n",
			`s.txt:1:1: error: the loop marked "parallel" carries the flow dependence S1[`},
		{"gemm-unknown-loop", "gemm", "tile S1 i,z 4,4\n", "s.txt:1:11: error: S1 has no loop z"},
	}
	testutil.NoteSample(t, "every script that must be refused and one legal script in 2")
	for i, tc := range tests {
		// Plain mode runs every script that must be refused and one
		// legal script in 2; TESSERA_LONG=1 runs them all.
		if tc.err == "" && !testutil.Keep(i, 2) {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.kernel+".c")
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			us, err := LoadSchedule("s.txt", []byte(tc.script))
			if err != nil {
				t.Fatal(err)
			}
			res, err := Optimize(path, src, Options{Schedule: us})
			if err != nil {
				t.Fatal(err)
			}
			if tc.err != "" {
				if len(res.Diags) == 0 || !strings.HasPrefix(res.Diags[0].String(), tc.err) {
					t.Fatalf("diagnostics %v, want %q", res.Diags, tc.err)
				}
				if !res.Regions[0].Kept || !bytes.Equal(res.Output, src) {
					t.Fatal("refused region not kept")
				}
				return
			}
			if res.Errors() || res.Regions[0].Kept {
				t.Fatalf("diagnostics %v", res.Diags)
			}
			if gcc == "" {
				t.Skip("no gcc: outputs not compared")
			}
			want := compileRun(t, gcc, dir, "orig", src)
			got := compileRun(t, gcc, dir, "user", res.Output)
			if !bytes.Equal(got, want) {
				t.Fatalf("outputs differ\n%s", res.Regions[0].Text)
			}
		})
	}
}

// TestUserScheduleYAML gives a schedule tree in YAML: the transformed tree
// of a script written out and read back, and a tree of a wrong domain.
func TestUserScheduleYAML(t *testing.T) {
	path := filepath.Join("..", "bench", "kernels", "gemm.c")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The original schedule of the region, then its interchange by hand.
	res, err := Optimize(path, src, Options{Identity: true, NoSelfCheck: true})
	if err != nil || len(res.Regions) != 1 || res.Regions[0].Scop == nil {
		t.Fatalf("identity: %v", err)
	}
	yaml := res.Regions[0].Scop.Schedule.String()
	swapped := strings.NewReplacer("S1[i, j, k] -> [j] }]", "S1[i, j, k] -> [k] }]", "S1[i, j, k] -> [k] }]", "S1[i, j, k] -> [j] }]").Replace(yaml)
	if swapped == yaml {
		t.Fatalf("no band to swap in\n%s", yaml)
	}
	for _, tc := range []struct{ name, text, err string }{
		{"legal", swapped, ""},
		{"wrong-domain", strings.Replace(yaml, "0 <= k < NK", "0 <= k < NJ", 1), "t.yaml:1:1: error: the domain of the schedule tree is not"},
		{"bad-yaml", "domain: \"{ S0[i] \"\n", "t.yaml:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			us, err := LoadSchedule("t.yaml", []byte(tc.text))
			if err != nil {
				if tc.err != "" && strings.HasPrefix(err.Error(), tc.err) {
					return
				}
				t.Fatal(err)
			}
			if us.Tree == nil {
				t.Fatal("not read as a tree")
			}
			res, err := Optimize(path, src, Options{Schedule: us})
			if err != nil {
				t.Fatal(err)
			}
			if tc.err == "" {
				if res.Errors() {
					t.Fatalf("diagnostics %v", res.Diags)
				}
				return
			}
			if len(res.Diags) == 0 || !strings.HasPrefix(res.Diags[0].String(), tc.err) {
				t.Fatalf("diagnostics %v, want %q", res.Diags, tc.err)
			}
		})
	}
}

// TestUserScheduleRegions gives each of two regions its own commands; the
// second is illegal, so only the first region is rewritten.
func TestUserScheduleRegions(t *testing.T) {
	src := []byte(`void f(int n, double C[n][n], double A[n][n], double B[n][n], double X[n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
#pragma endscop
#pragma scop
  for (int s = 0; s < n; s++)
    for (int i = 1; i < n - 1; i++)
      X[i] = (X[i - 1] + X[i + 1]) / 2;
#pragma endscop
}
`)
	us, err := LoadSchedule("r.txt", []byte("region 1\ninterchange S0 j k\nregion 2\ninterchange S0 s i\n"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Optimize("r.c", src, Options{Schedule: us})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Regions) != 2 || res.Regions[0].Kept || !res.Regions[1].Kept {
		t.Fatalf("regions kept: %v %v; %v", res.Regions[0].Kept, res.Regions[1].Kept, res.Diags)
	}
	if len(res.Diags) != 1 || !strings.HasPrefix(res.Diags[0].String(), "r.txt:4:1: error: schedule violates the flow dependence S0[s=") ||
		!strings.Contains(res.Diags[0].String(), "(region at r.c:8:1 kept as it was)") {
		t.Fatalf("diagnostics %v", res.Diags)
	}
}

// TestUserScheduleRandom (TESSERA_LONG only) runs seeded random scripts
// through the whole pipeline on two kernels: an accepted script must give
// a rewritten region that passes the interpreter self-check (and, with
// gcc, the same output as the original); a refused one must keep the
// region with a diagnostic in the script.
func TestUserScheduleRandom(t *testing.T) {
	if os.Getenv("TESSERA_LONG") == "" {
		t.Skip("TESSERA_LONG not set")
	}
	seed := int64(5)
	if v, err := strconv.ParseInt(os.Getenv("TESSERA_SEED"), 10, 64); err == nil {
		seed = v
	}
	r := rand.New(rand.NewSource(seed))
	dir := filepath.Join("..", "bench", "kernels")
	gcc, _ := exec.LookPath("gcc")
	pools := map[string][]string{
		"gemm": {"interchange S1 j k", "interchange S1 i j", "tile S1 i,j 8,8", "tile S1 j,k 4,8 isolate", "fuse S0 S1 at i",
			"fuse S0 S1 at j", "skew S1 k by j 1", "shift S0 j 1", "unroll S1 k 3", "unroll S1 j 2", "parallel S1 i", "vectorize S1 j", "distribute S1 i"},
		"jacobi-1d": {"shift S1 i 1", "fuse S0 S1 at i", "tile S0 i 8", "unroll S1 i 4", "distribute S0 t", "parallel S0 i", "skew S0 i by t 2"},
	}
	kernels := []string{"gemm", "jacobi-1d"}
	rewritten, kept := 0, 0
	defer func() { t.Logf("seed %d: %d rewritten, %d refused", seed, rewritten, kept) }()
	for iter := 0; iter < 60; iter++ {
		k := kernels[r.Intn(len(kernels))]
		var lines []string
		for n := 1 + r.Intn(3); n > 0; n-- {
			lines = append(lines, pools[k][r.Intn(len(pools[k]))])
		}
		script := strings.Join(lines, "\n") + "\n"
		path := filepath.Join(dir, k+".c")
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		us, err := LoadSchedule("s.txt", []byte(script))
		if err != nil {
			t.Fatal(err)
		}
		res, err := Optimize(path, src, Options{Schedule: us})
		if err != nil {
			t.Fatalf("seed %d %s %q: %v", seed, k, script, err)
		}
		if res.Regions[0].Kept {
			if len(res.Diags) == 0 || !strings.HasPrefix(res.Diags[0].String(), "s.txt:") {
				t.Fatalf("seed %d %s %q: kept with diagnostics %v", seed, k, script, res.Diags)
			}
			kept++
			continue
		}
		rewritten++
		if gcc != "" && !bytes.Equal(compileRun(t, gcc, dir, "user", res.Output), compileRun(t, gcc, dir, "orig", src)) {
			t.Fatalf("seed %d %s %q: outputs differ\n%s", seed, k, script, res.Regions[0].Text)
		}
	}
}
