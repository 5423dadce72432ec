package schedule

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

const fig5 = `domain: "[n] -> { S1[i] : 0 <= i < n; S2[i, j] : 0 <= j < i < n; S3[i] : 0 <= i < n }"
child:
  schedule: "[n] -> [{ S1[i] -> [(i)]; S2[i, j] -> [(i)]; S3[i] -> [(i)] }]"
  permutable: 1
  coincident: [ 1 ]
  options: "{ separate[x] }"
  child:
    sequence:
    - filter: "{ S1[i] }"
    - filter: "{ S2[i, j] }"
      child:
        schedule: "[{ S2[i, j] -> [(j)] }]"
    - filter: "{ S3[i] }"
`

func TestParseYAMLFig5(t *testing.T) {
	tr, err := ParseYAML(fig5)
	if err != nil {
		t.Fatal(err)
	}
	root := tr.Root()
	if root.Kind() != KindDomain {
		t.Fatalf("root kind %v", root.Kind())
	}
	band := root.Child(0)
	if band.Kind() != KindBand {
		t.Fatalf("child kind %v", band.Kind())
	}
	b := band.Band()
	if b.Width != 1 || !b.Permutable || !b.Coincident[0] || b.Options[0] != OptionSeparate {
		t.Fatalf("band %+v", b)
	}
	seq := band.Child(0)
	if seq.Kind() != KindSequence || seq.NChildren() != 3 {
		t.Fatalf("sequence %v %d", seq.Kind(), seq.NChildren())
	}
	if tr.Depth() != 3 {
		t.Fatalf("depth %d", tr.Depth())
	}
	// Round trip.
	out := WriteYAML(tr)
	tr2, err := ParseYAML(out)
	if err != nil {
		t.Fatalf("reparse: %v\n%s", err, out)
	}
	if out2 := WriteYAML(tr2); out2 != out {
		t.Fatalf("round trip differs:\n%s\n---\n%s", out, out2)
	}
}

func TestFlattenFig5(t *testing.T) {
	tr, err := ParseYAML(fig5)
	if err != nil {
		t.Fatal(err)
	}
	got := tr.Flatten()
	want, err := presburger.ParseUnionMap("[n] -> { S1[i] -> [i, 0, 0] : 0 <= i < n; S2[i, j] -> [i, 1, j] : 0 <= j < i < n; S3[i] -> [i, 2, 0] : 0 <= i < n }")
	if err != nil {
		t.Fatal(err)
	}
	if !unionMapEqual(got, want) {
		t.Fatalf("Flatten = %v, want %v", got, want)
	}
}

func unionMapEqual(a, b presburger.UnionMap) bool {
	am, bm := a.Maps(), b.Maps()
	if len(am) != len(bm) {
		return false
	}
	for _, m := range am {
		o, ok := b.MapOf(m.Space())
		if !ok {
			return false
		}
		params := dedup(append(m.Space().Params(), o.Space().Params()...))
		if !m.AlignParams(params).IsEqual(o.AlignParams(params)) {
			return false
		}
	}
	return true
}

func TestParseYAMLOptions(t *testing.T) {
	src := `domain: "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }"
child:
  schedule: "[{ S[i, j] -> [(4*floor(i/4))] }, { S[i, j] -> [(j)] }]"
  options: "[n] -> { isolate[[] -> [a, b]] : 0 <= a and a + 3 < n; [isolate[] -> unroll[x]] : x = 1; atomic[x] : x = 0; separate[x] : x = 1 }"
`
	tr, err := ParseYAML(src)
	if err != nil {
		t.Fatal(err)
	}
	b := tr.Root().Child(0).Band()
	if b.Width != 2 || b.Options[0] != OptionAtomic || b.Options[1] != OptionSeparate {
		t.Fatalf("options %v", b.Options)
	}
	if b.Isolate == nil || b.IsolateOptions[1] != OptionUnroll || b.IsolateOptions[0] != OptionDefault {
		t.Fatalf("isolate %v %v", b.Isolate, b.IsolateOptions)
	}
	out := WriteYAML(tr)
	tr2, err := ParseYAML(out)
	if err != nil {
		t.Fatalf("reparse: %v\n%s", err, out)
	}
	if WriteYAML(tr2) != out {
		t.Fatalf("round trip differs:\n%s\n%s", out, WriteYAML(tr2))
	}
}

func TestParseYAMLErrors(t *testing.T) {
	for _, src := range []string{
		"domain: \"{ S[i] : \"\n",
		"foo: 1\n",
		"domain: \"{ S[i] }\"\nchild:\n  sequence:\n  - mark: \"x\"\n",
		"domain: \"{ S[i] }\"\nchild:\n  schedule: \"[{ S[i] -> [(i)] }]\"\n  coincident: [ a ]\n",
		"[",
	} {
		if _, err := ParseYAML(src); err == nil {
			t.Errorf("ParseYAML(%q) succeeded", src)
		} else if !strings.HasPrefix(err.Error(), "schedule: ") {
			t.Errorf("error %q lacks the package prefix", err)
		}
	}
}

func FuzzParseYAML(f *testing.F) {
	f.Add(fig5)
	f.Add("domain: \"{ S[i] : 0 <= i < 10 }\"\n")
	for _, c := range compatCases {
		f.Add(c.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		tr, err := ParseYAML(src)
		if err != nil {
			return
		}
		if tr.Root().Kind() != KindDomain {
			return
		}
		out := WriteYAML(tr)
		if _, err := ParseYAML(out); err != nil {
			t.Fatalf("reparse of %q failed: %v", out, err)
		}
	})
}
