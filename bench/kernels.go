package bench

import (
	"bufio"
	"embed"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// kernelFS holds the kernel suite: one C program per kernel and the shared
// header. The harness copies the files it needs into a build directory, so
// it works from any working directory.
//
//go:embed kernels/*.c kernels/*.h
var kernelFS embed.FS

// HeaderName is the shared header every kernel includes.
const HeaderName = "tessera_bench.h"

// Tolerance classes of kernels (see Kernel.Tolerance and docs/BENCH.md).
const (
	// TolExact: the kernel only moves, compares or adds small integers
	// (min/max/integer DP), so every correct order gives the same bits;
	// outputs are always compared exactly.
	TolExact = "exact"
	// TolFP: floating-point kernel; exact for flows that keep the order of
	// every reduction, relative tolerance RelTolFP for flows that may
	// reassociate.
	TolFP = "fp"
	// TolLoose: floating-point kernel with long recurrences or divisions
	// where a reassociated sum can grow a few orders of magnitude (solvers
	// and recursive filters); relative tolerance RelTolLoose.
	TolLoose = "loose"
)

// Relative tolerances for double precision (DATA_TYPE double).
const (
	RelTolFP    = 1e-9
	RelTolLoose = 1e-6
)

// Datasets in increasing size, as the -D<NAME>_DATASET macros of the suite.
var Datasets = []string{"MINI", "SMALL", "MEDIUM", "LARGE", "EXTRALARGE"}

// Kernel is one entry of the suite manifest.
type Kernel struct {
	Name     string `json:"name"`     // file name without .c, e.g. "jacobi-2d"
	Category string `json:"category"` // "linear-algebra", "solver", "data-mining", "stencil", "dynamic-programming", "image", "tensor"
	// Flops is the floating-point operation count as an expression over
	// the kernel's size macros: a multiply-add counts 2 (so gemm is the
	// usual 2*NI*NJ*NK plus the beta scaling, and multiplications by alpha
	// are not counted); divisions and square roots count 1, comparisons
	// count 1 for min/max kernels.
	Flops     string `json:"flops"`
	Tolerance string `json:"tolerance"` // TolExact, TolFP or TolLoose
}

// Manifest lists every kernel of the suite in report order.
var Manifest = []Kernel{
	// linear algebra
	{"gemm", "linear-algebra", "2*NI*NJ*NK + NI*NJ", TolFP},
	{"2mm", "linear-algebra", "2*NI*NJ*NK + 2*NI*NL*NJ + NI*NL", TolFP},
	{"3mm", "linear-algebra", "2*NI*NJ*NK + 2*NJ*NL*NM + 2*NI*NL*NJ", TolFP},
	{"gemver", "linear-algebra", "4*N*N + 3*N*N + N + 3*N*N", TolFP},
	{"gesummv", "linear-algebra", "4*N*N + 3*N", TolFP},
	{"symm", "linear-algebra", "2*M*M*N + M*N", TolFP},
	{"syrk", "linear-algebra", "M*N*(N+1) + N*(N+1)/2", TolFP},
	{"syr2k", "linear-algebra", "2*M*N*(N+1) + N*(N+1)/2", TolFP},
	{"trmm", "linear-algebra", "M*(M-1)*N + M*N", TolFP},
	{"atax", "linear-algebra", "4*M*N", TolFP},
	{"bicg", "linear-algebra", "4*M*N", TolFP},
	{"mvt", "linear-algebra", "4*N*N", TolFP},
	{"doitgen", "linear-algebra", "2*NR*NQ*NP*NP", TolFP},
	// solvers
	{"cholesky", "solver", "N*(N-1)*(N+1)/3 + N", TolFP},
	{"lu", "solver", "2*N*N*N/3", TolFP},
	{"ludcmp", "solver", "2*N*N*N/3 + 2*N*N", TolFP},
	{"trisolv", "solver", "N*N + N", TolFP},
	{"durbin", "solver", "2*N*N + 6*N", TolLoose},
	{"gramschmidt", "solver", "2*M*N*N + 2*M*N", TolLoose},
	// data mining
	{"correlation", "data-mining", "M*M*N + 6*M*N", TolFP},
	{"covariance", "data-mining", "M*M*N + 2*M*N", TolFP},
	// stencils
	{"jacobi-1d", "stencil", "6*TSTEPS*(N-2)", TolFP},
	{"jacobi-2d", "stencil", "10*TSTEPS*(N-2)*(N-2)", TolFP},
	{"seidel-2d", "stencil", "9*TSTEPS*(N-2)*(N-2)", TolFP},
	{"heat-3d", "stencil", "30*TSTEPS*(N-2)*(N-2)*(N-2)", TolFP},
	{"fdtd-2d", "stencil", "TMAX*(3*(NX-1)*NY + 3*NX*(NY-1) + 5*(NX-1)*(NY-1))", TolFP},
	{"adi", "stencil", "TSTEPS*2*(N-2)*(12*(N-2) + 2*(N-2))", TolLoose},
	// dynamic programming
	{"floyd-warshall", "dynamic-programming", "2*N*N*N", TolExact},
	{"nussinov", "dynamic-programming", "N*(N-1)*(N-2)/3 + 4*N*(N-1)/2", TolExact},
	// image processing
	{"deriche", "image", "32*W*H", TolLoose},
	// tensor operators
	{"conv2d", "tensor", "2*NB*K*OH*OW*C*KH*KW", TolFP},
	{"depthwise-conv", "tensor", "2*NB*C*OH*OW*KH*KW", TolFP},
	{"maxpool", "tensor", "NB*C*OH*OW*P*P", TolExact},
	{"batched-matmul", "tensor", "2*NB*NI*NJ*NK", TolFP},
}

// KernelByName returns the manifest entry of a kernel.
func KernelByName(name string) (Kernel, bool) {
	for _, k := range Manifest {
		if k.Name == name {
			return k, true
		}
	}
	return Kernel{}, false
}

// KernelSource returns the C text of a kernel.
func KernelSource(name string) ([]byte, error) {
	return kernelFS.ReadFile("kernels/" + name + ".c")
}

// HeaderSource returns the text of the shared header.
func HeaderSource() []byte {
	b, err := kernelFS.ReadFile("kernels/" + HeaderName)
	if err != nil {
		panic("bench: embedded header missing: " + err.Error())
	}
	return b
}

// Sizes returns the size macros a kernel defines for a dataset, read from
// its "#if defined(<DATASET>_DATASET) ... #define NAME value" block.
func Sizes(kernel, dataset string) (map[string]int64, error) {
	src, err := KernelSource(kernel)
	if err != nil {
		return nil, fmt.Errorf("bench: unknown kernel %q", kernel)
	}
	return parseSizes(string(src), dataset)
}

// parseSizes reads the sizes of a dataset from C source: every
// "#define NAME integer" directly inside the block of the dataset. A block
// opens with "#if defined(<DATASET>_DATASET)" or "#ifdef <DATASET>_DATASET"
// (our kernels and PolyBench's headers), an "#elif defined(...)" moves to
// the next dataset's block, and "#endif" closes it; conditionals nested in
// a block are skipped with what they hold. Spaces may follow the '#', as
// PolyBench indents its directives.
func parseSizes(src, dataset string) (map[string]int64, error) {
	sizes := map[string]int64{}
	cur := ""
	depth := 0 // nesting inside the current dataset block
	sc := bufio.NewScanner(strings.NewReader(src))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line[1:])
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "if", "ifdef", "ifndef":
			if cur != "" {
				depth++
				continue
			}
			cur, depth = datasetOf(f), 0
		case "elif":
			if depth == 0 {
				cur = datasetOf(f)
			}
		case "endif":
			if cur != "" {
				if depth == 0 {
					cur = ""
				} else {
					depth--
				}
			}
		case "define":
			if cur == dataset && depth == 0 && len(f) == 3 {
				v, err := strconv.ParseInt(f[2], 10, 64)
				if err != nil {
					return nil, fmt.Errorf("bench: size %s = %q is not an integer", f[1], f[2])
				}
				sizes[f[1]] = v
			}
		}
	}
	if len(sizes) == 0 {
		return nil, fmt.Errorf("bench: no sizes for dataset %s", dataset)
	}
	return sizes, nil
}

