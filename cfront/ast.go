package cfront

// Node is any syntax node: an Expr, a Stmt, or a *Declarator.
type Node interface {
	// Pos is the position of the node's first byte in the original file.
	Pos() Pos
}

// Expr is a C expression. The concrete types are *Ident, *IntLit,
// *FloatLit, *CharLit, *StringLit, *Paren, *Unary, *Postfix, *Binary,
// *Assign, *CondExpr, *Call, *Index, *Member, *Cast and *SizeofType.
// Parentheses are kept as *Paren so that printing is faithful; use Unparen
// to look through them.
type Expr interface {
	Node
	// Format prints the expression back to C. subst, when not nil, is asked
	// for every identifier (array names and callees included, member names
	// excluded); a substitution that is not a plain identifier or number is
	// wrapped in parentheses.
	Format(subst func(name string) (string, bool)) string
	exprNode()
}

// Ident is a name: a variable, an array, a macro such as N or _PB_N, or a
// callee. Macros are never expanded.
type Ident struct {
	At   Pos
	Name string
}

// IntLit is an integer literal. Text is the exact spelling (suffixes
// included); Value is its value when Big is false. Char literals are *CharLit.
type IntLit struct {
	At    Pos
	Text  string
	Value int64
	Big   bool // the value does not fit in int64; Value is 0
}

// FloatLit is a floating literal; Text is the exact spelling.
type FloatLit struct {
	At   Pos
	Text string
}

// CharLit is a character literal such as 'a' with its integer value.
type CharLit struct {
	At    Pos
	Text  string
	Value int64
}

// StringLit is one or more adjacent string literals; Text joins their
// spellings with a space.
type StringLit struct {
	At   Pos
	Text string
}

// Paren is a parenthesized expression (X).
type Paren struct {
	At Pos
	X  Expr
}

// Unary is a prefix operator: one of "-", "+", "!", "~", "*" (dereference),
// "&" (address), "++", "--" (pre-increment/decrement) and "sizeof" (of an
// expression).
type Unary struct {
	At Pos
	Op string
	X  Expr
}

// Postfix is X++ or X--.
type Postfix struct {
	At Pos // position of X
	Op string
	X  Expr
}

// Binary is X Op Y with Op one of "*", "/", "%", "+", "-", "<<", ">>", "<",
// "<=", ">", ">=", "==", "!=", "&", "^", "|", "&&", "||" and "," (only inside
// parentheses).
type Binary struct {
	At    Pos // position of X
	Op    string
	OpPos Pos
	X, Y  Expr
}

// Assign is LHS Op RHS with Op one of "=", "+=", "-=", "*=", "/=", "%=",
// "<<=", ">>=", "&=", "^=", "|=".
type Assign struct {
	At       Pos // position of LHS
	Op       string
	LHS, RHS Expr
}

// CondExpr is Cond ? Then : Else.
type CondExpr struct {
	At               Pos
	Cond, Then, Else Expr
}

// Call is Fun(Args...). Function-like macros such as SCALAR_VAL(x) or
// min(a,b) are calls too.
type Call struct {
	At   Pos
	Fun  Expr // usually *Ident
	Args []Expr
}

// Index is X[Index]; A[i][j] is Index{Index{A, i}, j}. See ArrayAccess.
type Index struct {
	At    Pos
	X     Expr
	Index Expr
}

// Member is X.Name or X->Name (Arrow). Parsed so that the error comes from
// the stage that cannot model it.
type Member struct {
	At    Pos
	X     Expr
	Arrow bool
	Name  string
}

// Cast is (Type)X.
type Cast struct {
	At   Pos
	Type *TypeName
	X    Expr
}

// SizeofType is sizeof(Type).
type SizeofType struct {
	At   Pos
	Type *TypeName
}

// TypeName is a type as written in a cast, sizeof or declaration: the
// specifier words (qualifiers included) joined by one space, then one '*'
// per pointer level, e.g. "const double", "DATA_TYPE", "float*".
// Base is the specifier part only ("const double"), Stars the pointer levels.
type TypeName struct {
	At    Pos
	Text  string
	Base  string
	Stars int
}

