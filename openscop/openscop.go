package openscop

// RelType is the type of a relation, written on the line before its
// header (CONTEXT, DOMAIN, ...).
type RelType int

const (
	Undefined RelType = iota
	Context
	Domain
	Scattering
	Read
	Write
	MayWrite
)

var relNames = [...]string{"UNDEFINED", "CONTEXT", "DOMAIN", "SCATTERING", "READ", "WRITE", "MAY_WRITE"}

func (t RelType) String() string {
	if t >= 0 && int(t) < len(relNames) {
		return relNames[t]
	}
	return "UNDEFINED"
}

// IsAccess reports whether t is READ, WRITE or MAY_WRITE.
func (t RelType) IsAccess() bool { return t == Read || t == Write || t == MayWrite }

// Part is one convex part of a relation: a constraint matrix.
//
// Invariant: every row has 2 + Out + In + Local + Params entries in the
// OpenScop order [e/i, out dims, in dims, local dims, params, constant];
// the first entry is 0 for an equality (row·x = 0) and 1 for an
// inequality (row·x >= 0).
type Part struct {
	Out, In, Local, Params int
	Rows                   [][]int64
}

// NCols returns the number of columns of the part's rows.
func (p Part) NCols() int { return 2 + p.Out + p.In + p.Local + p.Params }

// Relation is a union of convex parts of one type. All parts have the
// same Out, In and Params (Local may differ).
type Relation struct {
	Type  RelType
	Parts []Part
	// Line is the line of the type keyword in the file read (0 when built).
	Line int
}

// Body is the <body> extension of a statement: the names of its original
// iterators, outermost first, and its C text on one line.
type Body struct {
	Iterators []string
	Text      string
}

// Statement is one statement: its relations and its body.
type Statement struct {
	Domain     *Relation
	Scattering *Relation
	// Accesses in the order of the file (READ, WRITE, MAY_WRITE).
	Accesses []*Relation
	// Body is nil when the statement has no <body> extension.
	Body *Body
	// Extensions are the statement's other generics, kept as read.
	Extensions []Generic
	// Line is the line of the statement's relation count.
	Line int
}

// Array is one entry of the <arrays> extension.
type Array struct {
	ID   int
	Name string
}

// Coordinates is the <coordinates> extension: where the SCoP is in its
// source file (lines and columns from 1, inclusive).
type Coordinates struct {
	File                                 string
	StartLine, StartCol, EndLine, EndCol int
	Indent                               int
}

// Generic is an extension that the package does not interpret, kept as
// its URI and its text between the tags.
type Generic struct {
	URI  string
	Text string
}

// Scop is one OpenScop document (<OpenScop> ... </OpenScop>).
type Scop struct {
	Language string
	Context  *Relation
	// Params are the parameter names, nil when not provided.
	Params     []string
	Statements []*Statement
	// Arrays is the <arrays> extension (nil when absent).
	Arrays []Array
	// ScatNames is the <scatnames> extension (nil when absent).
	ScatNames []string
	// Coordinates is the <coordinates> extension (nil when absent).
	Coordinates *Coordinates
	// Extensions are the other extensions, kept as read.
	Extensions []Generic
	// Line is the line of the <OpenScop> tag in the file read.
	Line int
}

// ArrayName returns the name of the array with identifier id from the
// <arrays> extension, or "" when it has none.
func (s *Scop) ArrayName(id int) string {
	for _, a := range s.Arrays {
		if a.ID == id {
			return a.Name
		}
	}
	return ""
}
