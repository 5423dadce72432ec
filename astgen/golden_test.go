package astgen

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

var update = flag.Bool("update", false, "rewrite the golden files of astgen/testdata")

// A golden file holds sections "-- name --" followed by their text: a
// leading comment (lines starting with #) says what is tested; "tree" (a
// schedule tree in YAML) or "schedule" (a flat schedule relation, with
// optional "context" and "options" = option names per dim); "params"
// ("lo hi", the range of parameter values the oracle checks); "c", the
// expected C code.
type golden struct {
	header   string
	sections map[string]string
	order    []string
}

func readGolden(path string) (*golden, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	g := &golden{sections: map[string]string{}}
	cur := ""
	var buf strings.Builder
	flush := func() {
		if cur != "" {
			g.sections[cur] = buf.String()
			g.order = append(g.order, cur)
		}
		buf.Reset()
	}
	for _, line := range strings.SplitAfter(string(data), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") {
			flush()
			cur = strings.TrimSuffix(strings.TrimPrefix(t, "-- "), " --")
			continue
		}
		if cur == "" {
			g.header += line
			continue
		}
		buf.WriteString(line)
	}
	flush()
	return g, nil
}

func (g *golden) write(path string) error {
	var b strings.Builder
	b.WriteString(g.header)
	for _, k := range g.order {
		b.WriteString("-- " + k + " --\n")
		b.WriteString(g.sections[k])
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.golden")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			gd, err := readGolden(f)
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := int64(0), int64(4)
			if p, ok := gd.sections["params"]; ok {
				fs := strings.Fields(p)
				if len(fs) == 2 {
					lo, _ = strconv.ParseInt(fs[0], 10, 64)
					hi, _ = strconv.ParseInt(fs[1], 10, 64)
				}
			}
			var node ast.Node
			if src, ok := gd.sections["tree"]; ok {
				tr := mustTree(t, src)
				node, err = Generate(tr, Config{})
				if err != nil {
					t.Fatal(err)
				}
				checkTree(t, tr, lo, hi)
			} else {
				sched := mustUnionMap(t, strings.TrimSpace(gd.sections["schedule"]))
				var ctx presburger.Set
				if c, ok := gd.sections["context"]; ok {
					ctx = mustSet(t, strings.TrimSpace(c))
				}
				var opts Options
				for _, o := range strings.Fields(gd.sections["options"]) {
					k, ok := schedule.ParseASTOption(o)
					if !ok {
						t.Fatalf("unknown option %q", o)
					}
					opts.Dims = append(opts.Dims, k)
				}
				node, err = FromScheduleMap(sched, ctx, opts, Config{})
				if err != nil {
					t.Fatal(err)
				}
				for _, pv := range paramValues(sched.Params(), lo, hi) {
					if _, ok := gd.sections["context"]; ok && !ctx.Contains(paramVec(ctx, pv)) {
						continue
					}
					if err := checkOrder(t, node, expectedOrder(t, sched, pv), pv); err != nil {
						t.Fatalf("params %v: %v\n%s", pv, err, ast.PrintC(node))
					}
				}
			}
			got := ast.PrintC(node)
			if *update {
				if _, ok := gd.sections["c"]; !ok {
					gd.order = append(gd.order, "c")
				}
				gd.sections["c"] = got
				if err := gd.write(f); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := gd.sections["c"]; got != want {
				t.Errorf("generated code differs from %s (run with -update to accept):\n%s\nwant:\n%s", f, got, want)
			}
		})
	}
}
