package astopt

import (
	"fmt"

	"github.com/tessera-opt/tessera/ast"
)

// Config selects and tunes the passes. The zero value is the default:
// every pass on, LICM threshold K = 1, the generic cost table, loops of at
// most 4 constant iterations treated as unrolled, general unswitching
// within a budget of 8 duplicated statements, Decls named inv0, inv1, ...
type Config struct {
	// Threshold is the paper's K: an invariant expression is hoisted only
	// when its cost is at least K. Values below 1 mean 1 (a lone name or
	// constant, of cost 0, is never hoisted anyway).
	Threshold int
	// Target names the cost table ("generic", "x86-64", "gpu"); "" is
	// "generic". An unknown name is an error of Run.
	Target string
	// Costs, when non-nil, replaces the table named by Target.
	Costs *CostTable
	// NoNormalize skips normalize, ifcollapse and ifconcat.
	NoNormalize bool
	// NormalizeArgs also reassociates the arguments of User statements
	// (the paper normalizes every expression). Off by default: the
	// arguments become array subscripts, which the C compiler analyzes as
	// affine induction expressions best in the generator's own order
	// (see the package doc). Their invariant subexpressions are hoisted
	// either way.
	NormalizeArgs bool
	// NoUnswitch skips unswitch.
	NoUnswitch bool
	// NoLICM skips licm and cse.
	NoLICM bool
	// Disable lists further passes to skip, by name.
	Disable []string
	// UnswitchBudget bounds the number of statements that general
	// unswitching (an if with an else, or an if among other statements of
	// the loop body) may duplicate. 0 means 8; a negative value allows
	// only unswitching that duplicates nothing but a loop header.
	UnswitchBudget int
	// SmallTrip: a loop whose trip count is a constant of at most
	// SmallTrip is taken as fully unrolled by the C compiler, and nothing
	// is hoisted out of it alone. 0 means 4; a negative value disables the
	// rule.
	SmallTrip int
	// Prefix starts the names of the Decls LICM creates; "" means "inv".
	Prefix string
	// Avoid lists names the new Decls must not take besides those of the
	// tree (e.g. the identifiers of the statement bodies).
	Avoid []string
	// Check runs ast.Verify after every pass (tests turn it on).
	Check bool

	stats *Stats // where the passes count; nil when a pass runs alone
}

// Stats counts what the passes did (printed by the pipeline under
// --explain).
type Stats struct {
	Reassociated int // expressions whose operands normalize reordered or regrouped
	Collapsed    int // nested conditionals merged (?: by condCollapse, nested ifs by ifcollapse)
	IfsMerged    int // adjacent ifs merged by ifconcat
	Unswitched   int // if conditions hoisted out of a loop
	Split        int // innermost loops split at the bound of a guard on their iterator
	Hoisted      int // invariant expressions bound to a new Decl
	Reused       int // uses served by an existing Decl (CSE)
}

// String is the one-line summary printed under --explain.
func (s Stats) String() string {
	return fmt.Sprintf("astopt: %d hoisted, %d reused, %d unswitched, %d split, %d ifs merged, %d collapsed, %d reassociated",
		s.Hoisted, s.Reused, s.Unswitched, s.Split, s.IfsMerged, s.Collapsed, s.Reassociated)
}

func (c Config) threshold() int { return max(1, c.Threshold) }

func (c Config) unswitchBudget() int {
	if c.UnswitchBudget == 0 {
		return 8
	}
	return max(0, c.UnswitchBudget)
}

func (c Config) smallTrip() int64 {
	if c.SmallTrip == 0 {
		return 4
	}
	return int64(max(0, c.SmallTrip))
}

func (c Config) prefix() string {
	if c.Prefix == "" {
		return "inv"
	}
	return c.Prefix
}

