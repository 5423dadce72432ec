package csplit

import (
	"fmt"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/internal/emit"
	"github.com/tessera-opt/tessera/internal/split"
)

// Body prints one statement instance as C (emit.Config's Body).
type Body func(u *ast.User) (string, error)

// Config controls Contract.
type Config struct {
	// Prefix is the prefix of the helper functions the region's
	// expressions call (emit.Config.HelperPrefix).
	Prefix string
	// Taken reports the names in use; the scalars avoid them.
	Taken map[string]bool
	// IterValue gives the C text that stands for the original iterator it
	// given the generated expression e of its value.
	IterValue func(it, e string) string
}

// pairUse is one instance of a definition or an update printed with a
// scalar: the temporary and the scalar's name.
type pairUse struct {
	t    *split.Temp
	name string
}

// Contract returns the printer of the statements of n with the
// temporaries of res contracted where a definition is printed right
// before its update (see the package documentation), and the remarks
// that say, per temporary, whether it was contracted.
func Contract(res *split.Result, n ast.Node, body Body, cfg Config) (Body, []string) {
	byDef, byUpd := map[string]*split.Temp{}, map[string]*split.Temp{}
	for _, t := range res.Temps {
		if t.Def == "" || t.Upd == "" || t.ScalarUpd == nil {
			continue
		}
		byDef[t.Def], byUpd[t.Upd] = t, t
	}
	pairs, total, paired := findPairs(n, byDef, byUpd, cfg.Taken)
	var remarks []string
	for _, t := range res.Temps {
		t.Contracted = total[t] > 0 && paired[t] == total[t]
		if t.Contracted {
			remarks = append(remarks, fmt.Sprintf("statement splitting: %s contracted to a scalar (each definition is printed right before its update), no array is allocated", t.Name))
		} else {
			remarks = append(remarks, fmt.Sprintf("statement splitting: %s kept as an array (%d of %d instances printed as adjacent pairs)", t.Name, paired[t], total[t]))
		}
	}
	ecfg := emit.Config{HelperPrefix: cfg.Prefix}
	return func(u *ast.User) (string, error) {
		p, ok := pairs[u]
		if !ok {
			return body(u)
		}
		t := p.t
		if len(u.Args) != len(t.CIters) {
			return "", fmt.Errorf("statement %s called with %d arguments, has %d iterators", u.Name, len(u.Args), len(t.CIters))
		}
		sub := map[string]string{t.Scalar(): p.name}
		for k, it := range t.CIters {
			sub[it] = cfg.IterValue(it, ecfg.Expr(u.Args[k]))
		}
		subst := func(name string) (string, bool) {
			v, ok := sub[name]
			return v, ok
		}
		if u.Name == t.Def {
			return fmt.Sprintf("const %s %s = %s;", t.ElemType, p.name, t.DefRHS.Format(subst)), nil
		}
		return strings.TrimRight(cfront.FormatStmt(t.ScalarUpd, "", "  ", subst), "\n"), nil
	}, remarks
}

// findPairs walks n: it pairs each instance of a definition with the
// instance of the same temporary's update that follows it in a block
// with the same arguments, naming the scalar of each pair, and counts
// per temporary the instances of its two statements (total) and those
// paired.
func findPairs(n ast.Node, byDef, byUpd map[string]*split.Temp, taken map[string]bool) (pairs map[*ast.User]pairUse, total, paired map[*split.Temp]int) {
	pairs = map[*ast.User]pairUse{}
	total, paired = map[*split.Temp]int{}, map[*split.Temp]int{}
	next := 0
	fresh := func(t *split.Temp) string {
		for {
			next++
			n := fmt.Sprintf("%s%d", t.Scalar(), next)
			if !taken[n] {
				return n
			}
		}
	}
	ast.Walk(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.User:
			if t := byDef[x.Name]; t != nil {
				total[t]++
			}
			if t := byUpd[x.Name]; t != nil {
				total[t]++
			}
		case *ast.Block:
			for i := 0; i+1 < len(x.Stmts); i++ {
				d, ok1 := x.Stmts[i].(*ast.User)
				u, ok2 := x.Stmts[i+1].(*ast.User)
				if !ok1 || !ok2 {
					continue
				}
				t := byDef[d.Name]
				if t == nil || byUpd[u.Name] != t || !sameArgs(d.Args, u.Args) {
					continue
				}
				if _, seen := pairs[d]; seen {
					continue
				}
				name := fresh(t)
				pairs[d] = pairUse{t, name}
				pairs[u] = pairUse{t, name}
				paired[t] += 2
				i++
			}
		}
		return true
	})
	return pairs, total, paired
}

// sameArgs reports whether two calls have the same arguments.
func sameArgs(a, b []ast.Expr) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if ast.ExprC(a[k]) != ast.ExprC(b[k]) {
			return false
		}
	}
	return true
}
