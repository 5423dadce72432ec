package openscop

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

var update = flag.Bool("update", false, "rewrite the golden .scop files of testdata/export")

// models returns the models of the regions of a C file.
func models(t *testing.T, path string) ([]*scop.Scop, []byte) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := cfront.ParseFile(path, src, cfront.Config{})
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []*scop.Scop
	for _, r := range f.Regions {
		s, err := scop.FromRegion(f, r, scop.Config{File: filepath.Base(path)})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, s)
	}
	return out, src
}

// export returns the documents of the regions of a C file.
func export(t *testing.T, path string) ([]*scop.Scop, []*Scop) {
	t.Helper()
	ms, src := models(t, path)
	var docs []*Scop
	for _, s := range ms {
		doc, err := FromModel(s, src)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		docs = append(docs, doc)
	}
	return ms, docs
}

// clearLines zeroes the positions of a document so that documents read
// from different texts compare equal.
func clearLines(docs []*Scop) {
	for _, d := range docs {
		d.Line = 0
		d.Context.Line = 0
		for _, st := range d.Statements {
			st.Line = 0
			for _, r := range st.relations() {
				r.Line = 0
			}
		}
	}
}

// TestExportGolden writes the documents of the C files of
// testdata/export and compares them with the .scop files beside them
// (go test -update rewrites these); the text must read back to the same
// documents.
func TestExportGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/export/*.c")
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			_, docs := export(t, path)
			var buf bytes.Buffer
			if err := Print(&buf, docs...); err != nil {
				t.Fatal(err)
			}
			golden := strings.TrimSuffix(path, ".c") + ".scop"
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if buf.String() != string(want) {
				t.Errorf("export differs from %s (go test -update rewrites it):\n%s", golden, buf.String())
			}
			back, err := Parse(golden, buf.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			clearLines(back)
			if !reflect.DeepEqual(back, docs) {
				t.Errorf("the printed documents do not read back the same")
			}
		})
	}
}

// TestHandMade reads the hand-written documents of testdata, prints them
// and reads them again: the same documents.
func TestHandMade(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.scop")
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			docs, err := Parse(path, src)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			Print(&buf, docs...)
			back, err := Parse(path, buf.Bytes())
			if err != nil {
				t.Fatalf("%v\n%s", err, buf.String())
			}
			clearLines(docs)
			clearLines(back)
			if !reflect.DeepEqual(docs, back) {
				t.Errorf("print and read again differ:\n%s", buf.String())
			}
		})
	}
}

// TestHandMadeContent checks what the reader found in union.scop.
func TestHandMadeContent(t *testing.T) {
	src, _ := os.ReadFile("testdata/union.scop")
	docs, err := Parse("union.scop", src)
	if err != nil {
		t.Fatal(err)
	}
	d := docs[0]
	if d.Language != "C" || !reflect.DeepEqual(d.Params, []string{"M", "N"}) || len(d.Statements) != 2 {
		t.Fatalf("language %q params %v statements %d", d.Language, d.Params, len(d.Statements))
	}
	if n := len(d.Statements[0].Domain.Parts); n != 2 {
		t.Errorf("statement 1: %d domain parts, want 2", n)
	}
	if l := d.Statements[1].Domain.Parts[0].Local; l != 1 {
		t.Errorf("statement 2: %d local dims, want 1", l)
	}
	if d.ArrayName(2) != "y" || len(d.Extensions) != 1 || d.Extensions[0].URI != "comment" {
		t.Errorf("arrays %v extensions %v", d.Arrays, d.Extensions)
	}
	m, err := d.Model("union.scop", nil)
	if err != nil {
		t.Fatal(err)
	}
	// Statement 2 runs for the even i in 1..N; its date is (1, i, 0).
	want := presburger.MustParseSet("[M, N] -> { S1[i] : M >= 1 and N >= 1 and 2 <= i <= N and i mod 2 = 0 }")
	if !m.Domains[1].IsEqual(want) {
		t.Errorf("domain of statement 2: %v, want %v", m.Domains[1], want)
	}
	sched, w, err := m.Schedule()
	if err != nil || w != 3 {
		t.Fatalf("schedule width %d: %v", w, err)
	}
	wantSched := presburger.MustParseUnionMap("[M, N] -> { S0[i] -> [0, -i, 0] : M >= 1 and N >= 1 and 1 <= i <= N and (i >= M or i <= 2M); S1[i] -> [1, i, 0] : M >= 1 and N >= 1 and 2 <= i <= N and i mod 2 = 0 }")
	if !sched.IsEqual(wantSched) {
		t.Errorf("schedule %v, want %v", sched, wantSched)
	}
}

// TestModelRoundTrip exports the models of testdata/export and turns the
// documents back into presburger objects: the same domains, and
// scatterings that are the models' flat schedules (up to the padding).
func TestModelRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("testdata/export/*.c")
	for _, path := range files {
		ms, docs := export(t, path)
		for k, s := range ms {
			m, err := docs[k].Model(path, nil)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if !m.Context.IsEqual(s.Context.AlignParams(s.Params)) {
				t.Errorf("%s: context %v, want %v", path, m.Context, s.Context)
			}
			for j, st := range s.Statements {
				if !m.Domains[j].IsEqual(st.Domain.AlignParams(s.Params).IntersectParams(s.Context)) {
					t.Errorf("%s: %s: domain %v, want %v", path, st.Name, m.Domains[j], st.Domain)
				}
			}
			sched, w, err := m.Schedule()
			if err != nil {
				t.Fatal(err)
			}
			flat := s.FlatSchedule.IntersectDomain(s.Domain).IntersectParams(s.Context)
			if fw := flat.Maps()[0].Space().Dim(presburger.Out); fw != w {
				t.Fatalf("%s: scattering width %d, flat schedule %d", path, w, fw)
			}
			if !sched.IsEqual(flat.AlignParams(s.Params)) {
				t.Errorf("%s: scattering %v, want %v", path, sched, flat)
			}
			for j, st := range s.Statements {
				if got, want := docs[k].Statements[j].Scattering.Parts[0].Out, 2*len(st.Iters)+1; got != want {
					t.Errorf("%s: %s: %d scattering dims, want 2d+1 = %d", path, st.Name, got, want)
				}
			}
		}
	}
}

// TestAccessForm checks the two forms of an access: one equality per
// subscript for an affine access (the form Pluto reads), the relation
// with a local dim for a quasi-affine one.
func TestAccessForm(t *testing.T) {
	_, docs := export(t, "testdata/export/matmul.c")
	for _, st := range docs[0].Statements {
		for _, a := range st.Accesses {
			p := a.Parts[0]
			if len(a.Parts) != 1 || len(p.Rows) != p.Out || p.Local != 0 {
				t.Errorf("affine access: %d parts, %d rows for %d output dims, %d locals", len(a.Parts), len(p.Rows), p.Out, p.Local)
			}
		}
	}
	_, docs = export(t, "testdata/export/quasi.c")
	// a[i / 2]: 2*o <= i <= 2*o + 1 bounds the subscript o, no
	// equality gives it.
	read := docs[0].Statements[0].Accesses[0]
	ineqs := 0
	for _, r := range read.Parts[0].Rows {
		ineqs += int(r[0])
	}
	if ineqs == 0 {
		t.Errorf("a[i / 2]: written as a function: %v", read.Parts[0])
	}
}

func TestInstance(t *testing.T) {
	tests := []struct {
		iters []string
		text  string
		args  []string
		want  string
	}{
		{[]string{"i", "j"}, "C[i][j] = C[i][j] + A[i][k] * B[k][j];", []string{"c1", "c3 + 1"}, "C[c1][(c3 + 1)] = C[c1][(c3 + 1)] + A[c1][k] * B[k][(c3 + 1)];"},
		{[]string{"i"}, `s.i = p->i + i + ii + i2 + 'i' + strlen("i");`, []string{"-c0"}, `s.i = p->i + (-c0) + ii + i2 + 'i' + strlen("i");`},
		{[]string{"i"}, "x[i] = 1e-3 + 0x1fi /* i */ + i;", []string{"(c0 - 1)"}, "x[(c0 - 1)] = 1e-3 + 0x1fi /* i */ + (c0 - 1);"},
		{[]string{"i", "i"}, "a[i] = 0;", []string{"c0", "c1"}, "a[c1] = 0;"},
		{nil, "x = 0;", nil, "x = 0;"},
	}
	for _, tc := range tests {
		b := &Body{Iterators: tc.iters, Text: tc.text}
		got, err := b.Instance(tc.args)
		if err != nil || got != tc.want {
			t.Errorf("Instance(%q, %v) = %q, %v; want %q", tc.text, tc.args, got, err, tc.want)
		}
	}
	if _, err := (&Body{Iterators: []string{"i"}}).Instance(nil); err == nil {
		t.Error("Instance with too few values: no error")
	}
}

