package scop

import (
	"errors"

	"github.com/tessera-opt/tessera/cfront"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/schedule"
)

// Config controls the translation. The zero value works.
type Config struct {
	// File names the source file in diagnostics.
	File string
	// Context is an optional user context in isl notation, e.g.
	// "[n, m] -> { : n >= 16 and m >= n }"; it is intersected with the
	// default context.
	Context string
	// NoParamAssumptions drops the default assumption that the parameters
	// occurring in loop bounds are non-negative.
	NoParamAssumptions bool
	// Cancel, when closed, stops the construction of the model: FromRegion
	// returns ErrCancelled at the next statement (nil: never).
	Cancel <-chan struct{}
}

// ErrCancelled is FromRegion's error when Config.Cancel was closed before
// the model was complete.
var ErrCancelled = errors.New("scop: model construction cancelled")

// Scop is the polyhedral model of one region. Its presburger values are
// immutable; the slices are owned by the Scop and must not be modified by
// users.
type Scop struct {
	File   string
	Region Region
	// Body is the region's statement list as modelled: the region's own,
	// with the calls of macros that hide reads expanded (macroexpand.go).
	// Statement.Syntax points into it.
	Body []cfront.Stmt
	// Params lists the parameters in order of first use.
	Params []string
	// Context is a set in the parameter space (no tuple).
	Context presburger.Set
	// Assumption, when not empty, is a C condition on the parameters
	// under which the model holds and that Context includes: a
	// delinearized subscript stays within its extent only then
	// (A[i*lda + j] needs n <= lda for j < n). The optimized code must
	// run only when it holds, the original code otherwise.
	Assumption string
	// PPCond, when not empty, is a preprocessor condition under which
	// the model holds: "(BS) == 8" when the value of a macro that a -D
	// flag may change was taken for a product or a division, the
	// condition of the one definition of an index macro expanded. The
	// optimized code must be compiled only under it.
	PPCond string
	// Statements in textual order, Statements[k].Name == "S<k>".
	Statements []*Statement
	// Arrays touched by the region, sorted by name.
	Arrays []*Array
	// Loops of the original nest in textual (pre-)order; Loops[k].ID == k.
	Loops []*Loop
	// Domain is the union of the statement domains.
	Domain presburger.UnionSet
	// Schedule is the initial schedule tree (mirrors the source).
	Schedule schedule.Tree
	// FlatSchedule is the 2d+1 schedule { S[i] -> [c0, i0, c1, ...] }, all
	// statements mapped to one unnamed tuple of length 2*MaxDepth+1.
	FlatSchedule presburger.UnionMap
}

// Region gives the byte offsets of the original text of the region, as
// cfront found them: [Start, End) is what the emitter replaces.
type Region struct {
	Start, End int
	Pos        cfront.Pos
}

// Statement is one statement of the region with its instances.
type Statement struct {
	// Name is "S<k>", the tuple name of the statement in every set and map.
	Name string
	// Text is the exact source text of the statement (through the ';').
	Text string
	Pos  cfront.Pos
	// Syntax is the statement as parsed (*cfront.ExprStmt or *cfront.Decl).
	Syntax cfront.Stmt
	// Iters are the dimension names of the domain tuple, outermost first;
	// CIters the C names of the iterators (differ only when an inner loop
	// shadows an outer iterator of the same name).
	Iters, CIters []string
	// Loops are the IDs (indices in Scop.Loops) of the enclosing loops,
	// outermost first; len(Loops) == len(Iters).
	Loops []int
	// Domain is the iteration domain, a set with tuple Name and the Iters
	// as dims.
	Domain presburger.Set
	// Accesses in evaluation order: the reads of the right-hand side (and
	// of the left side for compound assignments), then the write.
	Accesses []*Access
	// Op is the assignment operator ("=", "+=", ..., "++", "--", or "decl").
	Op string
	// The method Update recognizes an update of the left side (x += e,
	// x = x + e, ...), from which reductions are recognized.
	// Position in the flat schedule: Beta[k] is the textual position at
	// depth k (len(Beta) == len(Iters)+1).
	Beta []int
}

// AccessKind tells reads from writes.
type AccessKind int

const (
	Read AccessKind = iota
	Write
)

func (k AccessKind) String() string {
	if k == Write {
		return "write"
	}
	return "read"
}

// Access is one array reference of a statement.
type Access struct {
	Kind  AccessKind
	Array string
	// Rel maps the statement's instances (restricted to its domain) to the
	// elements accessed: { S0[i, j] -> A[i, j + 1] }; the range tuple is
	// the array name with Rank dims (zero for scalars).
	Rel  presburger.Map
	Pos  cfront.Pos
	Text string
	// LHS is true for a read that touches the element the statement
	// writes, with the same subscripts: the read of the left side of a
	// compound assignment (+=, *=, ...), of x++, or of x in x = x op e.
	LHS bool
	// May is true for an access with a subscript that is not affine
	// (A[B[i]], A[i*i]): Rel maps each instance to every element it may
	// touch (the subscripts that are affine stay exact, each other one
	// ranges over the array's declared extent when that is a constant,
	// else over all integers), and the instance touches one of them. A
	// may-write may leave an element of Rel unwritten, so it never kills
	// an earlier write (package deps); a may-read may read any of them.
	// Users that need the element itself (expansion, vector code,
	// reductions) treat a statement with a may access as opaque.
	May bool
}

// HasMay reports whether the statement has a may access.
func (st *Statement) HasMay() bool {
	for _, a := range st.Accesses {
		if a.May {
			return true
		}
	}
	return false
}

// HasMay reports whether some statement of the region has a may access.
func (s *Scop) HasMay() bool {
	for _, st := range s.Statements {
		if st.HasMay() {
			return true
		}
	}
	return false
}

// MayArrays returns the names of the arrays some statement accesses with
// a may access.
func (s *Scop) MayArrays() map[string]bool {
	out := map[string]bool{}
	for _, st := range s.Statements {
		for _, a := range st.Accesses {
			if a.May {
				out[a.Array] = true
			}
		}
	}
	return out
}

// Array is an array or scalar touched by the region.
type Array struct {
	Name string
	// ElemType is the element type as declared ("double", "DATA_TYPE"
	// resolved when cfront could, "" when no declaration was found).
	ElemType string
	// Rank is the number of subscripts (0 for scalars).
	Rank int
	// Extents are the declared extents as C text when known.
	Extents []string
	// Local is true for variables declared inside the region.
	Local bool
	// ReadOnly is true when the region never writes the array.
	ReadOnly bool
	// Strides is set for an array that C indexes with one subscript
	// computed from products of parameters (A[i*n + j]) and the model
	// with Rank subscripts (A[i][j]): C's subscript is the sum of the
	// model's subscripts times these products of parameters, outermost
	// first ("n", "1"). The code keeps C's single subscript
	// (scop/delin.go).
	Strides []string
}

// Loop is one loop of the original nest.
type Loop struct {
	ID int
	// Iter is the domain dimension name of the iterator, CIter its C name.
	Iter, CIter string
	Step        int64
	// Depth is 1 for an outermost loop.
	Depth int
	// Parent is the ID of the enclosing loop, -1 for none.
	Parent int
	Pos    cfront.Pos
	// Stmts are the indices of the statements inside the loop.
	Stmts []int
}
