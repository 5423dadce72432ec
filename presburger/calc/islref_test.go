package calc

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	pb "github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/presburger/internal/islref"
	"github.com/tessera-opt/tessera/presburger/internal/sys"
)

// calcExpr returns the calculator expression of a case over the variables
// A and B (the case's arguments), or "" when the calculator has no
// spelling for the operation.
func calcExpr(c islref.Case) string {
	set := c.Args[0][0] == 'S'
	switch c.Op {
	case "intersect":
		return "A * B"
	case "union":
		return "A + B"
	case "subtract":
		return "A - B"
	case "apply":
		if set {
			return "B(A)"
		}
		return "A . B"
	case "reverse":
		return "A^-1"
	case "domain":
		return "dom A"
	case "range":
		return "ran A"
	case "is_subset":
		return "A <= B"
	case "is_equal":
		return "A = B"
	case "deltas", "lexmin", "lexmax", "coalesce", "params", "wrap", "unwrap", "identity", "sample", "card":
		return c.Op + " A"
	}
	return ""
}

// runCalc runs the program on our calculator: its printed output, or the
// error.
func runCalc(prog string) (string, error) {
	type res struct {
		out string
		err error
	}
	ch := make(chan res, 1)
	go func() {
		var out strings.Builder
		err := Run(strings.NewReader(prog), &out, "case")
		ch <- res{strings.TrimSpace(out.String()), err}
	}()
	select {
	case r := <-ch:
		return r.out, r.err
	case <-time.After(3 * time.Second):
		// Stop the engine (its next solver step fails with a budget
		// error) so that it does not slow the next programs.
		sys.Cancel(true)
		<-ch
		sys.Cancel(false)
		return "", errTimeout
	}
}

var errTimeout = errors.New("timeout after 3s")

func islrefN(def uint64) (first, n uint64) {
	n = def
	if s := os.Getenv("TESSERA_ISLREF_N"); s != "" {
		n, _ = strconv.ParseUint(s, 10, 64)
	}
	if s := os.Getenv("TESSERA_ISLREF_SEED"); s != "" {
		first, _ = strconv.ParseUint(s, 10, 64)
	}
	return first, n
}

// TestCalcAgainstISL feeds iscc-style programs built from random cases
// to the calculator and compares every printed result with isl's answer:
// it must parse back (with our parser) to an equal object, and isl must
// read it too and find it equal to its own answer.
func TestCalcAgainstISL(t *testing.T) {
	bin := islref.Binary(t, filepath.Join("..", "testdata", "islref", "islref.c"))
	first, n := islrefN(150)
	if testing.Short() {
		n = 50
	}
	type item struct {
		seed uint64
		c    islref.Case
		prog string
	}
	var items []item
	var cases []islref.Case
	for s := first; len(items) < int(n); s++ {
		c := islref.GenCase(s + 100000)
		e := calcExpr(c)
		if e == "" {
			continue
		}
		prog := "A := " + c.Args[0][2:] + ";\n"
		if len(c.Args) > 1 {
			prog += "B := " + c.Args[1][2:] + ";\n"
		}
		prog += e + ";\n"
		items = append(items, item{s + 100000, c, prog})
		cases = append(cases, c)
	}
	answers := islref.Run(t, bin, cases)
	var back []islref.Case // our printed results, for isl to compare
	var backIdx []int
	agree, islErr, fails := 0, 0, 0
	for i, it := range items {
		isl := answers[i]
		out, err := runCalc(it.prog)
		if strings.HasPrefix(isl, "ERROR") {
			islErr++
			if err == nil && (it.c.Op == "lexmin" || it.c.Op == "lexmax") {
				t.Errorf("seed %d: isl fails (unbounded optimum) but calc prints %s\n%s", it.seed, out, it.prog)
				fails++
			}
			continue
		}
		if err != nil {
			if err == errTimeout || strings.Contains(err.Error(), "budget") {
				t.Logf("seed %d: calc: %v", it.seed, err)
				continue
			}
			t.Errorf("seed %d: calc error %v; isl answers %s\n%s", it.seed, err, isl, it.prog)
			fails++
			continue
		}
		if d := compareOutput(it.c, out, isl); d != "" {
			t.Errorf("seed %d: %s\n%s", it.seed, d, it.prog)
			fails++
			continue
		}
		agree++
		// Printed results (zero-dimensional sets "{ [] }" and parameter
		// sets "{ : }" included) are handed back to isl.
		if out != "True" && out != "False" && it.c.Op != "card" && it.c.Op != "sample" {
			kind := "S:"
			if _, isSet, err := pb.ParseUnion(isl); err == nil && !isSet {
				kind = "M:"
			}
			back = append(back, islref.Case{Op: "is_equal", Args: []string{kind + out, kind + isl}})
			backIdx = append(backIdx, i)
		}
		if fails > 20 {
			t.Fatal("too many failures")
		}
	}
	// isl reads our printed results and finds them equal to its own.
	roundTrip := 0
	for j, a := range islref.Run(t, bin, back) {
		if a != "True" {
			it := items[backIdx[j]]
			t.Errorf("seed %d: %s: isl does not accept our printed result as equal to its own: %s\n  ours %s\n  isl  %s\n%s", it.seed, it.c.Op, a, back[j].Args[0], back[j].Args[1], it.prog)
			continue
		}
		roundTrip++
	}
	t.Logf("%d programs: %d agree, %d isl errors, %d results read back by isl", len(items), agree, islErr, roundTrip)
}

