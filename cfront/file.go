package cfront

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// Config holds the options of ParseFile. The zero value works: pragma
// regions only (or automatic detection when the file has no pragmas),
// headers read from the disk next to the file.
type Config struct {
	// AutoScop also reports the maximal for-loop nests of function bodies
	// that parse as regions, outside the pragma regions.
	AutoScop bool
	// Defines are predefined object-like macros (like -DNAME=value; an
	// empty value means 1), visible to #if and to type resolution.
	Defines map[string]string
	// ReadFile reads a local header named in #include "x.h"; the path is
	// the header's name joined to the directory of the including file, or
	// to one of IncludeDirs. Nil means os.ReadFile. Headers that cannot be
	// read are skipped.
	ReadFile func(path string) ([]byte, error)
	// IncludeDirs are searched in order for a header of #include "x.h"
	// that is not beside the including file (like a compiler's -iquote
	// and -I). Headers of #include <x.h> are never read.
	IncludeDirs []string
	// Includes are headers read before the file's first line, like a
	// compiler's -include: each is looked up in the working directory,
	// then in IncludeDirs.
	Includes []string
}

// Region is one SCoP region of the file.
type Region struct {
	// Start and End are the bytes [Start, End) of the original file that an
	// emitter replaces: for a pragma region, from the first byte of the
	// "#pragma scop" line through the newline ending the "#pragma endscop"
	// line; for an automatic region, exactly the for statement.
	Start, End int
	// Pos is the position of the '#' of "#pragma scop", or of the "for".
	Pos Pos
	// BodyStart and BodyEnd delimit the region's code: the lines between
	// the pragma lines (equal to Start, End for an automatic region).
	BodyStart, BodyEnd int
	// Indent is the white space that starts the line of the region's first
	// statement (the pragma's indentation when the region is empty).
	Indent string
	// Auto is set for regions found by AutoScop detection.
	Auto bool
	// Func is the function whose body contains the region ("" if none).
	Func string
	// Body is the statement list of the region, in order.
	Body []Stmt
	// Cond is a preprocessor condition under which Body is the code the
	// compiler sees, "" when Body does not depend on the configuration:
	// the conditions of the #if branches taken inside the region (the
	// others are not in Body), and "(M) == v" for each object-like macro M
	// taken as the value v of a loop step when M may be defined otherwise
	// (by a -D flag, under an #if, or more than once). Code that replaces
	// the region is valid only under "#if Cond" (pp.go).
	Cond string
}

// File is the result of ParseFile: the regions and what the cheap scan of
// the whole file (and its local headers) found.
type File struct {
	Name string
	Src  []byte
	// Regions in file order. A region that fails to parse is not here; its
	// error is in the ErrorList returned with the File.
	Regions []*Region
	// Skipped explains, when automatic detection ran, why each outermost
	// for loop it tried was not taken as a region (in file order). These
	// are notes (Code CodeNote, printed "file:line:col: note: ..."), not
	// errors: the loops are simply left alone.
	Skipped []*Error
	// Macros by name (the last active #define wins; #undef removes).
	Macros map[string]*Macro
	// Typedefs by name.
	Typedefs map[string]*Typedef
	// Globals are file-scope variables of the file and of its headers.
	Globals []*Var
	// Funcs are the function definitions of the main file.
	Funcs []*Func

	cfg Config
	pp  ppInfo
	// unread are the notes on function definitions that the file-level
	// scan could not read and whose bodies hold loops: automatic
	// detection adds them to Skipped.
	unread []*Error
	// inclCond is set while a header included under an #if is read.
	inclCond bool
	text     string // string(Src), made once
	isTypeC  map[string]bool
	curFunc  *Func
	included map[string]bool
	memo     sync.Map // Memo's values by key
}

