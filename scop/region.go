package scop

import (
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/cfront"
)

// FromRegion builds the model of one region of a parsed file. The file
// gives the declarations (globals, then the parameters and locals of the
// region's function, which hide globals) and the macros.
func FromRegion(f *cfront.File, r *cfront.Region, cfg Config) (*Scop, error) {
	if cfg.File == "" {
		cfg.File = f.Name
	}
	info := regionInfo(f, r)
	body, conds := expandMacroCalls(f, r.Body, info.HiddenCalls)
	body, why := substIndexTemps(f, r, body) // indextemp.go
	s, err := Build(body, info, cfg)
	if err != nil {
		return nil, why(err)
	}
	s.Region = Region{Start: r.Start, End: r.End, Pos: r.Pos}
	s.Body = body
	s.PPCond = joinPPConds(s.PPCond, conds)
	return s, nil
}

// regionInfo is fileInfo for the code of region r, with the macro
// services of the file (values, expansions, definitions).
func regionInfo(f *cfront.File, r *cfront.Region) *FileInfo {
	info := fileInfo(f, r.Func)
	info.MacroConst = func(e cfront.Expr) (int64, string, bool) { return f.MacroConst(e, r.Start) }
	info.ExpandCall, info.MacroNames, info.MacroCond = f.ExpandCall, f.MacroNames, f.MacroCond
	return info
}

// joinPPConds joins preprocessor conditions with &&, each once.
func joinPPConds(a string, more []string) string {
	parts := []string{}
	if a != "" {
		parts = append(parts, a)
	}
	for _, c := range more {
		if c != "" && !slices.Contains(parts, c) {
			parts = append(parts, c)
		}
	}
	return strings.Join(parts, " && ")
}

// FromFile builds the models of every region of a parsed file. errs[k] is
// the error of region k (nil when it was modelled); scops[k] is then nil.
func FromFile(f *cfront.File, cfg Config) (scops []*Scop, errs []error) {
	for _, r := range f.Regions {
		s, err := FromRegion(f, r, cfg)
		scops = append(scops, s)
		errs = append(errs, err)
	}
	return scops, errs
}

func varInfo(v *cfront.Var) VarInfo {
	t := v.Elem
	if t == "" {
		t = v.Type
	}
	vi := VarInfo{Type: t}
	for _, d := range v.Dims {
		if d == nil {
			vi.Dims = append(vi.Dims, "")
		} else {
			vi.Dims = append(vi.Dims, d.Format(nil))
		}
	}
	return vi
}

// fileInfo collects what the translation needs from the file for the
// code of the function fn. What depends on the file only is computed once
// per file (cfront.Memo) and shared by its regions: a file of thousands
// of regions and globals cost the product of the two otherwise.
func fileInfo(f *cfront.File, fn string) *FileInfo {
	base := cfront.Memo(f, "scop.fileInfo", func() *FileInfo { return fileInfoBase(f) })
	info := *base
	info.Vars = map[string]VarInfo{}
	funcs := cfront.Memo(f, "scop.funcsByName", func() map[string][]*cfront.Func {
		m := map[string][]*cfront.Func{}
		for _, fu := range f.Funcs {
			m[fu.Name] = append(m[fu.Name], fu)
		}
		return m
	})
	for _, fu := range funcs[fn] {
		for _, v := range fu.Params {
			info.Vars[v.Name] = varInfo(v)
		}
		for _, v := range fu.Locals {
			info.Vars[v.Name] = varInfo(v)
		}
	}
	return &info
}

// fileInfoBase is the part of fileInfo that does not depend on the
// function: globals and macros.
func fileInfoBase(f *cfront.File) *FileInfo {
	info := &FileInfo{Globals: map[string]VarInfo{}, Macros: map[string]bool{}, Resolve: f.ResolveType}
	for _, v := range f.Globals {
		info.Globals[v.Name] = varInfo(v)
	}
	info.MacroBodies = map[string]string{}
	for name, m := range f.Macros {
		info.Macros[name] = true
		info.MacroBodies[name] = m.Body
	}
	t := inlineFuncs(f) // inline.go
	info.Inline, info.NotInlined = t.funcs, t.why
	// A macro's body may call a function of the file: pure when inlined,
	// not when the file defines it otherwise (even under a math name).
	info.HiddenCalls = hiddenEffectsOf(f.Macros, f.IsTypeName, func(name string) bool {
		return t.funcs[name] != nil || mathFuncs[name] && t.why[name] == ""
	})
	info.HiddenValues = hiddenValues(f.Macros, f.IsTypeName)
	info.MacroVars = macroVars(f.Macros)
	return info
}