// compareOutput compares one printed calculator result with isl's.
func compareOutput(c islref.Case, out, isl string) (diff string) {
	defer func() {
		if x := recover(); x != nil {
			diff = fmt.Sprintf("comparison stopped: %v", x)
		}
	}()
	switch c.Op {
	case "is_subset", "is_equal", "card":
		if out != isl {
			return fmt.Sprintf("%s: calc %s, isl %s", c.Op, out, isl)
		}
		return ""
	}
	ours, oursSet, err := pb.ParseUnion(out)
	if err != nil {
		return fmt.Sprintf("our printed result %q does not parse: %v", out, err)
	}
	theirs, _, err := pb.ParseUnion(isl)
	if err != nil {
		return fmt.Sprintf("isl's answer %q does not parse: %v", isl, err)
	}
	if c.Op == "sample" {
		if ours.IsEmpty() != theirs.IsEmpty() {
			return fmt.Sprintf("sample: calc %s, isl %s", out, isl)
		}
		return ""
	}
	_ = oursSet
	if !ours.IsEqual(theirs) {
		return fmt.Sprintf("%s: calc %s\n  isl %s", c.Op, out, isl)
	}
	return ""
}

// TestLexOrderAgainstISL checks <<, <<=, >> and >>= between unions of
// sets and of maps against isl (isl_union_set_lex_lt_union_set,
// isl_union_map_lex_lt_union_map ...): only elements of the same space
// are related.
func TestLexOrderAgainstISL(t *testing.T) {
	bin := islref.Binary(t, filepath.Join("..", "testdata", "islref", "islref.c"))
	pairs := [][2]string{
		{"S:{ A[i] : 0 <= i <= 2; B[i] : 0 <= i <= 2; [i] : 0 <= i <= 1 }", "S:{ A[j] : 0 <= j <= 2; B[j, k] : 0 <= j <= 1 and 0 <= k <= 1; C[j] : 0 <= j <= 1; [j] : 0 <= j <= 2 }"},
		{"S:[n] -> { A[i, j] : 0 <= i < n and 0 <= j <= i }", "S:[n] -> { A[i, j] : 0 <= i < n and 0 <= j < n; B[i, j] : 0 <= i, j < n }"},
		{"S:{ [i] : 0 <= i <= 3 }", "S:{ A[j] : 0 <= j <= 3 }"},
		{"M:{ S[i] -> [i, 0] : 0 <= i <= 3; T[i] -> [i, 1] : 0 <= i <= 3 }", "M:{ S[i] -> [i, 0] : 0 <= i <= 3; U[i] -> A[i] : 0 <= i <= 3 }"},
		{"M:[n] -> { S[i] -> A[i] : 0 <= i < n }", "M:[n] -> { T[i] -> A[n - i] : 0 <= i < n; T[i] -> B[i] : 0 <= i < n }"},
	}
	ops := map[string]string{"lex_lt": "<<", "lex_le": "<<=", "lex_gt": ">>", "lex_ge": ">>="}
	var cases []islref.Case
	var progs []string
	for _, p := range pairs {
		for op, sym := range ops {
			cases = append(cases, islref.Case{Op: op, Args: []string{p[0], p[1]}})
			progs = append(progs, "A := "+p[0][2:]+";\nB := "+p[1][2:]+";\nA "+sym+" B;\n")
		}
	}
	for i, isl := range islref.Run(t, bin, cases) {
		out, err := runCalc(progs[i])
		if err != nil {
			t.Errorf("%s: calc error %v; isl answers %s", progs[i], err, isl)
			continue
		}
		if d := compareOutput(cases[i], out, isl); d != "" {
			t.Errorf("%s%s", progs[i], d)
		}
	}
}
