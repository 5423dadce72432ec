package directive

import (
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
	"github.com/tessera-opt/tessera/scop"
)

func TestParse(t *testing.T) {
	src := `# user schedule for gemm
tile S1 i,j,k 32, 32,8   # spaces after commas are fine
interchange S1 j k
skew S1 j by i -1
shift S0 j 2
stripmine S1 k 4
unroll S1 k 4
parallel S1 i_t
vectorize S1 j
fuse S0 S1 at i
distribute S1 i
`
	s, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	want := `tile S1 i,j,k 32,32,8
interchange S1 j k
skew S1 j by i -1
shift S0 j 2
stripmine S1 k 4
unroll S1 k 4
parallel S1 i_t
vectorize S1 j
fuse S0 S1 at i
distribute S1 i
`
	if got := s.String(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if s.Commands[1].Pos != (Pos{3, 1}) || s.Commands[0].Loops[2].Pos != (Pos{2, 13}) {
		t.Fatalf("positions %v %v", s.Commands[1].Pos, s.Commands[0].Loops[2].Pos)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"tilt S1 i 4", `1:1: unknown command "tilt"`},
		{"tile S1 i,j 4", "1:13: 1 tile sizes for 2 loops"},
		{"tile S1 i 0", "1:11: a tile size must be at least 1"},
		{"\n  interchange S1 i", "2:19: expected a loop name"},
		{"skew S1 j with i 1", `1:11: expected "by"`},
		{"shift S1 i 99999999999999999999", "1:12: integer 99999999999999999999 out of range"},
		{"parallel S1 i j", `1:15: unexpected "j" at the end of the command`},
		{"unroll S1 k 4x", `1:13: malformed number "4x"`},
		{"fuse S0 S1 i", `1:12: expected "at"`},
		{"tile S1 i; 4", `1:10: unexpected character ';'`},
		{"parallel 3 i", "1:10: expected a statement name"},
	}
	for _, tc := range tests {
		_, err := Parse(tc.src)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want prefix %q", tc.src, err, tc.want)
		}
	}
}

// stripPos clears the positions of a script.
func stripPos(s *Script) *Script {
	out := &Script{}
	for _, c := range s.Commands {
		c.Pos = Pos{}
		c.Stmt.Pos, c.Stmt2.Pos = Pos{}, Pos{}
		var ls []Name
		for _, l := range c.Loops {
			ls = append(ls, Name{Name: l.Name})
		}
		c.Loops = ls
		out.Commands = append(out.Commands, c)
	}
	return out
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"tile S1 i,j 32,32\n", "tile S1 i,j 8,8 isolate", "interchange S1 j k", "skew S1 j by i 1", "shift S0 i -3",
		"unroll S1 k 4 # x", "fuse S0 S1 at i\ndistribute S1 i", "parallel S1 i\nvectorize S1 j",
		"stripmine S1 k 8", "region 2\ntile S1 i,j 4,4", "region 0", "tile S1 i,", "skew S1 j by", "\x00", "tile S1 i -",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s, err := Parse(src)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		s2, err := Parse(s.String())
		if err != nil {
			t.Fatalf("reparse of %q: %v", s.String(), err)
		}
		if !reflect.DeepEqual(stripPos(s), stripPos(s2)) {
			t.Fatalf("round trip\n%q\n%q", s.String(), s2.String())
		}
	})
}

// FuzzApply applies fuzzed scripts to gemm's original schedule: errors,
// never panics.
func FuzzApply(f *testing.F) {
	for _, s := range []string{
		"tile S1 i,j 4,4", "interchange S1 j k\ntile S1 i,k,j 2,2,2 isolate", "fuse S0 S1 at i\nfuse S0 S1 at j",
		"skew S1 k by i -3\nparallel S1 j", "unroll S1 k 3\nstripmine S1 i 2\ndistribute S1 i", "shift S0 j -2\nvectorize S0 j",
		"tile S1 k,k 2,2", "interchange S1 k k", "fuse S0 S0 at i", "tile S1 i_t 4",
	} {
		f.Add(s)
	}
	var cache struct {
		once sync.Once
		tree schedule.Tree
		err  error
	}
	f.Fuzz(func(t *testing.T, src string) {
		cache.once.Do(func() {
			fl, err := cfront.ParseFile("t.c", []byte(gemmC), cfront.Config{})
			if err != nil {
				cache.err = err
				return
			}
			s, err := scop.FromRegion(fl, fl.Regions[0], scop.Config{File: "t.c"})
			if err != nil {
				cache.err = err
				return
			}
			cache.tree = s.Schedule
		})
		if cache.err != nil {
			t.Fatal(cache.err)
		}
		sc, err := Parse(src)
		if err != nil || len(sc.Commands) > 6 {
			return
		}
		if _, _, err := Apply(sc, cache.tree); err != nil {
			if _, ok := err.(*Error); !ok {
				if _, ok := err.(*presburger.Error); !ok {
					t.Fatalf("error of type %T: %v", err, err)
				}
			}
		}
	})
}

func TestForRegion(t *testing.T) {
	s, err := Parse("parallel S0 i\nregion 2\ntile S1 i 4\nregion 1\nunroll S0 j 2\nregion 2\nshift S1 i 1\n")
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range map[int]string{
		1: "parallel S0 i\nunroll S0 j 2\n",
		2: "parallel S0 i\ntile S1 i 4\nshift S1 i 1\n",
		3: "parallel S0 i\n",
	} {
		if got := s.ForRegion(k).String(); got != want {
			t.Errorf("region %d: got %q, want %q", k, got, want)
		}
	}
}