// ParseFile scans src (the contents of the file name) and parses its SCoP
// regions. It returns the File even when some region fails; the error is
// then an ErrorList of positioned diagnostics, one per failed region or
// unmatched pragma. It never panics.
func ParseFile(name string, src []byte, cfg Config) (*File, error) {
	f := &File{Name: name, Src: src, cfg: cfg, Macros: map[string]*Macro{},
		Typedefs: map[string]*Typedef{}, isTypeC: map[string]bool{}, included: map[string]bool{}}
	keys := make([]string, 0, len(cfg.Defines))
	for k := range cfg.Defines {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := cfg.Defines[k]
		if v == "" {
			v = "1"
		}
		f.Macros[k] = &Macro{Name: k, Body: v, File: "<command line>"}
	}
	// We first lex the whole file once, then run the preprocessor lines
	// (macros, conditionals, local headers), then scan declarations, and
	// finally find and parse the regions.
	f.text = string(src)
	toks := lex(src)
	f.included[filepath.Clean(name)] = true
	f.forcedIncludes()
	pragmas := f.directives(name, toks, 0)
	newDeclScanner(f, name, f.text, toks, true).fileScope()
	for _, v := range f.Globals {
		f.resolveVar(v)
	}
	for _, fn := range f.Funcs {
		for _, v := range fn.Params {
			f.resolveVar(v)
		}
		for _, v := range fn.Locals {
			f.resolveVar(v)
		}
	}
	var errs ErrorList
	f.pragmaRegions(toks, pragmas, &errs)
	bad := f.lexErrors(toks, &errs)
	if cfg.AutoScop || len(pragmas) == 0 {
		f.autoRegions(toks)
		f.Skipped = append(f.Skipped, f.unread...)
	}
	if bad >= 0 {
		kept := f.Regions[:0]
		for _, r := range f.Regions {
			if r.End <= bad {
				kept = append(kept, r)
			}
		}
		f.Regions = kept
	}
	sort.SliceStable(f.Regions, func(i, j int) bool { return f.Regions[i].Start < f.Regions[j].Start })
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Pos.Offset < errs[j].Pos.Offset })
	sort.SliceStable(f.Skipped, func(i, j int) bool { return f.Skipped[i].Pos.Offset < f.Skipped[j].Pos.Offset })
	if len(errs) > 0 {
		return f, errs
	}
	return f, nil
}

