package schedule

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

func TestCursorEdit(t *testing.T) {
	tr, err := ParseYAML(fig5)
	if err != nil {
		t.Fatal(err)
	}
	c := tr.Cursor().Child(0) // the band
	if c.Node().Kind() != KindBand {
		t.Fatalf("kind %v", c.Node().Kind())
	}
	m := c.InsertMark("parallel")
	if m.Node().Kind() != KindMark || m.Node().MarkName() != "parallel" {
		t.Fatalf("inserted %v", m.Node().Kind())
	}
	nt := m.Tree()
	// The old tree is unchanged.
	if tr.Root().Child(0).Kind() != KindBand {
		t.Fatal("old tree modified")
	}
	if nt.Root().Child(0).Kind() != KindMark || nt.Root().Child(0).Child(0).Kind() != KindBand {
		t.Fatal("new tree lacks the mark above the band")
	}
	// Flattening ignores marks.
	if !unionMapEqual(nt.Flatten(), tr.Flatten()) {
		t.Fatal("mark changed the flat schedule")
	}
	// Change the band option through the cursor.
	bc := m.Child(0)
	b := bc.Node().Band()
	b.Options[0] = OptionUnroll
	nt2 := bc.SetBand(b).Tree()
	if got := nt2.Root().Child(0).Child(0).Band().Options[0]; got != OptionUnroll {
		t.Fatalf("option %v", got)
	}
	if !strings.Contains(WriteYAML(nt2), "unroll[x]") {
		t.Fatalf("YAML lacks the option:\n%s", WriteYAML(nt2))
	}
	// Delete the mark again.
	back := m.Delete().Tree()
	if WriteYAML(back) != WriteYAML(tr) {
		t.Fatalf("delete did not restore the tree:\n%s", WriteYAML(back))
	}
	// Walk visits every node.
	count := 0
	nt.Walk(func(Cursor) bool { count++; return true })
	if count != 11 {
		t.Fatalf("walk visited %d nodes", count)
	}
}

func TestFlattenSetAndFilter(t *testing.T) {
	dom, err := presburger.ParseUnionSet("[n] -> { A[i] : 0 <= i < n; B[i] : 0 <= i < n }")
	if err != nil {
		t.Fatal(err)
	}
	fa, _ := presburger.ParseUnionSet("{ A[i] }")
	fb, _ := presburger.ParseUnionSet("{ B[i] }")
	sa, _ := presburger.ParseUnionMap("{ A[i] -> [i] }")
	sb, _ := presburger.ParseUnionMap("{ B[i] -> [-i] }")
	root := NewDomain(dom, NewSet(
		NewFilter(fb, NewBand(NewBandFromSchedule(sb), nil)),
		NewFilter(fa, NewBand(NewBandFromSchedule(sa), nil)),
	))
	tr := NewTree(root)
	want, _ := presburger.ParseUnionMap("[n] -> { B[i] -> [0, -i] : 0 <= i < n; A[i] -> [1, i] : 0 <= i < n }")
	if got := tr.Flatten(); !unionMapEqual(got, want) {
		t.Fatalf("Flatten = %v, want %v", got, want)
	}
	out := WriteYAML(tr)
	tr2, err := ParseYAML(out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if WriteYAML(tr2) != out {
		t.Fatalf("round trip:\n%s\n%s", out, WriteYAML(tr2))
	}
}

func TestTileBand(t *testing.T) {
	src := `domain: "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }"
child:
  schedule: "[{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]"
  permutable: 1
`
	tr, err := ParseYAML(src)
	if err != nil {
		t.Fatal(err)
	}
	c, err := tr.Cursor().Child(0).TileBand([]int64{4, 8})
	if err != nil {
		t.Fatal(err)
	}
	nt := c.Tree()
	want, _ := presburger.ParseUnionMap("[n] -> { S[i, j] -> [4*floor(i/4), 8*floor(j/8), i, j] : 0 <= i < n and 0 <= j < n }")
	if got := nt.Flatten(); !unionMapEqual(got, want) {
		t.Fatalf("Flatten = %v, want %v\n%s", got, want, WriteYAML(nt))
	}
	if _, err := tr.Cursor().TileBand([]int64{4}); err == nil {
		t.Fatal("TileBand on a domain node succeeded")
	}
}
