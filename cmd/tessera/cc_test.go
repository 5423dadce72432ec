package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCCIncludeDirs: tessera cc gives the compiler the same optimized
// text for a kernel of the suite whose header is found through -I as
// for the kernel with its header beside it, with the command line's -D
// in effect; only the #line directives naming the source differ. The compiler is a
// script that keeps what it was given; no temporary file remains.
func TestCCIncludeDirs(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("sh not found: tessera cc's compiler script cannot run")
	}
	dir := t.TempDir()
	for _, d := range []string{"side", "src", "inc", "tmp"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(t, "../../bench/kernels/gemm.c", filepath.Join(dir, "side", "gemm.c"))
	copyFile(t, "../../bench/kernels/tessera_bench.h", filepath.Join(dir, "side", "tessera_bench.h"))
	copyFile(t, "../../bench/kernels/gemm.c", filepath.Join(dir, "src", "gemm.c"))
	copyFile(t, "../../bench/kernels/tessera_bench.h", filepath.Join(dir, "inc", "tessera_bench.h"))
	script := filepath.Join(dir, "keep.sh")
	keep := "#!/bin/sh\nfor a in \"$@\"; do case \"$a\" in *.c) cat \"$a\" > \"$KEEP\";; esac; done\n"
	if err := os.WriteFile(script, []byte(keep), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TESSERA_CC", script)
	t.Setenv("TESSERA_FLAGS", "--target=avx2")
	t.Setenv("TMPDIR", filepath.Join(dir, "tmp"))
	given := func(name string, args ...string) string {
		t.Helper()
		out := filepath.Join(dir, name)
		t.Setenv("KEEP", out)
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"cc"}, args...), nil, &stdout, &stderr); code != 0 || stderr.Len() > 0 {
			t.Fatalf("tessera cc %s: status %d\n%s", strings.Join(args, " "), code, stderr.String())
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(b), "#line 1 \"") || !strings.Contains(string(b), "_mm256_fmadd_pd") {
			t.Fatalf("tessera cc %s: the compiler was not given optimized text:\n%.300s", strings.Join(args, " "), b)
		}
		// The #line directives name the source as given.
		var text []string
		for _, line := range strings.Split(string(b), "\n") {
			if !strings.HasPrefix(line, "#line ") {
				text = append(text, line)
			}
		}
		return strings.Join(text, "\n")
	}
	want := given("side.c", "-O3", "-DMEDIUM_DATASET", "-c", filepath.Join(dir, "side", "gemm.c"), "-o", filepath.Join(dir, "side.o"))
	got := given("inc.c", "-O3", "-DMEDIUM_DATASET", "-I", filepath.Join(dir, "inc"), "-c", filepath.Join(dir, "src", "gemm.c"), "-o", filepath.Join(dir, "inc.o"))
	if got != want {
		t.Errorf("the optimized text with -I differs from the text with the header beside the kernel")
	}
	if left, _ := os.ReadDir(filepath.Join(dir, "tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestParseCCLine: how tessera cc reads compiler command lines: inputs,
// option values, pass-through lines, dependency files and the flags it
// gives tessera.
func TestParseCCLine(t *testing.T) {
	for _, tc := range []struct {
		line    string
		sources []string
		pass    bool
		cpp     string
		deps    string
	}{
		{"-O3 -c foo.c -o foo.o", []string{"foo.c"}, false, "", ""},
		{"-I inc -Iinc2 -iquote q -isystem s -DN=4 -D M -UX -include pre.h -c a/b.c", []string{"a/b.c"}, false,
			"-DN=4 -DM -UX --include=pre.h -Iq -Iinc -Iinc2 -Is", ""},
		{"-o x.c y.c", []string{"y.c"}, false, "", ""}, // -o's value is no input
		{"-imacros m.h -imacrosn.h -c y.c", []string{"y.c"}, false, "--include=m.h --include=n.h", ""},
		{"-MD -c k.c -o out/k.o", []string{"k.c"}, false, "", "out/k.d"},
		{"-MMD -MF deps/k.dep -c k.c", []string{"k.c"}, false, "", "deps/k.dep"},
		{"-Wp,-MD,.k.o.d -c k.c", []string{"k.c"}, false, "", ".k.o.d"},
		{"-MD -c a.c b.c", []string{"a.c", "b.c"}, false, "", "a.d b.d"},
		{"-E foo.c", []string{"foo.c"}, true, "", ""},
		{"-x c foo.c", []string{"foo.c"}, true, "", ""},
		{"-MM foo.c", []string{"foo.c"}, true, "", ""},
		{"--version", nil, true, "", ""},
		{"@args.rsp", nil, true, "", ""},
		{"foo.o bar.cpp -lm -o prog", nil, false, "", ""},
		{"-L lib -l m main.c", []string{"main.c"}, false, "", ""},
	} {
		args := strings.Fields(tc.line)
		l := parseCCLine(args)
		var srcs []string
		for _, i := range l.sources {
			srcs = append(srcs, args[i])
		}
		if strings.Join(srcs, " ") != strings.Join(tc.sources, " ") || l.pass != tc.pass || strings.Join(l.cpp, " ") != tc.cpp {
			t.Errorf("%q: sources %q pass %v cpp %q; want %q %v %q", tc.line, srcs, l.pass, l.cpp, tc.sources, tc.pass, tc.cpp)
		}
		if tc.deps != "" || l.depGen || l.depFile != "" {
			if got := strings.Join(l.depFiles(args), " "); got != tc.deps {
				t.Errorf("%q: dependency files %q, want %q", tc.line, got, tc.deps)
			}
		}
	}
	if l := parseCCLine([]string{"-fopenmp", "-c", "a.c"}); !l.openmp {
		t.Errorf("-fopenmp not seen")
	}
	if l := parseCCLine([]string{"-fopenmp", "-fno-openmp", "-c", "a.c"}); l.openmp {
		t.Errorf("-fno-openmp not seen")
	}
	if l := parseCCLine([]string{"-DF(x)=x", "-c", "a.c"}); l.badMac == "" {
		t.Errorf("a function-like -D accepted")
	}
}