// directives runs the preprocessor lines of one token stream and returns
// the indices of its scop/endscop pragmas (main file only).
func (f *File) directives(name string, toks []token, depth int) []int {
	var pragmas []int
	var stack []condFrame
	active := func() bool { return len(stack) == 0 || stack[len(stack)-1].active }
	main := depth == 0
	if main {
		f.pp.inactive = make([]bool, len(toks))
		f.pp.dirs = map[int]*ppDir{}
	}
	for i := range toks {
		t := &toks[i]
		if main && !active() {
			f.pp.inactive[i] = true
		}
		if t.kind != tDirective {
			continue
		}
		dir, rest := directive(t.text)
		if n := len(stack); n > 0 {
			stack[n-1].directs++
		}
		switch dir {
		case "if", "ifdef", "ifndef":
			on := active()
			var c bool
			ok := true
			var text, guard string
			switch dir {
			case "if":
				if on {
					c, ok = evalCond(rest, f.Macros)
				}
				text = strings.TrimSpace(stripComments(rest))
				guard = guardName(text)
			case "ifdef":
				_, c = f.Macros[firstWord(rest)]
				text = "defined(" + firstWord(rest) + ")"
			case "ifndef":
				_, c = f.Macros[firstWord(rest)]
				c = !c
				text = "!defined(" + firstWord(rest) + ")"
				guard = firstWord(rest)
			}
			stack = append(stack, condFrame{active: on && c, taken: c, outer: on, cond: branchCond(nil, text), prev: []string{text}, guard: guard, group: i})
			fr := &stack[len(stack)-1]
			if main {
				f.pp.dirs[i] = &ppDir{kind: dir, group: i, cond: fr.cond, text: text, taken: fr.active, outer: on, ok: ok}
			}
		case "elif":
			if n := len(stack); n > 0 {
				fr := &stack[n-1]
				c, ok := false, true
				if !fr.taken && fr.outer {
					c, ok = evalCond(rest, f.Macros)
				}
				fr.active = c
				fr.taken = fr.taken || c
				text := strings.TrimSpace(stripComments(rest))
				fr.cond = branchCond(fr.prev, text)
				fr.prev = append(fr.prev, text)
				fr.isGuard = false
				fr.branch++
				if main {
					f.pp.dirs[i] = &ppDir{kind: dir, group: fr.group, cond: fr.cond, text: text, taken: fr.active, outer: fr.outer, ok: ok}
				}
			}
		case "else":
			if n := len(stack); n > 0 {
				fr := &stack[n-1]
				fr.active = fr.outer && !fr.taken
				fr.taken = true
				fr.cond = branchCond(fr.prev, "")
				fr.isGuard = false
				fr.branch++
				if main {
					f.pp.dirs[i] = &ppDir{kind: dir, group: fr.group, cond: fr.cond, taken: fr.active, outer: fr.outer, ok: true}
				}
			}
		case "endif":
			if n := len(stack); n > 0 {
				if main {
					// When no branch was taken, the code of the
					// group is that of none of its conditions.
					fr := &stack[n-1]
					none := ""
					if !fr.taken {
						none = branchCond(fr.prev, "")
					}
					f.pp.dirs[i] = &ppDir{kind: dir, group: fr.group, cond: none, taken: fr.outer, outer: fr.outer, ok: true}
				}
				stack = stack[:n-1]
			}
		case "define":
			if m, ok := parseDefine(rest); ok {
				f.countDef(m.Name, defSite(name, stack))
			}
			if active() {
				if m, ok := parseDefine(rest); ok {
					if n := len(stack); n > 0 && stack[n-1].guard == m.Name && stack[n-1].directs == 1 {
						stack[n-1].isGuard = true
					}
					m.Pos, m.File = t.pos, name
					m.Cond = stackCond(stack)
					m.condInclude = f.inclCond
					for _, fr := range stack {
						if fr.guard == m.Name {
							m.overridable = true
						}
					}
					f.Macros[m.Name] = m
				}
			}
		case "undef":
			f.countDef(firstWord(rest), "#undef")
			if active() {
				delete(f.Macros, firstWord(rest))
			}
		case "include":
			if active() && depth < 8 && strings.HasPrefix(rest, "\"") {
				if j := strings.IndexByte(rest[1:], '"'); j > 0 {
					// The header's macros hold only under the
					// conditions around its #include.
					saved := f.inclCond
					f.inclCond = f.inclCond || stackCond(stack) != ""
					f.include(f.headerPath(name, rest[1:1+j]), depth+1)
					f.inclCond = saved
				}
			}
		case "pragma":
			// (A scop pragma in a branch not taken is not seen by the
			// compiler, nor by us.)
			if depth == 0 && active() {
				switch firstWord(rest) {
				case "scop", "endscop":
					pragmas = append(pragmas, i)
				}
			}
		}
	}
	return pragmas
}

func firstWord(s string) string {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && isIdentChar(s[i]) {
		i++
	}
	return s[:i]
}

// include scans a local header: its macros, typedefs and globals.
func (f *File) include(path string, depth int) {
	clean := filepath.Clean(path)
	if f.included[clean] {
		return
	}
	f.included[clean] = true
	read := f.cfg.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	src, err := read(path)
	if err != nil {
		return
	}
	toks := lex(src)
	f.directives(path, toks, depth)
	newDeclScanner(f, path, string(src), toks, false).fileScope()
}

func (f *File) addTypedef(t *Typedef) {
	f.Typedefs[t.Name] = t
	f.isTypeC = map[string]bool{}
}

func (f *File) addVar(v *Var) {
	switch v.Scope {
	case FileScope:
		f.Globals = append(f.Globals, v)
	case LocalScope:
		if f.curFunc != nil {
			f.curFunc.Locals = append(f.curFunc.Locals, v)
		}
	}
}

