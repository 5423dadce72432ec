package pipeline

import (
	"fmt"
	"strings"
	"testing"
)

// The benchmarks of this file measure how the time of Optimize grows with
// the size of its input: the number of independent loop nests of a file
// (in one function and one per function), the number of terms of one
// statement, and the depth of a perfect nest around one scalar update.
// Their curves are meant to be about linear in the size.
//
//	go test ./pipeline/ -run '^$' -bench 'BenchmarkOpt' -benchtime 1x

// nestsFile is a file of n loops `a_k[i] = b_k[i] + 1`, all in one
// function, or each in a function of its own when perFunc is set.
func nestsFile(n int, perFunc bool) []byte {
	var b strings.Builder
	b.WriteString("#define N 100\n")
	for k := 0; k < n; k++ {
		fmt.Fprintf(&b, "double a%d[N], b%d[N];\n", k, k)
	}
	if !perFunc {
		b.WriteString("void f(int n) {\n  int i;\n")
	}
	for k := 0; k < n; k++ {
		if perFunc {
			fmt.Fprintf(&b, "void f%d(int n) {\n  int i;\n", k)
		}
		fmt.Fprintf(&b, "  for (i = 0; i < n; i++)\n    a%d[i] = b%d[i] + 1;\n", k, k)
		if perFunc {
			b.WriteString("}\n")
		}
	}
	if !perFunc {
		b.WriteString("}\n")
	}
	return []byte(b.String())
}

// longStatementFile is one loop whose statement sums terms products.
func longStatementFile(terms int) []byte {
	var b strings.Builder
	b.WriteString("double a[100], b[100];\nvoid f(int n) {\n  int i;\n  for (i = 0; i < n; i++)\n    a[i] = ")
	for j := 0; j < terms; j++ {
		if j > 0 {
			b.WriteString(" + ")
		}
		fmt.Fprintf(&b, "b[%d]*%d", j%100, j+1)
	}
	b.WriteString(";\n}\n")
	return []byte(b.String())
}

// deepNestFile is depth perfectly nested loops around the statement stmt
// (`x++;`, `s[0]++;`).
func deepNestFile(depth int, stmt string) []byte {
	var b strings.Builder
	b.WriteString("int x, s[1];\nvoid f(int n) {\n")
	for d := 0; d < depth; d++ {
		fmt.Fprintf(&b, "  int i%d;\n", d)
	}
	for d := 0; d < depth; d++ {
		fmt.Fprintf(&b, "%sfor (i%d = 0; i%d < n; i%d++)\n", strings.Repeat("  ", d+1), d, d, d)
	}
	fmt.Fprintf(&b, "%s%s\n}\n", strings.Repeat("  ", depth+1), stmt)
	return []byte(b.String())
}

// benchOptimize runs Optimize on src b.N times; besides the wall time it
// reports the process's CPU time per run (cpu-ms/op), which a loaded
// machine does not inflate.
func benchOptimize(b *testing.B, src []byte) {
	b.Helper()
	b.SetBytes(int64(len(src)))
	cpu0, ok := processCPU()
	defer func() {
		if cpu1, ok1 := processCPU(); ok && ok1 {
			b.ReportMetric(float64((cpu1-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
		}
	}()
	for i := 0; i < b.N; i++ {
		res, err := Optimize("bench.c", src, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if res.Errors() {
			b.Fatalf("errors: %v", res.Diags)
		}
	}
}

func BenchmarkOptNests(b *testing.B) {
	for _, n := range []int{100, 200, 400, 800, 1600, 3200} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) { benchOptimize(b, nestsFile(n, false)) })
	}
}

func BenchmarkOptNestsPerFunc(b *testing.B) {
	for _, n := range []int{100, 200, 400, 800, 1600, 3200} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) { benchOptimize(b, nestsFile(n, true)) })
	}
}

func BenchmarkOptLongStatement(b *testing.B) {
	for _, n := range []int{1000, 2000, 4000, 8000, 16000} {
		b.Run(fmt.Sprintf("terms=%d", n), func(b *testing.B) { benchOptimize(b, longStatementFile(n)) })
	}
}

func BenchmarkOptDeepNest(b *testing.B) {
	for _, stmt := range []string{"x++;", "s[0]++;"} {
		for _, depth := range []int{2, 3, 4, 5, 6} {
			b.Run(fmt.Sprintf("%s/depth=%d", strings.TrimSuffix(stmt, ";"), depth), func(b *testing.B) {
				benchOptimize(b, deepNestFile(depth, stmt))
			})
		}
	}
}
