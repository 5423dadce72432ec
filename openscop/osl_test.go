package openscop

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/scop"
)

// TestOSLReader checks tessera's documents with the reference reader:
// TESSERA_OSLCHECK names a program built from testdata/oslcheck.c against
// the OpenScop library (it reads a file, checks the integrity of its
// documents and prints them back). Every golden file, every export of the
// kernels of bench/kernels and, when TESSERA_POLYBENCH names a
// PolyBench/C 4.x tree, of its kernels must read; the library's reprint
// must read back with Parse to the same relations, bodies and arrays.
func TestOSLReader(t *testing.T) {
	tool := os.Getenv("TESSERA_OSLCHECK")
	if tool == "" {
		t.Skip("TESSERA_OSLCHECK is not set: build openscop/testdata/oslcheck.c against the OpenScop library (periscop/openscop) and name the program there to check that the library reads tessera's documents (docs/OPENSCOP.md)")
	}
	type input struct {
		name string
		text []byte
	}
	var inputs []input
	for _, pat := range []string{"testdata/*.scop", "testdata/export/*.scop"} {
		files, _ := filepath.Glob(pat)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			inputs = append(inputs, input{f, b})
		}
	}
	exportDir := func(files []string, cfg cfront.Config) {
		for _, path := range files {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := cfront.ParseFile(path, src, cfg)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			var docs []*Scop
			for _, r := range f.Regions {
				s, err := scop.FromRegion(f, r, scop.Config{File: path})
				if err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				doc, err := FromModel(s, src)
				if err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				docs = append(docs, doc)
			}
			var b bytes.Buffer
			Print(&b, docs...)
			inputs = append(inputs, input{path, b.Bytes()})
		}
	}
	kernels, _ := filepath.Glob("../bench/kernels/*.c")
	exportDir(kernels, cfront.Config{Defines: map[string]string{"MINI_DATASET": ""}})
	if pb := os.Getenv("TESSERA_POLYBENCH"); pb != "" {
		var files []string
		filepath.Walk(pb, func(p string, info os.FileInfo, err error) error {
			if err == nil && strings.HasSuffix(p, ".c") && !strings.Contains(p, "utilities") && !strings.HasSuffix(p, ".orig.c") {
				files = append(files, p)
			}
			return nil
		})
		if len(files) == 0 {
			t.Fatalf("TESSERA_POLYBENCH=%s: no kernel found", pb)
		}
		exportDir(files, cfront.Config{IncludeDirs: []string{filepath.Join(pb, "utilities")}, Defines: map[string]string{"SMALL_DATASET": ""}})
		t.Logf("%d PolyBench kernels", len(files))
	}
	dir := t.TempDir()
	for _, in := range inputs {
		file := filepath.Join(dir, "in.scop")
		if err := os.WriteFile(file, in.text, 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(tool, file)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Errorf("%s: the OpenScop library refuses the document: %v\n%s", in.name, err, stderr.String())
			continue
		}
		if strings.Contains(stderr.String(), "Warning") {
			t.Errorf("%s: the OpenScop library warns:\n%s", in.name, stderr.String())
		}
		ours, err := Parse(in.name, in.text)
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := Parse(in.name+" (reprinted)", stdout.Bytes())
		if err != nil {
			t.Errorf("%s: the library's reprint does not read: %v", in.name, err)
			continue
		}
		if len(ours) != len(theirs) {
			t.Errorf("%s: %d documents, the library reprints %d", in.name, len(ours), len(theirs))
			continue
		}
		for k := range ours {
			if a, b := summary(ours[k]), summary(theirs[k]); !reflect.DeepEqual(a, b) {
				t.Errorf("%s: document %d reprinted differently:\nours   %v\ntheirs %v", in.name, k+1, a, b)
			}
		}
	}
	t.Logf("%d inputs read by %s", len(inputs), tool)
}

// summary is what a document must keep through the library: the
// parameters, the context and the statements' relations, bodies and the
// array names.
func summary(s *Scop) []any {
	out := []any{s.Params, s.Context.Parts, s.Arrays}
	for _, st := range s.Statements {
		for _, r := range st.relations() {
			out = append(out, r.Type, r.Parts)
		}
		out = append(out, st.Body)
	}
	return out
}
