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
	"github.com/tessera-opt/tessera/scheduler"
)

// The differential test of the input path: every affine MLIR input of
// testdata/in (written by hand, and Polygeist's held-out files) and
// tessera's output for it, default and with --parallel, are lowered by
// mlir-opt to the LLVM dialect, translated to LLVM IR, compiled with clang
// and run from a C driver generated from the input's function signatures;
// what the two programs print (every element of every memref argument,
// in hexadecimal floating point) must be the same bytes.
//
// The driver's convention: a dynamic memref extent is 40, an index or
// integer argument 32 or the least static extent of the function's
// memrefs if smaller, a float argument 1.25 + 0.5*k for the k-th; array
// elements start as small distinct values.

const (
	inDynExtent = 40
	inIndexArg  = 32
)

// inLowering is the pass pipeline that takes the affine dialect to LLVM.
var inLowering = []string{
	"--llvm-request-c-wrappers", "--lower-affine", "--convert-scf-to-cf",
	"--expand-strided-metadata", "--convert-math-to-llvm", "--convert-arith-to-llvm",
	"--finalize-memref-to-llvm", "--convert-func-to-llvm", "--convert-cf-to-llvm",
	"--reconcile-unrealized-casts",
}

// inTools finds mlir-opt, mlir-translate and clang, in PATH or in
// LLVM 19's directory.
func inTools() (opt, translate, cc string, ok bool) {
	find := func(names ...string) string {
		for _, n := range names {
			if p, err := exec.LookPath(n); err == nil {
				return p
			}
			if p := filepath.Join("/usr/lib/llvm-19/bin", n); inFileExists(p) {
				return p
			}
		}
		return ""
	}
	opt, translate, cc = find("mlir-opt"), find("mlir-translate"), find("clang-19", "clang")
	return opt, translate, cc, opt != "" && translate != "" && cc != ""
}

func inFileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func inDiffInputs(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pat := range []string{"testdata/in/*.mlir", "testdata/in/polygeist/*.mlir"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no inputs in testdata/in")
	}
	return files
}

func TestInputDifferential(t *testing.T) {
	inDifferential(t, testutil.Sample(t, inDiffInputs(t), 3))
}

// TestInputDifferentialDir runs the same check on every .mlir file of the
// directory TESSERA_MLIR_INPUT_DIR (a long campaign: for example the
// modules that tessera opt --emit=mlir writes for PolyBench's kernels).
func TestInputDifferentialDir(t *testing.T) {
	dir := os.Getenv("TESSERA_MLIR_INPUT_DIR")
	if dir == "" {
		t.Skip("TESSERA_MLIR_INPUT_DIR is not set")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.mlir"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no .mlir files in %s (%v)", dir, err)
	}
	inDifferential(t, files)
}

func inDifferential(t *testing.T, files []string) {
	mlirOpt, translate, cc, ok := inTools()
	if !ok {
		t.Skip("mlir-opt, mlir-translate or clang not found (apt-get install mlir-19-tools clang-19): the MLIR input differential test is skipped")
	}
	rewritten := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(file), ".mlir")
		if strings.Contains(file, "polygeist") {
			name = "polygeist_" + name
		}
		t.Run(name, func(t *testing.T) {
			mod, err := Parse(file, src)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(src), "// diff: skip") {
				t.Skip("the input asks to be left out of the run (// diff: skip)")
			}
			dir := t.TempDir()
			driver := inWriteDriver(t, mod)
			want := inBuildAndRun(t, dir, "orig", src, driver, mlirOpt, translate, cc)
			checked := map[string]bool{string(src): true} // outputs already run
			for _, par := range []bool{false, true} {
				opt := pipeline.Options{Sched: scheduler.Config{Parallel: par}}
				res, err := OptimizeFile(file, src, opt)
				if err != nil {
					t.Fatal(err)
				}
				rewritten += res.Rewritten
				if res.Rewritten == 0 || checked[string(res.Output)] {
					continue
				}
				checked[string(res.Output)] = true
				got := inBuildAndRun(t, dir, fmt.Sprintf("opt%v", par), res.Output, driver, mlirOpt, translate, cc)
				if !bytes.Equal(got, want) {
					t.Errorf("parallel=%v: the optimized MLIR computes something else\n--- output\n%s\n--- original prints %d bytes, optimized %d", par, res.Output, len(want), len(got))
				}
			}
		})
	}
	if rewritten == 0 {
		t.Error("no nest was rewritten in any input")
	}
}