func (e *Ident) Pos() Pos      { return e.At }
func (e *IntLit) Pos() Pos     { return e.At }
func (e *FloatLit) Pos() Pos   { return e.At }
func (e *CharLit) Pos() Pos    { return e.At }
func (e *StringLit) Pos() Pos  { return e.At }
func (e *Paren) Pos() Pos      { return e.At }
func (e *Unary) Pos() Pos      { return e.At }
func (e *Postfix) Pos() Pos    { return e.At }
func (e *Binary) Pos() Pos     { return e.At }
func (e *Assign) Pos() Pos     { return e.At }
func (e *CondExpr) Pos() Pos   { return e.At }
func (e *Call) Pos() Pos       { return e.At }
func (e *Index) Pos() Pos      { return e.At }
func (e *Member) Pos() Pos     { return e.At }
func (e *Cast) Pos() Pos       { return e.At }
func (e *SizeofType) Pos() Pos { return e.At }
func (t *TypeName) Pos() Pos   { return t.At }

func (*Ident) exprNode()      {}
func (*IntLit) exprNode()     {}
func (*FloatLit) exprNode()   {}
func (*CharLit) exprNode()    {}
func (*StringLit) exprNode()  {}
func (*Paren) exprNode()      {}
func (*Unary) exprNode()      {}
func (*Postfix) exprNode()    {}
func (*Binary) exprNode()     {}
func (*Assign) exprNode()     {}
func (*CondExpr) exprNode()   {}
func (*Call) exprNode()       {}
func (*Index) exprNode()      {}
func (*Member) exprNode()     {}
func (*Cast) exprNode()       {}
func (*SizeofType) exprNode() {}

// Stmt is a statement of a region: *For, *If, *Block, *ExprStmt, *Decl or
// *Empty. Every statement knows its byte span [Pos().Offset, End()) in the
// original file.
type Stmt interface {
	Node
	// End is the offset just past the statement's last byte (the ';' or '}').
	End() int
	stmtNode()
}

// For is a counted loop
//
//	for (init; cond; incr) Body
//
// already checked to have the shape
//
//	init: [type] Iter = Lower
//	cond: Iter op e1 && Iter op e2 ... (op in <, <=, >, >=; "e > i" is
//	      stored mirrored as "i < e")
//	incr: i++, ++i, i--, --i, i += c, i -= c, i = i + c, i = i - c, i = c + i
//	      with c an integer constant; Step is the signed constant.
//	      Or i += v, i = i + v, i = v + i with v a variable: StepVar,
//	      an upward step known only at run time.
//
// At least one bound limits the iterator in the direction of Step
// (upward for StepVar).
type For struct {
	At       Pos
	Iter     string
	IterPos  Pos       // position of the iterator's name in init
	DeclType *TypeName // type when init declares the iterator ("int i = 0"), else nil
	Lower    Expr      // the initial value
	Bounds   []Bound   // the conjuncts of cond, iterator on the left
	Step     int64     // 0 exactly when StepVar is set
	// StepVar is the step when it is a variable, known only at run time
	// ("ii += bs", "ii = ii + bs" with bs not a macro): the loop counts
	// upward by a value the model cannot represent, which package scop
	// refuses and which only a caller that proves a rewrite for every
	// value of the step (internal/multiversion's joined blocks) accepts.
	StepVar *Ident
	Init    Stmt // the raw init clause: *Decl or *ExprStmt
	Cond    Expr // the raw condition
	Incr    Expr // the raw increment
	Body    Stmt
	EndOff  int
}

// Bound is one conjunct "Iter Op Expr" of a loop condition.
type Bound struct {
	Op   string // "<", "<=", ">", ">="
	Expr Expr
	// Raw is the conjunct as written (possibly "N > i", possibly in parentheses).
	Raw Expr
}

// If is if (Cond) Then [else Else]; Else is nil when absent.
type If struct {
	At     Pos
	Cond   Expr
	Then   Stmt
	Else   Stmt
	EndOff int
}

// Block is { Stmts }. A Block whose At is the position of its first
// statement rather than a '{' holds the pieces of a chained assignment
// written as the body of a for or an if (see ExprStmt.Split).
type Block struct {
	At     Pos // the '{'
	Stmts  []Stmt
	EndOff int // just past the '}'
}