// isTypeName reports whether name (not a C keyword) names a type: a
// typedef, or an object-like macro whose body resolves to a type.
func (f *File) isTypeName(name string) bool {
	if builtinTypes[name] {
		return true
	}
	if _, ok := f.Typedefs[name]; ok {
		return true
	}
	m, ok := f.Macros[name]
	if !ok || m.FuncLike {
		return false
	}
	if v, ok := f.isTypeC[name]; ok {
		return v
	}
	f.isTypeC[name] = false // cut cycles
	_, isT := f.ResolveType(name)
	f.isTypeC[name] = isT
	return isT
}

// ResolveType resolves a type as written (one or more words, e.g.
// "DATA_TYPE", "const real_t", "unsigned") through object-like macros and
// typedefs to a C base type: "double", "float", "long double", "int",
// "unsigned int", "long", "unsigned long", "long long", "short", "char",
// "signed char", "unsigned char", "_Bool", "void", or a standard typedef
// name such as "int64_t" or "size_t". Qualifiers are dropped. ok is false
// when a word is unknown or the type is a pointer or struct.
func (f *File) ResolveType(typ string) (string, bool) {
	r := typeResolver{f: f, memo: map[string][]string{}}
	words, ok := r.words(typ, 0)
	if !ok {
		return "", false
	}
	return canonicalType(words)
}

// resolveVar sets v.Elem. When v's type is a typedef of an array or
// pointer type ("typedef double vec[4]; vec v;"), the typedef's extents
// (then its pointer levels) are appended to v.Dims, and Type and Elem are
// the typedef's element type (Type as the typedef writes it, after v's own
// qualifiers), so that Type with Dims declares v's elements.
func (f *File) resolveVar(v *Var) {
	typ := v.Type
	var quals []string
	for depth := 0; depth < 16; depth++ {
		var name string
		for _, w := range strings.Fields(typ) {
			if !qualifiers[w] {
				if name != "" {
					name = ""
					break
				}
				name = w
			}
		}
		td, ok := f.Typedefs[name]
		if !ok || td.Stars == 0 && len(td.Dims) == 0 {
			break
		}
		for _, w := range strings.Fields(typ) {
			if qualifiers[w] {
				quals = append(quals, w)
			}
		}
		v.Dims = append(v.Dims, td.Dims...)
		for k := 0; k < td.Stars; k++ {
			v.Dims = append(v.Dims, nil)
		}
		typ = td.Type
	}
	if typ != v.Type {
		v.Type = strings.Join(append(quals, typ), " ")
	}
	v.Elem, _ = f.ResolveType(typ)
}

// maxTypeWords bounds the specifier words of a type; no C type needs more.
const maxTypeWords = 8

// typeResolver expands type names through typedefs and macros. Each name
// is expanded once (memo; nil while in progress, so a self reference
// fails), which keeps macros that mention each other many times linear.
type typeResolver struct {
	f    *File
	memo map[string][]string
}

func (r *typeResolver) words(typ string, depth int) ([]string, bool) {
	if depth > 16 {
		return nil, false
	}
	var out []string
	for _, w := range strings.Fields(stripComments(typ)) {
		switch {
		case qualifiers[w]:
			continue
		case builtinTypes[w]:
			out = append(out, w)
		default:
			sub, ok := r.name(w, depth)
			if !ok {
				return nil, false
			}
			out = append(out, sub...)
		}
		if len(out) > maxTypeWords {
			return nil, false
		}
	}
	return out, len(out) > 0
}

func (r *typeResolver) name(w string, depth int) ([]string, bool) {
	if sub, seen := r.memo[w]; seen {
		return sub, sub != nil
	}
	r.memo[w] = nil
	var body string
	if td, ok := r.f.Typedefs[w]; ok {
		if td.Stars != 0 || len(td.Dims) != 0 {
			return nil, false
		}
		body = td.Type
	} else if m, ok := r.f.Macros[w]; ok && !m.FuncLike {
		body = m.Body
	} else {
		return nil, false
	}
	sub, ok := r.words(body, depth+1)
	if !ok {
		return nil, false
	}
	r.memo[w] = sub
	return sub, true
}

