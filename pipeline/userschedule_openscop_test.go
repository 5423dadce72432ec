package pipeline

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/openscop"
)

// TestUserScheduleOpenScop gives OpenScop documents as user schedules:
// the export of a region's model (its original scattering), the same with
// two loops of a statement interchanged (legal: the outputs of gcc's
// builds must be the original's), with a loop reversed (illegal: refused
// naming the dependence, the region kept), and documents that do not
// describe the region.
func TestUserScheduleOpenScop(t *testing.T) {
	dir := filepath.Join("..", "bench", "kernels")
	path := filepath.Join(dir, "gemm.c")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Optimize(path, src, Options{Identity: true, NoSelfCheck: true})
	if err != nil || len(res.Regions) != 1 || res.Regions[0].Scop == nil {
		t.Fatalf("identity: %v", err)
	}
	s := res.Regions[0].Scop
	export := func(edit func(d *openscop.Scop)) []byte {
		doc, err := openscop.FromModel(s, src)
		if err != nil {
			t.Fatal(err)
		}
		if edit != nil {
			edit(doc)
		}
		var b bytes.Buffer
		openscop.Print(&b, doc)
		return b.Bytes()
	}
	// The rows of S1's scattering are c1 = 1, c2 = i, c3 = 0, c4 = j,
	// c5 = 0, c6 = k, c7 = 0; the input columns i, j, k follow the 7
	// output columns and the e/i column.
	jCol, kCol := 1+7+1, 1+7+2
	swapJK := func(d *openscop.Scop) {
		rows := d.Statements[1].Scattering.Parts[0].Rows
		rows[3][jCol], rows[3][kCol] = 0, 1
		rows[5][jCol], rows[5][kCol] = 1, 0
	}
	reverseK := func(d *openscop.Scop) {
		d.Statements[1].Scattering.Parts[0].Rows[5][kCol] = -1
	}
	shrink := func(d *openscop.Scop) {
		// i >= 1 instead of i >= 0 in the domain of S0.
		for _, r := range d.Statements[0].Domain.Parts[0].Rows {
			if r[0] == 1 && r[1] == 1 && r[2] == 0 && r[len(r)-1] == 0 {
				r[len(r)-1] = -1
			}
		}
	}
	dropS1 := func(d *openscop.Scop) { d.Statements = d.Statements[:1] }
	rename := func(d *openscop.Scop) { d.Params[0] = "P" }
	gcc, _ := exec.LookPath("gcc")
	for _, tc := range []struct {
		name string
		doc  []byte
		err  string // prefix of the diagnostic; empty: legal
	}{
		{"identity", export(nil), ""},
		{"interchange", export(swapJK), ""},
		{"reverse", export(reverseK), "s.scop:1:1: error: the scattering violates the flow dependence S1["},
		{"domain", export(shrink), "s.scop:29:1: error: the domain of statement 1 is not the domain of S0 (C[i][j] = beta * C[i][j];) of the region"},
		{"statements", export(dropS1), "s.scop:1:1: error: the document has 1 statements, the region 2"},
		{"params", export(rename), "s.scop:1:1: error: the document's parameters [P, "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			us, err := LoadSchedule("s.scop", tc.doc)
			if err != nil {
				t.Fatal(err)
			}
			if us.OpenScop == nil {
				t.Fatal("not read as OpenScop")
			}
			res, err := Optimize(path, src, Options{Schedule: us})
			if err != nil {
				t.Fatal(err)
			}
			if tc.err != "" {
				if len(res.Diags) == 0 || !strings.HasPrefix(res.Diags[0].String(), tc.err) {
					t.Fatalf("diagnostics %v, want %q", res.Diags, tc.err)
				}
				if !res.Regions[0].Kept || !bytes.Equal(res.Output, src) {
					t.Fatal("refused region not kept")
				}
				return
			}
			if res.Errors() || res.Regions[0].Kept {
				t.Fatalf("diagnostics %v", res.Diags)
			}
			if gcc == "" {
				t.Skip("no gcc: outputs not compared")
			}
			want := compileRun(t, gcc, dir, "orig", src)
			got := compileRun(t, gcc, dir, "user", res.Output)
			if !bytes.Equal(got, want) {
				t.Fatalf("outputs differ\n%s", res.Regions[0].Text)
			}
		})
	}
	// A malformed document: the error at its position, from LoadSchedule.
	if _, err := LoadSchedule("m.scop", []byte("# comment\n<OpenScop>\nC\nCONTEXT\n0 2 0 0 0 0\n0\nx\n")); err == nil || !strings.HasPrefix(err.Error(), "m.scop:7:1: integer expected") {
		t.Errorf("malformed document: %v", err)
	}
}