// TestErrors checks the messages and positions of malformed documents.
func TestErrors(t *testing.T) {
	good, err := os.ReadFile("testdata/union.scop")
	if err != nil {
		t.Fatal(err)
	}
	g := string(good)
	tests := []struct {
		name, src, want string
	}{
		{"empty", "", "1:1: error: no <OpenScop> document"},
		{"no end", "<OpenScop>\nC\nCONTEXT\n0 2 0 0 0 0\n0\n0\n", "unexpected end of file: </OpenScop> expected"},
		{"no language", "<OpenScop>\n", "unexpected end of file: the language expected"},
		{"bad type", "<OpenScop>\nC\nCONTEXTE\n", "3:1: error: relation type"},
		{"header count", "<OpenScop>\nC\nCONTEXT\n0 2 0 0 0\n", "4:1: error: relation header: 6 integers expected"},
		{"columns", "<OpenScop>\nC\nCONTEXT\n0 3 0 0 0 0\n", "4:1: error: relation header: 3 columns, but 2 + 0 + 0 + 0 + 0 = 2"},
		{"row length", "<OpenScop>\nC\nCONTEXT\n1 3 0 0 0 1\n  1 2\n", "5:3: error: constraint row with 2 entries, 3 expected"},
		{"row kind", "<OpenScop>\nC\nCONTEXT\n1 3 0 0 0 1\n2 1 0\n", "5:1: error: the first entry of a row is 0 (equality) or 1 (inequality), found 2"},
		{"not int", "<OpenScop>\nC\nCONTEXT\n1 3 0 0 0 1\n1 x 0\n", "5:3: error: integer expected, found \"x\""},
		{"overflow", "<OpenScop>\nC\nCONTEXT\n1 3 0 0 0 1\n1 99999999999999999999 0\n", "out of range"},
		{"huge header", "<OpenScop>\nC\nCONTEXT\n999999999 3 0 0 0 1\n", "4:1: error: relation header: 999999999 is out of range"},
		{"names", strings.Replace(g, "M N\n</strings>", "M\n</strings>", 1), "1 parameter names for 2 parameters"},
		{"params", strings.Replace(g, "3 6 1 0 1 2", "3 6 1 0 2 1", 1), "DOMAIN relation with 1 parameters, the context has 2"},
		{"body iterators", strings.Replace(g, "1\ni\nx[i] = i;", "2\ni j\nx[i] = i;", 1), "<body>: 2 iterators for a domain of 1 dimensions"},
		{"body lines", strings.Replace(g, "i\nx[i] = i;\n", "i\nx[i] = i;\ny = 0;\n", 1), "(the text is one line)"},
		{"unclosed body", strings.Replace(g, "y = y + x[i];\n</body>", "y = y + x[i];\n", 1), "<body> without </body>"},
		{"arrays", strings.Replace(g, "1 x\n", "one x\n", 1), "<arrays>: bad array identifier \"one\""},
		{"scattering", "<OpenScop>\nC\nCONTEXT\n0 2 0 0 0 0\n0\n1\n2\nDOMAIN\n0 3 1 0 0 0\nSCATTERING\n0 4 2 0 0 0\n0\n</OpenScop>\n", "10:1: error: SCATTERING relation with 0 input dimensions for a domain of 1"},
		{"no domain", "<OpenScop>\nC\nCONTEXT\n0 2 0 0 0 0\n0\n1\n1\nSCATTERING\n0 3 1 0 0 0\n0\n</OpenScop>\n", "7:1: error: statement without DOMAIN relation"},
		{"extension count", strings.Replace(g, "1\n<body>\n1\ni\nx[i]", "<body>\n1\ni\nx[i]", 1), "the number of statement extensions expected, found \"<body>\""},
		{"union", "<OpenScop>\nC\nCONTEXT\n2\n0 3 0 0 0 1\n0 2 0 0 0 0\n", "6:1: error: union part 2 has 0/0/0 output/input/parameter dimensions, the first part 0/0/1"},
		{"access dims", "<OpenScop>\nC\nCONTEXT\n0 2 0 0 0 0\n0\n1\n2\nDOMAIN\n0 3 1 0 0 0\nREAD\n0 2 0 0 0 0\n0\n</OpenScop>\n", "10:1: error: READ relation without output dimension"},
		{"junk extension", strings.Replace(g, "<arrays>", "arrays", 1), "an extension (<tag>) or </OpenScop> expected, found \"arrays\""},
	}
	for _, tc := range tests {
		_, err := Parse("f.scop", []byte(tc.src))
		if err == nil {
			t.Errorf("%s: no error, want %q", tc.name, tc.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), "f.scop:") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %q, want %q", tc.name, err, tc.want)
		}
	}
}