// canonicalType turns specifier words into one canonical spelling.
func canonicalType(words []string) (string, bool) {
	if len(words) == 1 {
		switch words[0] {
		case "signed", "unsigned", "long", "short", "int", "char":
		default:
			return words[0], true
		}
	}
	count := map[string]int{}
	for _, w := range words {
		count[w]++
	}
	uns := count["unsigned"] > 0
	if count["signed"] > 0 && uns {
		return "", false
	}
	var base string
	switch {
	case count["double"] == 1 && count["long"] == 1 && len(words) == 2:
		return "long double", true
	case count["char"] == 1:
		if len(words) == 1 {
			return "char", true
		}
		if len(words) != 2 {
			return "", false
		}
		if uns {
			return "unsigned char", true
		}
		if count["signed"] == 1 {
			return "signed char", true
		}
		return "", false
	case count["short"] == 1:
		base = "short"
	case count["long"] == 2:
		base = "long long"
	case count["long"] == 1:
		base = "long"
	default:
		base = "int"
	}
	for w, n := range count {
		switch w {
		case "signed", "unsigned", "short", "int":
			if n > 1 {
				return "", false
			}
		case "long":
			if n > 2 {
				return "", false
			}
		default:
			return "", false
		}
	}
	if count["short"] > 0 && count["long"] > 0 {
		return "", false
	}
	if uns {
		if base == "int" {
			return "unsigned int", true
		}
		return "unsigned " + base, true
	}
	return base, true
}

// FuncOf returns the function whose body contains the byte offset off, or nil.
func (f *File) FuncOf(off int) *Func {
	// Funcs are in file order (one scan of the main file).
	k := sort.Search(len(f.Funcs), func(i int) bool { return f.Funcs[i].BodyStart > off })
	if k > 0 {
		if fn := f.Funcs[k-1]; off >= fn.BodyStart && off < fn.BodyEnd {
			return fn
		}
	}
	return nil
}

// Lookup finds the variable name as seen from region r: the locals of
// r's function whose block encloses the region and whose declaration comes
// before it (the innermost, i.e. the last declared, wins), then the
// parameters, then the globals (the last declaration of a name wins). With
// r nil only globals are searched. It returns nil when name is not
// declared.
func (f *File) Lookup(r *Region, name string) *Var {
	if r != nil {
		if fn := f.FuncOf(r.Start); fn != nil {
			for k := len(fn.Locals) - 1; k >= 0; k-- {
				v := fn.Locals[k]
				if v.Name == name && v.ScopeStart <= r.Start && r.Start < v.ScopeEnd {
					return v
				}
			}
			for _, v := range fn.Params {
				if v.Name == name {
					return v
				}
			}
		}
	}
	return f.global(name)
}

// globalIndex holds the last declaration of each global name, made from
// the first n globals.
type globalIndex struct {
	n      int
	byName map[string]*Var
}

// global returns the last global declaration of name, or nil.
func (f *File) global(name string) *Var {
	ix := Memo(f, "cfront.globals", func() *globalIndex {
		ix := &globalIndex{n: len(f.Globals), byName: map[string]*Var{}}
		for _, v := range f.Globals {
			ix.byName[v.Name] = v
		}
		return ix
	})
	if ix.n == len(f.Globals) {
		return ix.byName[name]
	}
	// (Globals added since the index was made: while the file is read.)
	for k := len(f.Globals) - 1; k >= 0; k-- {
		if f.Globals[k].Name == name {
			return f.Globals[k]
		}
	}
	return nil
}

// IsTypeName reports whether name is a type name for casts and
// declarations in this file: a C type keyword, a standard typedef name, a
// typedef of the file or its headers, or a macro that resolves to a type.
func (f *File) IsTypeName(name string) bool { return f.isTypeName(name) }
