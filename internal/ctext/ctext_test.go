package ctext

import (
	"reflect"
	"testing"
)

func TestIdentifiers(t *testing.T) {
	got := Identifiers([]byte("x1 = A[i][2*j] + 3e5 + _b; // c"))
	want := map[string]bool{"x1": true, "A": true, "i": true, "j": true, "_b": true, "c": true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Identifiers: got %v, want %v", got, want)
	}
}

func TestIndent(t *testing.T) {
	got := Indent("a;\n\n#if X\nb;\n", "  ")
	if want := "  a;\n\n#if X\n  b;\n"; got != want {
		t.Errorf("Indent: got %q, want %q", got, want)
	}
}

func TestIsKeyword(t *testing.T) {
	for w, want := range map[string]bool{"int": true, "restrict": true, "_Bool": true, "n": false, "main": false} {
		if IsKeyword(w) != want {
			t.Errorf("IsKeyword(%q) = %v", w, !want)
		}
	}
}