// inBuildAndRun lowers text, links it with the driver and returns what the
// program prints.
func inBuildAndRun(t *testing.T, dir, tag string, text []byte, driver, mlirOpt, translate, cc string) []byte {
	t.Helper()
	in := filepath.Join(dir, tag+".mlir")
	llvmDialect := filepath.Join(dir, tag+".llvm.mlir")
	ll := filepath.Join(dir, tag+".ll")
	exe := filepath.Join(dir, tag+".exe")
	drv := filepath.Join(dir, "driver.c")
	if err := os.WriteFile(in, text, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(drv, []byte(driver), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(name string, args ...string) []byte {
		out, err := exec.Command(name, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s\n--- input\n%s", filepath.Base(name), strings.Join(args, " "), err, out, text)
		}
		return out
	}
	run(mlirOpt, append(append([]string{}, inLowering...), in, "-o", llvmDialect)...)
	run(translate, "--mlir-to-llvmir", llvmDialect, "-o", ll)
	run(cc, "-O0", "-Wno-override-module", drv, ll, "-o", exe, "-lm")
	return run(exe)
}

// inWriteDriver writes a C program that calls every public function of the
// module through its C interface on initialized data and prints every
// memref argument afterwards.
func inWriteDriver(t *testing.T, mod *ParsedFile) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("#include <stdio.h>\n#include <stdint.h>\n#include <stdlib.h>\n\n")
	var calls strings.Builder
	for fi, f := range mod.Funcs {
		if f.Body == nil {
			// An external function: a stub (weak, in case the lowering
			// defines one of the two names itself).
			if len(f.Args) > 0 {
				t.Fatalf("@%s: driver cannot define an external function with arguments", f.Name)
			}
			fmt.Fprintf(&b, "__attribute__((weak)) void %s(void) {}\n__attribute__((weak)) void _mlir_ciface_%s(void) {}\n", f.Name, f.Name)
			continue
		}
		if strings.Contains(string(mod.Src[f.Start:f.Body.Start]), "private") {
			continue
		}
		var params, args []string
		fmt.Fprintf(&calls, "  { /* @%s */\n", f.Name)
		size := inIndexArg
		for _, a := range f.Args {
			for _, d := range a.Type.Shape {
				if d >= 0 && d < int64(size) {
					size = int(d)
				}
			}
		}
		for ai, a := range f.Args {
			ty := a.Type
			switch ty.Kind {
			case TypeMemref:
				elem, ok := cType(*ty.Elem)
				if !ok || ty.Layout != "" {
					t.Skipf("@%s: the driver cannot pass %s", f.Name, ty.Text)
				}
				rank := len(ty.Shape)
				sname := fmt.Sprintf("D%d_%d", fi, ai)
				if rank == 0 {
					fmt.Fprintf(&b, "typedef struct { %s *alloc, *align; int64_t off; } %s;\n", elem, sname)
				} else {
					fmt.Fprintf(&b, "typedef struct { %s *alloc, *align; int64_t off; int64_t sizes[%d], strides[%d]; } %s;\n", elem, rank, rank, sname)
				}
				params = append(params, sname+" *")
				v := fmt.Sprintf("m%d", ai)
				total := "1"
				var sizes []string
				for _, d := range ty.Shape {
					if d < 0 {
						d = inDynExtent
					}
					sizes = append(sizes, fmt.Sprint(d))
					total += "*" + fmt.Sprint(d)
				}
				fmt.Fprintf(&calls, "    %s %s; long n%d = %s;\n", sname, v, ai, total)
				fmt.Fprintf(&calls, "    %s.alloc = %s.align = malloc(sizeof(%s) * n%d); %s.off = 0;\n", v, v, elem, ai, v)
				stride := "1"
				for k := rank - 1; k >= 0; k-- {
					fmt.Fprintf(&calls, "    %s.sizes[%d] = %s; %s.strides[%d] = %s;\n", v, k, sizes[k], v, k, stride)
					stride += "*" + sizes[k]
				}
				fmt.Fprintf(&calls, "    for (long k = 0; k < n%d; k++) %s.align[k] = (%s)((k * 37 + %d) %% 101) / 8;\n", ai, v, elem, ai*13+1)
				args = append(args, "&"+v)
			case TypeIndex:
				params = append(params, "int64_t")
				args = append(args, fmt.Sprint(size))
			case TypeInt, TypeFloat:
				ct, ok := cType(ty)
				if ty.Kind == TypeInt && ty.Bits == 1 {
					ct, ok = "_Bool", true
				}
				if !ok {
					t.Skipf("@%s: the driver cannot pass %s", f.Name, ty.Text)
				}
				params = append(params, ct)
				if ty.Kind == TypeInt {
					args = append(args, fmt.Sprint(size))
				} else {
					args = append(args, fmt.Sprintf("%g", 1.25+0.5*float64(ai)))
				}
			default:
				t.Skipf("@%s: the driver cannot pass %s", f.Name, ty.Text)
			}
		}
		if len(params) == 0 {
			params = []string{"void"}
		}
		fmt.Fprintf(&b, "void _mlir_ciface_%s(%s);\n", f.Name, strings.Join(params, ", "))
		fmt.Fprintf(&calls, "    _mlir_ciface_%s(%s);\n", f.Name, strings.Join(args, ", "))
		for ai, a := range f.Args {
			if a.Type.Kind != TypeMemref {
				continue
			}
			format := "%a\\n"
			if a.Type.Elem.Kind != TypeFloat {
				format = "%ld\\n"
			}
			fmt.Fprintf(&calls, "    printf(\"%s %d\\n\");\n", f.Name, ai)
			if a.Type.Elem.Kind == TypeFloat {
				fmt.Fprintf(&calls, "    for (long k = 0; k < n%d; k++) printf(\"%s\", (double)m%d.align[k]);\n", ai, format, ai)
			} else {
				fmt.Fprintf(&calls, "    for (long k = 0; k < n%d; k++) printf(\"%s\", (long)m%d.align[k]);\n", ai, format, ai)
			}
			fmt.Fprintf(&calls, "    free(m%d.alloc);\n", ai)
		}
		calls.WriteString("  }\n")
	}
	b.WriteString("\nint main(void) {\n" + calls.String() + "  return 0;\n}\n")
	return b.String()
}
