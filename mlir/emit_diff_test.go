package mlir

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/pipeline"
)

// The differential test of the MLIR output: each C program is compiled by
// gcc as it is (the reference), and again with its regions replaced by
// calls (CCaller) of the functions that Emit wrote, lowered by the stock
// mlir-opt to the LLVM dialect, translated by mlir-translate and compiled
// by clang; both programs must print the same bytes. Neither compiler
// fuses multiply-adds here (gcc without -march and clang on LLVM IR
// without contraction flags), and the schedules keep the order of every
// sum, so the outputs are equal exactly.

// lowerSeq is the pass pipeline checked with LLVM 19 for the sequential
// output; scf.parallel (from affine.parallel) becomes sequential loops in
// convert-scf-to-cf.
var lowerSeq = []string{"--lower-affine", "--convert-scf-to-cf", "--convert-math-to-llvm", "--convert-math-to-libm",
	"--convert-arith-to-llvm", "--convert-index-to-llvm", "--expand-strided-metadata", "--finalize-memref-to-llvm",
	"--convert-func-to-llvm", "--convert-cf-to-llvm", "--reconcile-unrealized-casts"}

// lowerOMP lowers affine.parallel to OpenMP threads (LLVM's libomp). The
// memref lowering comes before the scf one: it inlines the
// memref.alloca_scope that convert-scf-to-openmp puts around each parallel
// body, which cannot hold the several blocks of a lowered scf.for.
var lowerOMP = []string{"--lower-affine", "--convert-scf-to-openmp", "--expand-strided-metadata", "--finalize-memref-to-llvm",
	"--convert-scf-to-cf", "--convert-math-to-llvm", "--convert-math-to-libm", "--convert-arith-to-llvm", "--convert-index-to-llvm",
	"--convert-openmp-to-llvm", "--convert-func-to-llvm", "--convert-cf-to-llvm", "--reconcile-unrealized-casts"}

// mlirTools finds mlir-opt, mlir-translate, clang and gcc, or says which
// is missing.
type mlirTools struct{ opt, translate, clang, gcc, libomp string }

func findTools() (*mlirTools, string) {
	look := func(names ...string) string {
		for _, n := range names {
			if p, err := exec.LookPath(n); err == nil {
				return p
			}
			for _, dir := range []string{"/usr/lib/llvm-19/bin", "/usr/lib/llvm-20/bin", "/usr/lib/llvm-18/bin"} {
				p := filepath.Join(dir, n)
				if _, err := os.Stat(p); err == nil {
					return p
				}
			}
		}
		return ""
	}
	t := &mlirTools{opt: look("mlir-opt", "mlir-opt-19"), translate: look("mlir-translate", "mlir-translate-19"),
		clang: look("clang-19", "clang"), gcc: look("gcc")}
	if t.opt != "" {
		lib := filepath.Join(filepath.Dir(filepath.Dir(t.opt)), "lib")
		if _, err := os.Stat(filepath.Join(lib, "libomp.so")); err == nil {
			t.libomp = lib
		}
	}
	switch {
	case t.opt == "":
		return nil, "mlir-opt not found (apt-get install mlir-19-tools)"
	case t.translate == "":
		return nil, "mlir-translate not found (apt-get install mlir-19-tools)"
	case t.clang == "":
		return nil, "clang not found (apt-get install clang-19)"
	case t.gcc == "":
		return nil, "gcc not found"
	}
	return t, ""
}

// diffCase is one program of the differential test.
type diffCase struct {
	name    string
	path    string
	defines map[string]string
	incDirs []string
	extra   []string // more C files to compile with it (polybench.c)
	cflags  []string
	// stderr compares standard error (PolyBench's array dumps) instead of
	// standard output.
	stderr bool
}

func run(dir string, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, lastLines(errb.String(), 15))
	}
	return append(out.Bytes(), errb.Bytes()...), nil
}

func lastLines(s string, n int) string {
	l := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(l) > n {
		l = l[len(l)-n:]
	}
	return strings.Join(l, "\n")
}

