package pipeline

import (
	"fmt"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/ctext"
)

// identifiers returns every C identifier-like word of src (comments and
// strings count too, which only makes us more careful).
func identifiers(src []byte) map[string]bool { return ctext.Identifiers(src) }

// fileNames returns the names that generated code must not bind: every
// identifier-like word of the file (identifiers) and the names of the
// macros, typedefs and file-scope variables of the file and of the
// headers it includes, which the file's own text does not show. The set
// is made once per file (cfront.Memo) and shared: callers must not
// modify it.
func fileNames(f *cfront.File) map[string]bool {
	return cfront.Memo(f, "pipeline.fileNames", func() map[string]bool { return fileNamesScan(f) })
}

func fileNamesScan(f *cfront.File) map[string]bool {
	out := identifiers(f.Src)
	for name := range f.Macros {
		out[name] = true
	}
	for name := range f.Typedefs {
		out[name] = true
	}
	for _, v := range f.Globals {
		out[v.Name] = true
	}
	return out
}

// renameBindings renames the loop iterators and Decl names of n that
// collide with a name of the file (e.g. a variable c1 of the user's code
// next to the generator's iterator c1), so that the statements' own
// identifiers keep their meaning. Fresh names get a suffix until they are
// free.
func renameBindings(n ast.Node, taken map[string]bool) ast.Node {
	used := map[string]bool{} // the fresh names given so far
	fresh := func(old string) string {
		for k := 0; ; k++ {
			name := fmt.Sprintf("%s_t%d", old, k)
			if k == 0 {
				name = old + "_t"
			}
			if !used[name] && !taken[name] {
				used[name] = true
				return name
			}
		}
	}
	var walk func(n ast.Node) ast.Node
	walk = func(n ast.Node) ast.Node {
		switch x := n.(type) {
		case *ast.For:
			if taken[x.Iter] {
				nn := fresh(x.Iter)
				m := map[string]ast.Expr{x.Iter: ast.NewIdent(nn)}
				x.Cond = ast.Subst(x.Cond, m)
				x.Inc = ast.Subst(x.Inc, m)
				x.Body = ast.SubstNode(x.Body, m)
				x.Iter = nn
			}
			x.Body = walk(x.Body)
		case *ast.If:
			x.Then = walk(x.Then)
			if x.Else != nil {
				x.Else = walk(x.Else)
			}
		case *ast.Mark:
			x.Body = walk(x.Body)
		case *ast.Block:
			for i := 0; i < len(x.Stmts); i++ {
				if d, ok := x.Stmts[i].(*ast.Decl); ok && taken[d.Name] {
					nn := fresh(d.Name)
					m := map[string]ast.Expr{d.Name: ast.NewIdent(nn)}
					for j := i + 1; j < len(x.Stmts); j++ {
						x.Stmts[j] = ast.SubstNode(x.Stmts[j], m)
					}
					d.Name = nn
				}
				x.Stmts[i] = walk(x.Stmts[i])
			}
		}
		return n
	}
	return walk(n)
}
