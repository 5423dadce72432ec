package pipeline

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// compileRun compiles a kernel of bench/kernels (MINI dataset) and returns
// its standard output (the dumped arrays).
func compileRun(t *testing.T, gcc, dir, name string, src []byte) []byte {
	t.Helper()
	tmp := t.TempDir()
	c := filepath.Join(tmp, name+".c")
	if err := os.WriteFile(c, src, 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(tmp, name)
	if out, err := exec.Command(gcc, "-O1", "-DMINI_DATASET", "-I", dir, c, "-o", exe, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("gcc %s: %v\n%s", name, err, out)
	}
	out, err := exec.Command(exe).Output()
	if err != nil {
		t.Fatalf("run %s: %v", name, err)
	}
	return out
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
		{"gemm-fuse-unroll", "gemm", "fuse S0 S1 at i\nfuse S0 S1 at j\nunroll S1 k 4\nvectorize S0 j\n", ""},
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
	for _, tc := range tests {
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