// TestModelErrors checks the errors of documents that read but do not
// describe a model.
func TestModelErrors(t *testing.T) {
	src := "<OpenScop>\nC\nCONTEXT\n0 3 0 0 0 1\n0\n0\n</OpenScop>\n"
	docs, err := Parse("f.scop", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := docs[0].Model("f.scop", nil); err == nil || !strings.Contains(err.Error(), "f.scop:3:1: error: the document does not name its 1 parameters") {
		t.Errorf("unnamed parameters: %v", err)
	}
	if m, err := docs[0].Model("f.scop", []string{"n"}); err != nil || m.Params[0] != "n" {
		t.Errorf("parameters named by the caller: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, pat := range []string{"testdata/*.scop", "testdata/export/*.scop"} {
		files, _ := filepath.Glob(pat)
		for _, path := range files {
			src, err := os.ReadFile(path)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(src)
		}
	}
	f.Add([]byte("<OpenScop>\nC\nCONTEXT\n1 3 0 0 0 1\n1 1 0\n1\n<strings>\nn\n</strings>\n0\n</OpenScop>\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		docs, err := Parse("f.scop", src)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.scop:") || !strings.Contains(err.Error(), ": error: ") {
				t.Fatalf("error without position: %v", err)
			}
			return
		}
		var buf bytes.Buffer
		Print(&buf, docs...)
		back, err := Parse("f.scop", buf.Bytes())
		if err != nil {
			t.Fatalf("the printed documents do not read back: %v\n%s", err, buf.String())
		}
		clearLines(docs)
		clearLines(back)
		if !reflect.DeepEqual(docs, back) {
			t.Fatalf("print and read again differ:\n%s", buf.String())
		}
		// Turning a document into presburger objects must not panic
		// either (errors are fine); the engine is bounded by the sizes
		// the reader accepts only loosely, so small documents only.
		if len(src) < 4096 {
			for _, d := range docs {
				d.Model("f.scop", nil)
			}
		}
	})
}

// TestMayAccesses checks the types of may accesses: a may-write of the
// model is a MAY_WRITE relation, a may-read a READ relation, both over
// every element they may touch (no equality gives the subscript that is
// not affine), and the document reads back with the same types.
func TestMayAccesses(t *testing.T) {
	ms, docs := export(t, "testdata/export/indirect.c")
	s, doc := ms[0], docs[0]
	for j, st := range s.Statements {
		for k, a := range st.Accesses {
			rel := doc.Statements[j].Accesses[k]
			want := Read
			if a.Kind == scop.Write {
				want = Write
				if a.May {
					want = MayWrite
				}
			}
			if rel.Type != want {
				t.Errorf("%s access %d (%s, may %v): type %v, want %v", st.Name, k, a.Text, a.May, rel.Type, want)
			}
		}
	}
	var b strings.Builder
	if err := Print(&b, doc); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "MAY_WRITE") {
		t.Fatalf("no MAY_WRITE in\n%s", b.String())
	}
	back, err := Parse("indirect.scop", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if got := back[0].Statements[0].Accesses[len(back[0].Statements[0].Accesses)-1].Type; got != MayWrite {
		t.Errorf("read back: %v, want MAY_WRITE", got)
	}
}
