package cfront

import (
	"os"
	"path/filepath"
)

// headerPath returns the path of the header named in `#include "hdr"` of
// the file name, searched as a C compiler searches quoted includes: the
// directory of the including file first, then Config.IncludeDirs in
// order. When no candidate can be read, it returns the first one (the
// caller skips a header it cannot read).
func (f *File) headerPath(name, hdr string) string {
	if filepath.IsAbs(hdr) {
		return hdr
	}
	first := filepath.Join(filepath.Dir(name), hdr)
	if len(f.cfg.IncludeDirs) == 0 || f.readable(first) {
		return first
	}
	for _, d := range f.cfg.IncludeDirs {
		if p := filepath.Join(d, hdr); f.readable(p) {
			return p
		}
	}
	return first
}

// readable reports whether the header at path can be read.
func (f *File) readable(path string) bool {
	if f.cfg.ReadFile != nil {
		_, err := f.cfg.ReadFile(path)
		return err == nil
	}
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// forcedIncludes reads the headers of Config.Includes, as a C compiler's
// -include does before the first line of the file: each is looked up in
// the working directory, then in Config.IncludeDirs.
func (f *File) forcedIncludes() {
	for _, h := range f.cfg.Includes {
		p := h
		if !filepath.IsAbs(h) && !f.readable(h) {
			for _, d := range f.cfg.IncludeDirs {
				if q := filepath.Join(d, h); f.readable(q) {
					p = q
					break
				}
			}
		}
		f.include(p, 1)
	}
}