func (c Config) costs() (CostTable, error) {
	if c.Costs != nil {
		return *c.Costs, nil
	}
	t, ok := TargetCosts(c.Target)
	if !ok {
		return CostTable{}, fmt.Errorf("astopt: unknown target %q", c.Target)
	}
	return t, nil
}

// count applies f to the statistics when a Run collects them.
func (c Config) count(f func(*Stats)) {
	if c.stats != nil {
		f(c.stats)
	}
}

// enabled reports whether the pass named name runs under c.
func (c Config) enabled(name string) bool {
	for _, d := range c.Disable {
		if d == name {
			return false
		}
	}
	switch name {
	case "normalize", "ifcollapse", "ifconcat":
		return !c.NoNormalize
	case "unswitch":
		return !c.NoUnswitch
	case "licm", "cse":
		return !c.NoLICM
	}
	return true
}

// Pass is one post-pass on the AST. Run owns n (it may edit it in place)
// and returns the new tree; an error means n was malformed or the
// configuration invalid.
type Pass struct {
	Name string
	Doc  string
	Run  func(n ast.Node, cfg Config) (ast.Node, error)
}

// Passes is the pass table, in execution order.
var Passes = []Pass{
	{"normalize", "reassociate integer +, *, min, max, &&, || by rank (invariant operands together) and collapse nested ?: with a common result", normalizePass},
	{"ifcollapse", "merge `if (a) if (b) S` (no else) into `if (a && b) S`", ifCollapsePass},
	{"ifconcat", "merge adjacent ifs with the same condition", ifConcatPass},
	{"unswitch", "hoist loop-invariant if conditions out of loops", unswitchPass},
	{"isplit", "split innermost loops at the invariant bound of a guard on their iterator (c >= e, c <= e)", isplitPass},
	{"licm", "bind maximal loop-invariant subexpressions of cost >= K to Decls before the outermost loop where they are invariant", licmPass},
	{"cse", "reuse a Decl in scope for an equal expression", csePass},
}

// passOrder lists pairs (a, b): pass a must run before pass b. A test
// checks the table against it.
var passOrder = [...]struct{ a, b string }{
	{"normalize", "ifconcat"},   // equal conditions are found after normalization
	{"normalize", "licm"},       // invariant operands are grouped first
	{"ifcollapse", "unswitch"},  // a collapsed condition's invariant prefix is unswitched
	{"ifconcat", "unswitch"},    // one merged if is unswitched once
	{"unswitch", "licm"},        // conditions leave their loop before their parts are hoisted
	{"unswitch", "isplit"},      // a guard invariant in the loop is unswitched, not split
	{"isplit", "licm"},          // the bounds of the split loops are hoisted
	{"licm", "cse"},             // cse merges the Decls licm made in sibling scopes
	{"ifcollapse", "ifconcat"},  // collapsed ifs can then be concatenated
	{"normalize", "ifcollapse"}, // the merged condition is normalized when built
}

// Run applies the enabled passes to n in table order and returns the new
// tree and what the passes did. n is owned by Run (edited in place; Copy
// it first to keep the original). Run first checks n with ast.Verify; a
// malformed tree is an error and nothing is changed.
func Run(n ast.Node, cfg Config) (ast.Node, Stats, error) {
	var st Stats
	params := ast.FreeNames(n)
	if err := ast.Verify(n, params...); err != nil {
		return n, st, fmt.Errorf("astopt: input: %w", err)
	}
	if _, err := cfg.costs(); err != nil {
		return n, st, err
	}
	cfg.stats = &st
	for _, p := range Passes {
		if !cfg.enabled(p.Name) {
			continue
		}
		out, err := p.Run(n, cfg)
		if err != nil {
			return n, st, fmt.Errorf("astopt: %s: %w", p.Name, err)
		}
		n = out
		if cfg.Check {
			if err := ast.Verify(n, params...); err != nil {
				return n, st, fmt.Errorf("astopt: after %s: %w", p.Name, err)
			}
		}
	}
	return n, st, nil
}