// ExprStmt is an expression statement; X is an *Assign, or a *Unary or
// *Postfix with Op "++"/"--". Text is the exact source bytes from the first
// byte of X through the ';'.
//
// A chained assignment "a = b = e;" (a filter's
// initialization "a1 = a5 = k;") is split into one statement per write, innermost first:
// "b = e;" then "a = b;". Those statements have Split set, Text is their
// formatted form (not source bytes), At is the position of their left
// side and EndOff is the end of the original statement.
type ExprStmt struct {
	At     Pos
	X      Expr
	Text   string
	EndOff int
	Split  bool
}

// Decl is a declaration inside a region, e.g. "double t = 0;" or
// "int i, j;". Text is the exact source bytes through the ';' (for a for
// init clause: through the end of the declarator list).
type Decl struct {
	At     Pos
	Type   *TypeName // the specifiers (no pointer stars: those are per declarator)
	Vars   []*Declarator
	Text   string
	EndOff int
}

// Declarator is one declared name: Stars pointer levels, then array
// extents Dims (nil entries for "[]"), then an optional initializer.
type Declarator struct {
	At    Pos
	Name  string
	Stars int
	Dims  []Expr
	Init  Expr // nil when absent
	// Attrs is the text of the GNU attributes after the declarator
	// ("__attribute__((aligned(64)))"), "" when none (localattr.go).
	Attrs string
}

func (d *Declarator) Pos() Pos { return d.At }

// Empty is the empty statement ';'.
type Empty struct {
	At Pos
}

func (s *For) Pos() Pos      { return s.At }
func (s *If) Pos() Pos       { return s.At }
func (s *Block) Pos() Pos    { return s.At }
func (s *ExprStmt) Pos() Pos { return s.At }
func (s *Decl) Pos() Pos     { return s.At }
func (s *Empty) Pos() Pos    { return s.At }

func (s *For) End() int      { return s.EndOff }
func (s *If) End() int       { return s.EndOff }
func (s *Block) End() int    { return s.EndOff }
func (s *ExprStmt) End() int { return s.EndOff }
func (s *Decl) End() int     { return s.EndOff }
func (s *Empty) End() int    { return s.At.Offset + 1 }

func (*For) stmtNode()      {}
func (*If) stmtNode()       {}
func (*Block) stmtNode()    {}
func (*ExprStmt) stmtNode() {}
func (*Decl) stmtNode()     {}
func (*Empty) stmtNode()    {}

// Unparen strips any number of enclosing parentheses.
func Unparen(e Expr) Expr {
	for {
		p, ok := e.(*Paren)
		if !ok {
			return e
		}
		e = p.X
	}
}

// ArrayAccess splits A[e1][e2]... (parentheses around the base allowed)
// into the array name and its subscripts, outermost first. ok is false when
// e is not a subscripted identifier. A pointer dereference *p is not an
// array access; PolyBench's (POLYBENCH_ARRAY(B))[i][j] is B[i][j].
func ArrayAccess(e Expr) (name string, subs []Expr, ok bool) {
	e = Unparen(e)
	for {
		ix, isIx := e.(*Index)
		if !isIx {
			break
		}
		subs = append(subs, ix.Index)
		e = Unparen(ix.X)
	}
	if c, isCall := e.(*Call); isCall && len(c.Args) == 1 {
		// PolyBench's POLYBENCH_ARRAY(B) is *B for a heap array declared
		// by POLYBENCH_nD_ARRAY_DECL (a pointer to the whole array) and B
		// for a stack one: either way (POLYBENCH_ARRAY(B))[i][j] is
		// element [i][j] of the array B as declared.
		if f, isId := Unparen(c.Fun).(*Ident); isId && f.Name == "POLYBENCH_ARRAY" {
			e = Unparen(c.Args[0])
		}
	}
	id, isId := e.(*Ident)
	if !isId || len(subs) == 0 {
		return "", nil, false
	}
	for i, j := 0, len(subs)-1; i < j; i, j = i+1, j-1 {
		subs[i], subs[j] = subs[j], subs[i]
	}
	return id.Name, subs, true
}
