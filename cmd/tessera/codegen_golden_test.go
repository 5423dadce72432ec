package main

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

var updateCodegen = flag.Bool("update-codegen", false, "rewrite the golden files of testdata/codegen")

// TestCodegenGolden runs `tessera codegen` on every input of
// testdata/codegen (*.in: schedule map, context, options; *.st: schedule
// tree). An input named err-* must fail with exit code 1 and the message
// of its .err file (with the position); any other must succeed with the C
// of its .c file, and the instances the C executes must be the instances
// of the input in schedule order (checked by the interpreter for several
// parameter values).
func TestCodegenGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/codegen/*.in")
	st, _ := filepath.Glob("testdata/codegen/*.st")
	files = append(files, st...)
	if len(files) == 0 {
		t.Fatal("no inputs in testdata/codegen")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		t.Run(name, func(t *testing.T) {
			var out, errb bytes.Buffer
			rc := runCodegen([]string{f}, strings.NewReader(""), &out, &errb)
			isErr := strings.HasPrefix(name, "err-")
			golden := strings.TrimSuffix(f, filepath.Ext(f)) + ".c"
			got := out.String()
			if isErr {
				golden = strings.TrimSuffix(f, filepath.Ext(f)) + ".err"
				got = errb.String()
				if rc != 1 {
					t.Errorf("exit code %d, want 1 (stderr %q)", rc, errb.String())
				}
			} else if rc != 0 {
				t.Fatalf("exit code %d: %s", rc, errb.String())
			}
			if *updateCodegen {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update-codegen)", err)
			}
			if got != string(want) {
				t.Errorf("output differs from %s:\n got:\n%s\nwant:\n%s", golden, got, want)
			}
			if !isErr {
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				checkCodegenTrace(t, string(src))
			}
		})
	}
}

// expectedSchedule returns the flat schedule (instance -> time) of a
// codegen input and the parameter constraints the generated code may
// assume; ok is false when the input holds constructs the oracle does not
// follow (extension and guard nodes).
func expectedSchedule(t *testing.T, src string) (sched presburger.UnionMap, ctx []presburger.Set, ok bool) {
	t.Helper()
	if isYAMLInput(src) {
		tr, err := schedule.ParseYAML(src)
		if err != nil {
			t.Fatal(err)
		}
		hasExt := false
		tr.Walk(func(c schedule.Cursor) bool {
			switch n := c.Node(); n.Kind() {
			case schedule.KindExtension, schedule.KindGuard:
				// Flatten ignores the instances an extension adds and
				// keeps those a guard removes.
				hasExt = true
			case schedule.KindContext:
				ctx = append(ctx, n.Context().Params())
			}
			return true
		})
		if hasExt {
			return sched, nil, false
		}
		if tr, err = tr.InlineExpansions(); err != nil {
			t.Fatal(err)
		}
		return tr.Flatten(), ctx, true
	}
	in, err := readCodegenInput(src)
	if err != nil {
		t.Fatal(err)
	}
	return padSchedule(in.sched, in.width()), []presburger.Set{in.ctx.Params()}, true
}

type tracedInstance struct {
	name       string
	args, time []int64
}

// checkCodegenTrace interprets the generated code of src for parameter
// values in a small range (those satisfying the context) and compares the
// instances it executes, in order, with the instances of the flat
// schedule sorted by time, statement name and instance.
func checkCodegenTrace(t *testing.T, src string) {
	t.Helper()
	sched, ctx, ok := expectedSchedule(t, strings.TrimPrefix(src, "\uFEFF"))
	if !ok {
		t.Logf("trace not checked (extension or guard node)")
		return
	}
	node, err := codegen(src, schedule.OptionDefault)
	if err != nil {
		t.Fatal(err)
	}
	var params []string
	params = mergeNames(params, sched.Params())
	for _, c := range ctx {
		params = mergeNames(params, c.Space().Params())
	}
	seed := int64(len(src))
	r := rand.New(rand.NewSource(seed))
	tried := 0
	for attempt := 0; attempt < 200 && tried < 12; attempt++ {
		pv := map[string]int64{}
		for _, p := range params {
			pv[p] = int64(r.Intn(14) - 3)
		}
		if attempt == 0 {
			for _, p := range params {
				pv[p] = 5
			}
		}
		if !satisfies(ctx, pv) {
			continue
		}
		tried++
		want, err := expectedTrace(sched, pv)
		if err != nil {
			t.Fatalf("params %v: %v", pv, err)
		}
		got, err := ast.Interpret(node, pv, ast.WithBudget(1<<20))
		if err != nil {
			t.Fatalf("params %v: interpret: %v", pv, err)
		}
		if err := sameTrace(got, want); err != nil {
			t.Fatalf("params %v (seed %d): %v\n%s", pv, seed, err, ast.PrintC(node))
		}
	}
	if tried == 0 && len(params) > 0 {
		t.Logf("no parameter values satisfy the context in the tried range")
	}
}

func mergeNames(a, b []string) []string {
	for _, x := range b {
		if !slices.Contains(a, x) {
			a = append(a, x)
		}
	}
	return a
}

func satisfies(ctx []presburger.Set, pv map[string]int64) bool {
	for _, c := range ctx {
		var pt []int64
		for _, p := range c.Space().Params() {
			pt = append(pt, pv[p])
		}
		if !c.Contains(pt) {
			return false
		}
	}
	return true
}

func expectedTrace(sched presburger.UnionMap, pv map[string]int64) ([]tracedInstance, error) {
	var out []tracedInstance
	for _, m := range sched.Maps() {
		sp := m.Space()
		var vals []int64
		for _, p := range sp.Params() {
			vals = append(vals, pv[p])
		}
		pts, err := m.Points(vals)
		if err != nil {
			return nil, err
		}
		k := sp.Dim(presburger.In)
		for _, pt := range pts {
			out = append(out, tracedInstance{name: sp.TupleName(presburger.In), args: slices.Clone(pt[:k]), time: slices.Clone(pt[k:])})
		}
	}
	slices.SortStableFunc(out, func(a, b tracedInstance) int {
		if c := slices.Compare(a.time, b.time); c != 0 {
			return c
		}
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		return slices.Compare(a.args, b.args)
	})
	return out, nil
}

func sameTrace(got []ast.Instance, want []tracedInstance) error {
	n := min(len(got), len(want))
	for i := 0; i < n; i++ {
		if got[i].Name != want[i].name || !slices.Equal(got[i].Args, want[i].args) {
			return fmt.Errorf("instance %d: got %s%v, want %s%v (time %v)", i, got[i].Name, got[i].Args, want[i].name, want[i].args, want[i].time)
		}
	}
	if len(got) > n {
		return fmt.Errorf("%d instances, want %d; first extra %s%v", len(got), len(want), got[n].Name, got[n].Args)
	}
	if len(want) > n {
		return fmt.Errorf("%d instances, want %d; first missing %s%v", len(got), len(want), want[n].name, want[n].args)
	}
	return nil
}

// TestCodegenTraceExtensionGuard checks by hand the traces of the golden
// inputs the flat-schedule oracle does not follow (extension and guard
// nodes).
func TestCodegenTraceExtensionGuard(t *testing.T) {
	cases := []struct {
		file   string
		params map[string]int64
		want   string
	}{
		{"st-extension.st", nil, "S[0] S[1] S[2] T[2] S[3] T[3]"},
		{"st-guard.st", map[string]int64{"n": 5}, "S[2] S[3] S[4]"},
		{"st-guard.st", map[string]int64{"n": 2}, ""},
	}
	for _, c := range cases {
		src, err := os.ReadFile(filepath.Join("testdata/codegen", c.file))
		if err != nil {
			t.Fatal(err)
		}
		node, err := codegen(string(src), schedule.OptionDefault)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		got, err := ast.Interpret(node, c.params)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		var parts []string
		for _, in := range got {
			parts = append(parts, fmt.Sprintf("%s%v", in.Name, in.Args))
		}
		if s := strings.Join(parts, " "); s != c.want {
			t.Errorf("%s %v: got %q, want %q", c.file, c.params, s, c.want)
		}
	}
}