// datasetOf returns the dataset a conditional directive (its fields after
// the '#') tests: X for "ifdef X_DATASET" and "if defined(X_DATASET)" (or
// elif), "" for any other condition.
func datasetOf(f []string) string {
	if len(f) != 2 {
		return ""
	}
	if f[0] == "ifdef" {
		if ds, ok := strings.CutSuffix(f[1], "_DATASET"); ok {
			return ds
		}
		return ""
	}
	if f[0] == "if" || f[0] == "elif" {
		if ds, ok := strings.CutPrefix(f[1], "defined("); ok {
			if ds, ok = strings.CutSuffix(ds, "_DATASET)"); ok {
				return ds
			}
		}
	}
	return ""
}

// FlopCount evaluates a kernel's flop formula for a dataset.
func FlopCount(k Kernel, dataset string) (float64, error) {
	sizes, err := Sizes(k.Name, dataset)
	if err != nil {
		return 0, err
	}
	v, err := evalExpr(k.Flops, sizes)
	if err != nil {
		return 0, fmt.Errorf("bench: flops of %s: %v", k.Name, err)
	}
	return v, nil
}

// SelectKernels resolves a list of names ("all" or empty = the whole
// manifest), keeping manifest order and rejecting unknown names.
func SelectKernels(names []string) ([]Kernel, error) {
	if len(names) == 0 || (len(names) == 1 && names[0] == "all") {
		return append([]Kernel(nil), Manifest...), nil
	}
	want := map[string]bool{}
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		if _, ok := KernelByName(n); !ok {
			var all []string
			for _, k := range Manifest {
				all = append(all, k.Name)
			}
			sort.Strings(all)
			return nil, fmt.Errorf("bench: unknown kernel %q (known: %s)", n, strings.Join(all, ", "))
		}
		want[n] = true
	}
	var out []Kernel
	for _, k := range Manifest {
		if want[k.Name] {
			out = append(out, k)
		}
	}
	return out, nil
}