// diffResult is what one case gave.
type diffResult struct {
	funcs, regions int
	warnings       []string
}

// checkDiff runs one case in dir: emit (parallel or not), lower, build,
// run, compare. It returns an error describing the first failure.
func checkDiff(t *mlirTools, dir string, c diffCase, parallel bool) (*diffResult, error) {
	src, err := os.ReadFile(c.path)
	if err != nil {
		return nil, err
	}
	opt := pipeline.Options{Defines: c.defines, IncludeDirs: c.incDirs, RegionTimeout: 120e9}
	opt.Sched.Parallel = parallel
	EmitOptions(&opt)
	res, err := pipeline.Optimize(c.path, src, opt)
	if err != nil {
		return nil, fmt.Errorf("pipeline: %v", err)
	}
	m, err := Emit(res, EmitConfig{Parallel: parallel})
	if err != nil {
		return nil, err
	}
	dr := &diffResult{funcs: len(m.Funcs), regions: len(res.Regions)}
	for _, d := range m.Diags {
		dr.warnings = append(dr.warnings, d.String())
	}
	if len(m.Funcs) == 0 {
		return dr, fmt.Errorf("no function emitted: %v", dr.warnings)
	}
	caller, err := CCaller(res, m)
	if err != nil {
		return dr, err
	}
	must := func(err error) error { return err }
	if err := os.WriteFile(filepath.Join(dir, "k.mlir"), m.Text, 0o644); err != nil {
		return dr, err
	}
	if err := os.WriteFile(filepath.Join(dir, "caller.c"), caller, 0o644); err != nil {
		return dr, err
	}
	passes := lowerSeq
	omp := parallel && strings.Contains(string(m.Text), "affine.parallel") && t.libomp != ""
	if omp {
		passes = lowerOMP
	}
	if _, err := run(dir, t.opt, append([]string{"k.mlir", "-o", "k.llvm.mlir"}, passes...)...); err != nil {
		return dr, must(err)
	}
	if _, err := run(dir, t.translate, "--mlir-to-llvmir", "k.llvm.mlir", "-o", "k.ll"); err != nil {
		return dr, err
	}
	if _, err := run(dir, t.clang, "-O2", "-Wno-override-module", "-c", "k.ll", "-o", "k.o"); err != nil {
		return dr, err
	}
	var flags []string
	for k, v := range c.defines {
		flags = append(flags, "-D"+k+"="+v)
	}
	for _, d := range c.incDirs {
		flags = append(flags, "-I"+d)
	}
	flags = append(flags, c.cflags...)
	base := append(append([]string{"-O2", "-w"}, flags...), c.extra...)
	if _, err := run(dir, t.gcc, append(append([]string{}, base...), c.path, "-o", "orig", "-lm")...); err != nil {
		return dr, err
	}
	link := append(append([]string{}, base...), "-I"+filepath.Dir(c.path), "caller.c", "k.o", "-o", "viamlir", "-lm")
	if omp {
		link = append(link, "-L"+t.libomp, "-Wl,-rpath,"+t.libomp, "-lomp")
	}
	if _, err := run(dir, t.gcc, link...); err != nil {
		return dr, err
	}
	want, err := runOut(dir, "./orig", c.stderr)
	if err != nil {
		return dr, err
	}
	got, err := runOut(dir, "./viamlir", c.stderr)
	if err != nil {
		return dr, err
	}
	if !bytes.Equal(want, got) {
		return dr, fmt.Errorf("outputs differ: original %d bytes, via MLIR %d bytes\n%s", len(want), len(got), firstDiff(want, got))
	}
	if len(want) == 0 {
		return dr, fmt.Errorf("the program printed nothing")
	}
	return dr, nil
}

func runOut(dir, prog string, stderr bool) ([]byte, error) {
	cmd := exec.Command(prog)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "OMP_NUM_THREADS=2", "OMP_WAIT_POLICY=passive")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", prog, err, lastLines(errb.String(), 5))
	}
	if stderr {
		return errb.Bytes(), nil
	}
	return out.Bytes(), nil
}

