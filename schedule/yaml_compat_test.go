package schedule

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/presburger"
)

// compatCases are schedule trees in the forms isl_codegen reads (block and
// flow style, every node kind, the band keys in any order); each must be
// read, and its YAML form must read back to the same text.
var compatCases = []struct{ name, src string }{
	{"guard", `domain: "[n] -> { S[i] : 0 <= i < n }"
child:
  schedule: "[{ S[i] -> [(i)] }]"
  child:
    guard: "[n] -> { [c0] : c0 >= 2 }"
`},
	{"extension", `domain: "{ S[i] : 0 <= i < 4 }"
child:
  schedule: "[{ S[i] -> [(i)] }]"
  child:
    extension: "{ [c0] -> T[c0] : c0 >= 2 }"
    child:
      sequence:
      - filter: "{ S[i] }"
      - filter: "{ T[i] }"
`},
	{"expansion", `domain: "{ G[j] : 0 <= j < 4 }"
child:
  schedule: "[{ G[j] -> [(j)] }]"
  child:
    contraction: "{ S[i] -> G[floor(i/2)] }"
    expansion: "{ G[j] -> S[i] : 2j <= i <= 2j + 1 }"
`},
	{"expansion-first", `domain: "{ G[j] : 0 <= j < 4 }"
child:
  expansion: "{ G[j] -> S[i] : 2j <= i <= 2j + 1 }"
  contraction: "{ S[i] -> G[floor(i/2)] }"
  child:
    schedule: "[{ S[i] -> [(i)] }]"
`},
	{"ast-build-options", `domain: "{ S[i] : 0 <= i < 4 }"
child:
  schedule: "[{ S[i] -> [(i)] }]"
  ast_build_options: "{ unroll[x] }"
`},
	{"band-keys-any-order", `domain: "{ S_1[i, j] : 0 <= i, j < 4 }"
child:
  permutable: 1
  coincident: [ 1, 0, 1 ]
  options: "{ atomic[*] }"
  schedule: "[{ S_1[i, j] -> [(i)] }, { S_1[i, j] -> [(j)] }]"
`},
	{"coincident-short", `domain: "{ S[i, j] : 0 <= i, j < 4 }"
child:
  schedule: "[{ S[i, j] -> [(i)] }, { S[i, j] -> [(j)] }]"
  coincident: [ 1 ]
  permutable: 2
`},
	{"flow", `{ domain: "{ S1[i] : 0 <= i < 3; S2[i] : 0 <= i < 3 }", child: { schedule: "[{ S1[i] -> [(i)]; S2[i] -> [(i)] }]", child: { sequence: [ { filter: "{ S1[i] }" }, { filter: "{ S2[i] }" } ] } } }`},
	{"quoted-keys", `"domain": "{ S[i] : 0 <= i < 3 }"
"child":
  "mark": "m"
  "child":
    "leaf": 1
`},
	{"mark-leaf", `domain: "{ S[i] : 0 <= i < 3 }"
child:
  mark: "m"
  child:
    schedule: "[{ S[i] -> [(i)] }]"
`},
	{"isolate-nested", `domain: "[n] -> { S[i, j] : 0 <= i, j < n }"
child:
  schedule: "[n] -> [{ S[i, j] -> [(i)] }]"
  child:
    schedule: "[n] -> [{ S[i, j] -> [(4*floor(j/4))] }, { S[i, j] -> [(j)] }]"
    options: "[n] -> { isolate[[c0] -> [a, b]] : 0 <= a <= n - 4; [isolate[] -> unroll[x]] : x = 1; separate[x] }"
`},
	{"unknown-options", `domain: "{ S[i] : 0 <= i < 3 }"
child:
  schedule: "[{ S[i] -> [(i)] }]"
  options: "{ spread[x]; separate[x, y]; isolate[[a] -> [b]]; atomic[0] }"
`},
	{"params-in-context", `domain: "{ S[i] : 0 <= i < 3 }"
child:
  context: "[n] -> { [] : n >= 0 }"
  child:
    schedule: "[n] -> [{ S[i] -> [(i + n)] }]"
`},
	{"anonymous", `domain: "{ [i] : 0 <= i < 3 }"
child:
  schedule: "[{ [i] -> [(i)] }]"
`},
	{"named-mupa", `domain: "{ S[i] : 0 <= i < 3 }"
child:
  schedule: "L[{ S[i] -> [(i)] }]"
`},
	{"comments", `# a comment
domain: "{ S[i] : 0 <= i < 3 }" # trailing
child:
  # inside
  schedule: "[{ S[i] -> [(i)] }]"
`},
}

func TestParseYAMLCompat(t *testing.T) {
	for _, c := range compatCases {
		tr, err := ParseYAML(c.src)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		out := WriteYAML(tr)
		tr2, err := ParseYAML(out)
		if err != nil {
			t.Errorf("%s: reparse: %v\n%s", c.name, err, out)
			continue
		}
		if out2 := WriteYAML(tr2); out2 != out {
			t.Errorf("%s: round trip differs:\n%s\n---\n%s", c.name, out, out2)
		}
	}
}

