// Package scoptest builds polyhedral models from C text for the tests of
// the packages that take a model: it parses the text (package cfront),
// builds the model of its first region (package scop) and, on request,
// its dependences (package deps), failing the test on any error.
//
// It is a package of its own, not part of internal/testutil, because it
// needs the front end and the model, which are above testutil's layer.
package scoptest

import (
	"testing"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/scop"
)

// Region parses src as the file name and returns the file and the model
// of its first region.
func Region(t testing.TB, name, src string) (*cfront.File, *scop.Scop) {
	t.Helper()
	f, err := cfront.ParseFile(name, []byte(src), cfront.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Regions) == 0 {
		t.Fatalf("%s: no region", name)
	}
	s, err := scop.FromRegion(f, f.Regions[0], scop.Config{File: name})
	if err != nil {
		t.Fatal(err)
	}
	return f, s
}

// Model is the model of the first region of src, as the file k.c.
func Model(t testing.TB, src string) *scop.Scop {
	t.Helper()
	_, s := Region(t, "k.c", src)
	return s
}

// Deps is the memory-based dependences of s.
func Deps(t testing.TB, s *scop.Scop) *deps.Deps {
	t.Helper()
	d, err := deps.Compute(s, deps.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}
