package bench

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Running the harness on an external PolyBench/C tree (--polybench DIR).
//
// A PolyBench/C 4.x tree has utilities/polybench.c and polybench.h and one
// directory per kernel holding KERNEL.c and KERNEL.h (the sizes of every
// dataset in "# ifdef MINI_DATASET / # define N 40" blocks). A kernel is
// compiled as
//
//	$COMPILER -DPOLYBENCH_DUMP_ARRAYS -DPOLYBENCH_TIME -D<DATASET>_DATASET \
//	    -I DIR/utilities -I. DIR/utilities/polybench.c KERNEL.c -o prog -lm
//
// in the cell's build directory, where KERNEL.c and KERNEL.h were copied
// (so that tessera's output sits next to the header). The program prints
// the kernel time on stdout (POLYBENCH_TIME: one number, seconds,
// gettimeofday around the kernel call only) and the dump of the live-out
// arrays on stderr (POLYBENCH_DUMP_ARRAYS), which is what the flows are
// compared on (ComparePolyBench).

// PolyBenchTree is a discovered external PolyBench/C tree.
type PolyBenchTree struct {
	Root    string            // absolute path of the tree
	Kernels []PolyBenchKernel // sorted by relative path
	// HeapArrays is set for a PolyBench 3.x tree, whose arrays live on
	// the stack unless -DPOLYBENCH_HEAP_ARRAYS (4.x allocates them on the
	// heap by default): the harness passes the flag, as the larger
	// datasets overflow the stack otherwise.
	HeapArrays bool
}

// PolyBenchKernel is one kernel of an external tree.
type PolyBenchKernel struct {
	Name   string // file stem, e.g. "jacobi-2d"
	Rel    string // path of the .c file relative to the tree root
	Source string // absolute path of KERNEL.c
	Header string // absolute path of KERNEL.h
}

// Utilities returns the directory holding polybench.c and polybench.h.
func (t *PolyBenchTree) Utilities() string { return filepath.Join(t.Root, "utilities") }

