package vector

import (
	"fmt"

	"github.com/tessera-opt/tessera/ast"
)

// The statements the vector stage adds to the AST are ast.User nodes
// whose Payload says what they print (Result.Body dispatches on its type);
// their Names ("vec:0:fma", "vecg:if", ...) are labels for dumps only.

// guardLine is a line of the preprocessor guard around vector code
// (guard, the horizontal reduction's type guard).
type guardLine int

const (
	guardIf     guardLine = iota // #if target and element types
	guardTypeIf                  // #if element types only (GNU vector code)
	guardElse
	guardEndif
)

var guardNames = [...]string{guardIf: "if", guardTypeIf: "tif", guardElse: "else", guardEndif: "endif"}

func (g guardLine) String() string { return "vector guard " + guardNames[g] }

// Part: a preprocessor line touches no memory.
func (guardLine) Part() bool { return true }

// guardUser is the User node of line g.
func guardUser(g guardLine) *ast.User {
	return &ast.User{Name: "vecg:" + guardNames[g], Payload: g}
}

// kernelOp is a statement of the register-tiled kernel (kernel.go).
type kernelOp int

const (
	kAcc kernelOp = iota // load an accumulator
	kSt                  // store an accumulator
	kLdb                 // load the vector operand
	kBc                  // broadcast the row factors
	kFma                 // multiply-add into an accumulator
)

var kernelOpNames = [...]string{kAcc: "acc", kSt: "st", kLdb: "ldb", kBc: "bc", kFma: "fma"}

// kernelStmt is the payload of a statement of kernel kn; the node's Args
// are the register row and vector (constants) and the statement's
// iterators.
type kernelStmt struct {
	kn *kernel
	op kernelOp
}

func (s kernelStmt) String() string {
	return fmt.Sprintf("fma-tile kernel %d %s", s.kn.id, kernelOpNames[s.op])
}

// Part: the kernel reuses its operands in registers.
func (kernelStmt) Part() bool { return false }

// hredOp is a statement of the horizontal reduction (hred.go).
type hredOp int

const (
	hDecl hredOp = iota // the vector accumulator, zero
	hAcc                // accumulate one vector of iterations
	hSum                // add the accumulator's lanes into X
)

var hredOpNames = [...]string{hDecl: "decl", hAcc: "acc", hSum: "hsum"}

// hredStmt is the payload of a statement of reduction h; the node's Args
// are the statement's iterators.
type hredStmt struct {
	h  *hred
	op hredOp
}

func (s hredStmt) String() string {
	return fmt.Sprintf("horizontal reduction %d %s", s.h.id, hredOpNames[s.op])
}

// Part: the accumulation reads what the statement reads, the sum writes
// what it writes.
func (hredStmt) Part() bool { return true }

// packedStmt is the payload of a statement of packed kernel p (packed.go,
// packedpar.go): op names it, term is the term a packing statement
// ("pa", "pb") copies, npre the number of the node's leading Args that
// are the operation's own (the statement's iterators follow).
type packedStmt struct {
	p    *pkernel
	op   string
	term int
	npre int
}

func (s packedStmt) String() string {
	if s.op == "pa" || s.op == "pb" {
		return fmt.Sprintf("packed kernel %d %s term %d", s.p.id, s.op, s.term)
	}
	return fmt.Sprintf("packed kernel %d %s", s.p.id, s.op)
}

// Part: the kernel reuses its packed data.
func (packedStmt) Part() bool { return false }
