package cfront

import (
	"fmt"
	"os"
	"testing"
	"time"
)

// FuzzParse: ParseFile, ParseStmts and ParseExpr never panic, a File is
// always returned, and every region lies inside the source. The seed corpus
// is testdata/*.c plus a few odd inputs; plain go test runs it.
func FuzzParse(f *testing.F) {
	for _, path := range corpus(f) {
		src, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, s := range []string{
		"#pragma scop\nfor (i = 0; i < n; i++) A[i] = (DATA_TYPE)i;\n#pragma endscop\n",
		"#pragma scop\nx = a ? b : c ? d : e;\n#pragma endscop",
		"void f() { for (int i = 0; i < 10; i += 2) for (j = i; j >= 0; j--) A[i][j] = 0; }",
		"#define T double\ntypedef T real;\nreal POLYBENCH_2D(A, N, M, n, m);",
		"#if defined(X) || !defined(Y)\n#define Z 1\n#elif 0\n#else\n#endif\n",
		"#pragma scop\na = b = (c[i] = 0);\nfor (i = 0; i < n; i++) x += y = A[i];\nif (n) p = q = r;\n#pragma endscop\n",
		"#pragma scop\nA[0] = 1.0 / (REAL)n;\n#pragma endscop\n",
		"#define E(a, j) a[j]\n#define F(x) E(x, 1) + F(x)\n#pragma scop\nfor (i = 0; i < n; i++) A[i] = F(B) * E(C, i + (1, 2));\n#pragma endscop\n",
		"#define G(a) a[\n#define H() G((\n#pragma scop\nA[0] = H() + G(x) + E(;\n#pragma endscop\n",
		"#define BS 8\n#define M(i) A[i]\n#pragma scop\nL: for (i = 0; i < n; i += BS) {\n#if BS > 4\nM(i) = 1;\n#elif defined(X)\n#else\n#endif\n}\n#pragma endscop\nvoid f() { goto L; }\n",
		"void f() {\n#if 1\n for (i = 0; i < n; i++) {\n#else\n for (i = 0; i < m; i++) {\n#endif\n A[i] = 0; }\n}\nchar *s = \"x;\n",
		"static int __attribute__ ((noinline)) f(int v) { return v; }\nlong A[4][4] __asm__(\"a\"), [[gnu::unused]] B[4];\nvoid g(a, n, h) float *a; int (*h)(); { for (int i = 0; i < n; i++) a[i] = 0; }\nmain(c, v) int c; char *v[]; { for (;;) ; }\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		// Go's fuzzer has no time limit per input: a watchdog turns a
		// hang into a crash, so the input gets saved. It bounds the
		// process's CPU time (inputs run one at a time in a process),
		// not the wall time, which a loaded machine stretches.
		stop := make(chan struct{})
		defer close(stop)
		go func(start time.Duration) {
			tick := time.NewTicker(100 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					if cpuNow()-start > 20*time.Second {
						panic(fmt.Sprintf("cfront: input took more than 20s of CPU time: %q", src))
					}
				}
			}
		}(cpuNow())
		for _, auto := range []bool{false, true} {
			file, _ := ParseFile("fuzz.c", src, Config{AutoScop: auto, ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }})
			if file == nil {
				t.Fatal("nil File")
			}
			for _, r := range file.Regions {
				if r.Start < 0 || r.Start > r.End || r.End > len(src) || r.BodyStart < r.Start || r.BodyEnd > r.End {
					t.Fatalf("region out of bounds: %+v (len %d)", r, len(src))
				}
				for _, s := range r.Body {
					_ = FormatStmt(s, "", "  ", nil)
					fuzzExpand(t, file, s)
				}
			}
			_ = Dump(file)
		}
		if stmts, err := ParseStmts(string(src), nil); err == nil {
			for _, s := range stmts {
				_ = FormatStmt(s, "", " ", nil)
			}
		}
		if e, err := ParseExpr(string(src), nil); err == nil {
			text := e.Format(nil)
			back, err := ParseExpr(text, nil)
			if err != nil {
				t.Fatalf("Format gave unparsable %q: %v", text, err)
			}
			if SExpr(back) != SExpr(e) {
				t.Fatalf("round trip of %q changed the tree:\n%s\n%s", text, SExpr(e), SExpr(back))
			}
		}
	})
}

// fuzzExpand expands every function-like macro in the expression
// statements under s (ExpandStmt): no panic, and an expansion that
// succeeds formats.
func fuzzExpand(t *testing.T, file *File, s Stmt) {
	sel := func(name string) *Macro {
		if m := file.Macros[name]; m != nil && m.FuncLike {
			return m
		}
		return nil
	}
	Walk(s, func(n Node) bool {
		if es, ok := n.(*ExprStmt); ok {
			if x, changed, err := ExpandStmt(file.Src, es, sel, len(file.Src)+1, 16, file.IsTypeName); err == nil && changed {
				_ = x.Format(nil)
			}
		}
		return true
	})
}
