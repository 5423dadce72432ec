package presburger

import (
	"errors"
	"fmt"
	"os"
	"testing"
)

// fuzzRoundTrip checks the parser's contract on arbitrary input: an error
// is a *ParseError, never a panic; a success prints to text that parses
// back to an equal object.
func fuzzRoundTrip(t *testing.T, src string, parse func(string) (UnionMap, error)) {
	if len(src) > 2000 {
		return
	}
	if tr := os.Getenv("TESSERA_FUZZ_TRACE"); tr != "" {
		// Debug aid: record the input before working on it, to find hangs.
		os.WriteFile(fmt.Sprintf("%s.%d", tr, os.Getpid()), []byte(src), 0o644)
	}
	u, err := parse(src)
	if err != nil {
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("%q: error %v is not a *ParseError", src, err)
		}
		if pe.Line < 1 || pe.Col < 1 {
			t.Fatalf("%q: error without a position: %v", src, err)
		}
		return
	}
	text := u.String()
	v, err := parse(text)
	if err != nil {
		t.Fatalf("%q: printed as %q which does not parse: %v", src, text, err)
	}
	func() {
		defer func() {
			if x := recover(); x != nil && asError(x) == nil {
				panic(x)
			}
		}()
		if !unionEqual(u, v) {
			t.Fatalf("%q: printed as %q which parses to another object: %v", src, text, v)
		}
	}()
}

func addSeeds(f *testing.F) {
	for _, s := range oracleCases {
		f.Add(s)
	}
	for _, s := range []string{
		"", "{", "}", "{ [", "{ [i] : (((((i >= 0", "{ [i] : i >= 0 and", "[n] ->", "[{ }]",
		"{ [i] : exists (e: exists (f: i = e + f)) }", "{ [i] : not not not i = 0 }",
		"{ [i] : 0 <= i <= 10 and not exists (e : i = 2e) and not exists (e : i = 3e) }",
		"{ [i] -> [(i >= 0 ? i : -i)] }", "{ [i] -> [(i > 5 ? 5 : i < 0 ? 0 : (i ? 1 : 2))] }",
		"{ [i] : i <= (i > 0 ? ", "{ rat: [i] }", "{ [i] : i < infty }",
	} {
		f.Add(s)
	}
}

func FuzzParseSet(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src string) {
		fuzzRoundTrip(t, src, func(s string) (UnionMap, error) {
			set, err := ParseSet(s)
			if err != nil {
				return UnionMap{}, err
			}
			return NewUnionMap(set.Map()), nil
		})
	})
}

func FuzzParseUnionMap(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src string) {
		fuzzRoundTrip(t, src, ParseUnionMap)
	})
}

// FuzzParsePwMultiAff checks the function parser: errors are positioned
// *ParseErrors, and a parsed function prints to text that parses back to
// the same graph.
func FuzzParsePwMultiAff(f *testing.F) {
	for _, s := range []string{
		"{ S[i, j] -> [(i + j)] }", "[n] -> { [i] -> [(floor(i/2))] }",
		"{ [i] -> [(i)] : i >= 0; [i] -> [(-i)] : i < 0 }", "[n] -> { [i] -> [(min(i, n)), (i mod 3)] }",
		"[n] -> { [(n + 1)] }", "{ A[i] -> B[(i + 1), (ceil(i/3))] : i <= 10 }",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1000 {
			return
		}
		fn, err := ParsePwMultiAff(src)
		if err != nil {
			var pe *ParseError
			var ee *Error
			if !errors.As(err, &pe) && !errors.As(err, &ee) {
				t.Fatalf("%q: error %v is neither a *ParseError nor an engine *Error", src, err)
			}
			return
		}
		text := fn.String()
		g, err := ParsePwMultiAff(text)
		if err != nil {
			t.Fatalf("%q: printed as %q which does not parse: %v", src, text, err)
		}
		if fn.NPieces() == 0 {
			return // "{  }" does not keep the space
		}
		func() {
			defer func() {
				if x := recover(); x != nil && asError(x) == nil {
					panic(x)
				}
			}()
			if !g.AsMap().IsEqual(fn.AsMap()) {
				t.Fatalf("%q: printed as %q which parses to another function %v", src, text, g)
			}
		}()
	})
}