func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(la) && i < len(lb); i++ {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d:\n  original: %.200s\n  via MLIR: %.200s", i+1, la[i], lb[i])
		}
	}
	return "one output is a prefix of the other"
}

// TestEmitDiffSmall runs the hand-written programs of testdata/emit.
func TestEmitDiffSmall(t *testing.T) {
	tools, why := findTools()
	if tools == nil {
		t.Skip("MLIR differential test skipped: " + why)
	}
	files, _ := filepath.Glob("testdata/emit/*.c")
	if len(files) == 0 {
		t.Fatal("no programs in testdata/emit")
	}
	// Plain mode runs each program once, default and --parallel in turn;
	// TESSERA_LONG=1 runs every program both ways.
	if !testutil.IsLong() {
		t.Log("plain mode runs each program either default or --parallel, alternately; TESSERA_LONG=1 runs both")
	}
	prog := 0
	for _, f := range files {
		if text, _ := os.ReadFile(f); !strings.Contains(string(text), "int main") {
			continue // a file for the golden and warning tests only
		}
		prog++
		for i, par := range []bool{false, true} {
			if !testutil.Keep(prog+i+1, 2) {
				continue
			}
			name := strings.TrimSuffix(filepath.Base(f), ".c")
			if par {
				name += "-parallel"
			}
			t.Run(name, func(t *testing.T) {
				abs, _ := filepath.Abs(f)
				if _, err := checkDiff(tools, t.TempDir(), diffCase{name: name, path: abs}, par); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// TestEmitDiffPolyBench runs the 30 kernels of PolyBench/C 4.2.1 from the
// tree named by TESSERA_MLIR_POLYBENCH (for example /tmp/pb), at the MINI
// dataset, default and parallel; it reports how many pass. It is a long
// campaign, skipped unless the variable is set.
func TestEmitDiffPolyBench(t *testing.T) {
	root := os.Getenv("TESSERA_MLIR_POLYBENCH")
	if root == "" {
		t.Skip("set TESSERA_MLIR_POLYBENCH=/path/to/PolyBenchC-4.2.1 to run the PolyBench MLIR differential test")
	}
	tools, why := findTools()
	if tools == nil {
		t.Skip("MLIR differential test skipped: " + why)
	}
	util := filepath.Join(root, "utilities")
	var kernels []string
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		// A kernel is DIR/DIR.c (Nussinov.orig.c is not one).
		if err == nil && strings.HasSuffix(p, ".c") && !strings.Contains(p, "utilities") &&
			filepath.Base(p) == filepath.Base(filepath.Dir(p))+".c" {
			kernels = append(kernels, p)
		}
		return nil
	})
	dataset := os.Getenv("TESSERA_MLIR_DATASET")
	if dataset == "" {
		dataset = "MINI"
	}
	for _, par := range []bool{false, true} {
		pass := 0
		for _, k := range kernels {
			name := strings.TrimSuffix(filepath.Base(k), ".c")
			if par {
				name += "-parallel"
			}
			c := diffCase{name: name, path: k, stderr: true,
				defines: map[string]string{dataset + "_DATASET": "1", "POLYBENCH_DUMP_ARRAYS": "1"},
				incDirs: []string{util}, extra: []string{filepath.Join(util, "polybench.c")}}
			ok := t.Run(name, func(t *testing.T) {
				dr, err := checkDiff(tools, t.TempDir(), c, par)
				if err != nil {
					t.Fatal(err)
				}
				if dr.funcs != dr.regions {
					t.Logf("%d of %d regions emitted: %v", dr.funcs, dr.regions, dr.warnings)
				}
			})
			if ok {
				pass++
			}
		}
		t.Logf("parallel=%v: %d of %d PolyBench kernels print what the original prints", par, pass, len(kernels))
	}
}