// TestParseYAMLCompatValues checks what some of the compat cases read.
func TestParseYAMLCompatValues(t *testing.T) {
	get := func(name string) Tree {
		for _, c := range compatCases {
			if c.name == name {
				tr, err := ParseYAML(c.src)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				return tr
			}
		}
		t.Fatalf("no case %s", name)
		return Tree{}
	}
	b := get("band-keys-any-order").Root().Child(0).Band()
	if b.Width != 2 || !b.Permutable || !b.Coincident[0] || b.Coincident[1] || b.Options[0] != OptionAtomic || b.Options[1] != OptionAtomic {
		t.Errorf("band-keys-any-order: %+v", b)
	}
	b = get("coincident-short").Root().Child(0).Band()
	if !b.Permutable || !b.Coincident[0] || b.Coincident[1] {
		t.Errorf("coincident-short: %+v", b)
	}
	b = get("ast-build-options").Root().Child(0).Band()
	if b.Options[0] != OptionUnroll {
		t.Errorf("ast_build_options: %v", b.Options)
	}
	b = get("isolate-nested").Root().Child(0).Child(0).Band()
	if b.Isolate == nil || b.IsolateOptions[1] != OptionUnroll || b.Options[0] != OptionSeparate {
		t.Errorf("isolate-nested: %+v", b)
	}
	b = get("unknown-options").Root().Child(0).Band()
	if b.Isolate != nil || b.Options[0] != OptionAtomic {
		t.Errorf("unknown-options: %+v", b)
	}
	x := get("expansion").Root().Child(0).Child(0)
	if x.Kind() != KindExpansion || x.Contraction().NMaps() != 1 || x.Expansion().NMaps() != 1 {
		t.Errorf("expansion node %v", x.Kind())
	}
	if l, c := x.Pos(); l != 5 || c != 5 {
		t.Errorf("expansion node at %d:%d, want 5:5", l, c)
	}
	m := get("quoted-keys").Root().Child(0)
	if m.Kind() != KindMark || m.MarkName() != "m" {
		t.Errorf("quoted-keys: %v", m.Kind())
	}
}

// TestParseYAMLErrorPositions checks the positions of errors in the tree
// structure.
func TestParseYAMLErrorPositions(t *testing.T) {
	cases := []struct{ src, want string }{
		{"domain: \"{ S[i] : 0 <= i < 4 }\"\nchild:\n  mark: \"foo\"\n", "schedule: 3:3: mark node without a child"},
		{"{ domain: \"{ S[i] : 0 <= i < 4 }\", child: { mark: \"a\", child: { mark: \"b\" } } }\n", "schedule: 1:65: mark node without a child"},
		{"domain: \"{ S[i] }\"\nchild:\n  child:\n    leaf: 1\n", "schedule: 3:3: cannot identify the node type (only a child key)"},
		{"domain: \"{ S[i] }\"\nchild:\n  contraction: \"{ S[i] -> G[i] }\"\n", "schedule: 3:3: missing expansion in an expansion node"},
		{"domain: \"{ S[i] }\"\nchild:\n  permutable: 1\n", "schedule: 3:3: missing schedule in a band node"},
		{"domain: \"{ S[i] }\"\nchild:\n  schedule: \"[{ S[i] -> [(i)] }]\"\n  foo: 1\n", "schedule: 4:3: unexpected key \"foo\" in a band node"},
		{"domain: \"{ S[i] }\"\nchild:\n  schedule: \"[{ S[i] -> [(i)] }]\"\n  permutable: x\n", "schedule: 4:15: expected an integer (0 or 1), found \"x\""},
		{"domain: \"{ S[i] }\"\nchild:\n  filter: \"{ S[i] }\"\n  mark: \"m\"\n", "schedule: 4:3: unexpected key \"mark\" in a filter node"},
		{"domain: \"{ S[i] : i >= }\"\n", "schedule: 1:24: expected an expression, found '}'"},
	}
	for _, c := range cases {
		_, err := ParseYAML(c.src)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.src, err, c.want)
		}
	}
}

// TestInlineExpansions checks that inlining an expansion node gives the
// instances it expands the time of their group.
func TestInlineExpansions(t *testing.T) {
	var src string
	for _, c := range compatCases {
		if c.name == "expansion" {
			src = c.src
		}
	}
	tr, err := ParseYAML(src)
	if err != nil {
		t.Fatal(err)
	}
	in, err := tr.InlineExpansions()
	if err != nil {
		t.Fatal(err)
	}
	got := in.Flatten()
	want, err := presburger.ParseUnionMap("{ S[i] -> [floor(i/2)] : 0 <= i <= 7 }")
	if err != nil {
		t.Fatal(err)
	}
	if !unionMapEqual(got, want) {
		t.Fatalf("Flatten = %v, want %v\n%s", got, want, WriteYAML(in))
	}
	// A group reaching another branch cannot be inlined.
	bad := `domain: "{ G[j] : 0 <= j < 4 }"
child:
  sequence:
  - filter: "{ G[j] : j < 2 }"
    child:
      contraction: "{ S[i] -> G[floor(i/2)] }"
      expansion: "{ G[j] -> S[i] : 2j <= i <= 2j + 1 }"
  - filter: "{ G[j] : j >= 2 }"
`
	tr, err = ParseYAML(bad)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.InlineExpansions(); err == nil || !strings.Contains(err.Error(), "6:7: expansion node") {
		t.Fatalf("got %v", err)
	}
}
