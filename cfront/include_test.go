package cfront

import (
	"os"
	"testing"
)

// TestIncludeDirs checks that a quoted header is looked up beside the
// including file first, then in Config.IncludeDirs in order, and that
// Config.Includes are read before the file.
func TestIncludeDirs(t *testing.T) {
	files := map[string]string{
		"inc1/k.h":  "#define DATA_TYPE float\n#include \"n.h\"\n",
		"inc2/k.h":  "#define DATA_TYPE long\n",
		"inc2/n.h":  "#define N 7\n",
		"side/k.h":  "#define DATA_TYPE double\n",
		"force.h":   "#define FORCED 3\n",
		"inc2/f2.h": "#define FORCED2 4\n",
	}
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	src := []byte("#include \"k.h\"\nint x;\n")
	for _, tc := range []struct {
		name     string
		dirs     []string
		includes []string
		want     map[string]string // macro -> body, "" for undefined
	}{
		{"src/a.c", nil, nil, map[string]string{"DATA_TYPE": ""}},
		{"src/a.c", []string{"inc1", "inc2"}, nil, map[string]string{"DATA_TYPE": "float", "N": "7"}},
		{"src/a.c", []string{"inc2", "inc1"}, nil, map[string]string{"DATA_TYPE": "long", "N": ""}},
		{"side/a.c", []string{"inc1", "inc2"}, nil, map[string]string{"DATA_TYPE": "double"}},
		{"src/a.c", []string{"inc2"}, []string{"force.h", "f2.h"}, map[string]string{"FORCED": "3", "FORCED2": "4"}},
	} {
		f, _ := ParseFile(tc.name, src, Config{ReadFile: read, IncludeDirs: tc.dirs, Includes: tc.includes})
		for m, want := range tc.want {
			got := ""
			if d := f.Macros[m]; d != nil {
				got = d.Body
			}
			if got != want {
				t.Errorf("%s with -I %v -include %v: %s = %q, want %q", tc.name, tc.dirs, tc.includes, m, got, want)
			}
		}
	}
}