// DiscoverPolyBench finds the kernels of a PolyBench/C tree: every KERNEL.c
// outside utilities/ whose directory also holds KERNEL.h. The tree must
// have utilities/polybench.c and utilities/polybench.h.
func DiscoverPolyBench(root string) (*PolyBenchTree, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("bench: %v", err)
	}
	for _, f := range []string{"polybench.c", "polybench.h"} {
		if _, err := os.Stat(filepath.Join(abs, "utilities", f)); err != nil {
			return nil, fmt.Errorf("bench: %s is not a PolyBench/C tree: no utilities/%s", root, f)
		}
	}
	tree := &PolyBenchTree{Root: abs}
	if h, err := os.ReadFile(filepath.Join(abs, "utilities", "polybench.h")); err == nil {
		tree.HeapArrays = strings.Contains(string(h), "POLYBENCH_HEAP_ARRAYS") && !strings.Contains(string(h), "POLYBENCH_STACK_ARRAYS")
	}
	seen := map[string]string{}
	err = filepath.WalkDir(abs, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != abs && (d.Name() == "utilities" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(d.Name(), ".c") {
			return nil
		}
		stem := strings.TrimSuffix(d.Name(), ".c")
		h := filepath.Join(filepath.Dir(path), stem+".h")
		if _, err := os.Stat(h); err != nil {
			return nil
		}
		rel, _ := filepath.Rel(abs, path)
		if prev, dup := seen[stem]; dup {
			return fmt.Errorf("bench: two PolyBench kernels named %s: %s and %s", stem, prev, rel)
		}
		seen[stem] = rel
		tree.Kernels = append(tree.Kernels, PolyBenchKernel{Name: stem, Rel: rel, Source: path, Header: h})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(tree.Kernels) == 0 {
		return nil, fmt.Errorf("bench: no kernel (KERNEL.c beside KERNEL.h) under %s", root)
	}
	sort.Slice(tree.Kernels, func(i, j int) bool { return tree.Kernels[i].Rel < tree.Kernels[j].Rel })
	return tree, nil
}

// Kernel returns the kernel of the tree with that name.
func (t *PolyBenchTree) Kernel(name string) (PolyBenchKernel, bool) {
	for _, k := range t.Kernels {
		if k.Name == name {
			return k, true
		}
	}
	return PolyBenchKernel{}, false
}

// Select resolves kernel names ("all" or none = every kernel) to manifest
// entries: the category is the directory above the kernel's (e.g.
// "linear-algebra/blas"), the
// tolerance class and flop formula those of the suite's kernel of the same
// name when there is one (TolLoose and no formula otherwise).
func (t *PolyBenchTree) Select(names []string) ([]Kernel, error) {
	var pick []PolyBenchKernel
	if len(names) == 0 || (len(names) == 1 && names[0] == "all") {
		pick = t.Kernels
	} else {
		want := map[string]bool{}
		for _, n := range names {
			n = strings.TrimSpace(n)
			if n == "" {
				continue
			}
			if _, ok := t.Kernel(n); !ok {
				var all []string
				for _, k := range t.Kernels {
					all = append(all, k.Name)
				}
				sort.Strings(all)
				return nil, fmt.Errorf("bench: no kernel %q in %s (found: %s)", n, t.Root, strings.Join(all, ", "))
			}
			want[n] = true
		}
		for _, k := range t.Kernels {
			if want[k.Name] {
				pick = append(pick, k)
			}
		}
	}
	var out []Kernel
	for _, pk := range pick {
		k := Kernel{Name: pk.Name, Category: filepath.ToSlash(filepath.Dir(filepath.Dir(pk.Rel))), Tolerance: TolLoose}
		if m, ok := KernelByName(pk.Name); ok {
			k.Tolerance, k.Flops = m.Tolerance, m.Flops
		}
		out = append(out, k)
	}
	return out, nil
}

// Sizes returns the size macros a kernel's header defines for a dataset.
func (t *PolyBenchTree) Sizes(name, dataset string) (map[string]int64, error) {
	k, ok := t.Kernel(name)
	if !ok {
		return nil, fmt.Errorf("bench: no kernel %q in %s", name, t.Root)
	}
	src, err := os.ReadFile(k.Header)
	if err != nil {
		return nil, fmt.Errorf("bench: %v", err)
	}
	return parseSizes(string(src), dataset)
}

// FlopCount evaluates the kernel's flop formula (from the suite's kernel of
// the same name) over the tree's sizes; 0 when there is no formula or its
// macros are not all defined.
func (t *PolyBenchTree) FlopCount(k Kernel, dataset string) float64 {
	if k.Flops == "" {
		return 0
	}
	sizes, err := t.Sizes(k.Name, dataset)
	if err != nil {
		return 0
	}
	v, err := evalExpr(k.Flops, sizes)
	if err != nil {
		return 0
	}
	return v
}

// ComparePolyBench compares two PolyBench dumps (the programs' stderr with
// POLYBENCH_DUMP_ARRAYS). rtol == 0 asks for byte equality. Otherwise both
// must have the same tokens except numbers, and every number b of the flow
// must satisfy, against the baseline's a,
//
//	|a - b| <= max(rtol * max(|a|, |b|, scale), unit)
//
// where scale is the largest |number| of the dump block ("begin dump: X" ..
// "end dump: X") and unit is one unit in the last printed decimal place
// (PolyBench prints "%0.2lf": 0.01), since two correct results that differ
// in the last bits can round to neighbouring printed values. It returns ""
// when the dumps agree, else a description of the first difference.
func ComparePolyBench(want, got []byte, rtol float64) string {
	if string(want) == string(got) {
		return ""
	}
	if rtol == 0 {
		return firstDiff(want, got)
	}
	wt, gt := strings.Fields(string(want)), strings.Fields(string(got))
	if len(wt) != len(gt) {
		return fmt.Sprintf("dump has %d tokens, baseline %d", len(gt), len(wt))
	}
	nums := make([]float64, len(wt))
	isNum := make([]bool, len(wt))
	for i, s := range wt {
		if v, err := strconv.ParseFloat(s, 64); err == nil {
			nums[i], isNum[i] = v, true
		}
	}
	scales := make([]float64, len(wt))
	block := make([]string, len(wt))
	start, name := -1, ""
	for i := range wt {
		if wt[i] != "dump:" || i == 0 {
			continue
		}
		switch wt[i-1] {
		case "begin":
			start = i
			if i+1 < len(wt) {
				name = wt[i+1]
			}
		case "end":
			if start < 0 {
				continue
			}
			m := 0.0
			for k := start; k < i; k++ {
				if isNum[k] && !math.IsInf(nums[k], 0) && !math.IsNaN(nums[k]) {
					m = math.Max(m, math.Abs(nums[k]))
				}
			}
			for k := start; k < i; k++ {
				scales[k], block[k] = m, name
			}
			start = -1
		}
	}
	for i := range wt {
		b, errB := strconv.ParseFloat(gt[i], 64)
		if !isNum[i] || errB != nil {
			if wt[i] != gt[i] {
				return fmt.Sprintf("token %d: %q, baseline %q", i+1, clip(gt[i]), clip(wt[i]))
			}
			continue
		}
		a := nums[i]
		if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) {
			if wt[i] != gt[i] {
				return fmt.Sprintf("token %d (%s): %s, baseline %s", i+1, block[i], gt[i], wt[i])
			}
			continue
		}
		unit := math.Max(printedUnit(wt[i]), printedUnit(gt[i]))
		// The printed unit with the rounding of parsing both numbers
		// (2161619.87 - 2161619.86 is 0.010000000242 in doubles).
		big := math.Max(math.Abs(a), math.Abs(b))
		tol := math.Max(rtol*math.Max(big, scales[i]), unit*(1+1e-9)+8*big*0x1p-52)
		if d := math.Abs(a - b); d > tol {
			return fmt.Sprintf("token %d (%s): %s, baseline %s (difference %.3g, tolerance %.3g relative, %.3g printed unit)", i+1, block[i], gt[i], wt[i], d, rtol, unit)
		}
	}
	return ""
}

// printedUnit is one unit in the last decimal place of a number printed in
// fixed notation ("0.25" -> 0.01), 0 for integers and exponent notation.
func printedUnit(s string) float64 {
	if strings.ContainsAny(s, "eE") {
		return 0
	}
	dot := strings.IndexByte(s, '.')
	if dot < 0 {
		return 0
	}
	return math.Pow(10, -float64(len(s)-dot-1))
}

// parsePolyBenchTime reads the kernel time a PolyBench program prints on
// stdout with -DPOLYBENCH_TIME: the last line that is a number.
func parsePolyBenchTime(stdout []byte) (float64, error) {
	lines := strings.Split(strings.TrimSpace(string(stdout)), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if t, err := strconv.ParseFloat(strings.TrimSpace(lines[i]), 64); err == nil && t >= 0 {
			return t, nil
		}
	}
	return 0, fmt.Errorf("program printed no time on stdout (compiled with -DPOLYBENCH_TIME?)")
}
