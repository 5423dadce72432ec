package ast

import (
	"fmt"
	"strings"
)

// Dump prints the tree structure of n for debugging, one node a line,
// expressions in prefix form (SExpr):
//
//	for c0 init=0 cond=(<= c0 (- n 1)) inc=1 parallel
//	  user S1 c0
func Dump(n Node) string {
	var b strings.Builder
	dump(&b, n, 0)
	return b.String()
}

func dump(b *strings.Builder, n Node, depth int) {
	pad := strings.Repeat("  ", depth)
	if isNil(n) {
		b.WriteString(pad + "<nil>\n")
		return
	}
	switch n := n.(type) {
	case *For:
		fmt.Fprintf(b, "%sfor %s init=%s cond=%s inc=%s", pad, n.Iter, SExpr(n.Init), SExpr(n.Cond), SExpr(n.Inc))
		if n.Parallel {
			b.WriteString(" parallel")
		}
		for _, a := range n.Annotations {
			b.WriteString(" [" + a + "]")
		}
		b.WriteByte('\n')
		dump(b, n.Body, depth+1)
	case *If:
		fmt.Fprintf(b, "%sif %s\n", pad, SExpr(n.Cond))
		dump(b, n.Then, depth+1)
		if !isNil(n.Else) {
			b.WriteString(pad + "else\n")
			dump(b, n.Else, depth+1)
		}
	case *Block:
		b.WriteString(pad + "block\n")
		for _, s := range n.Stmts {
			dump(b, s, depth+1)
		}
	case *User:
		b.WriteString(pad + "user " + n.Name)
		for _, a := range n.Args {
			b.WriteString(" " + SExpr(a))
		}
		if n.Payload != nil {
			b.WriteString(" {" + n.Payload.String() + "}")
		}
		b.WriteByte('\n')
	case *Mark:
		b.WriteString(pad + "mark " + n.Name + "\n")
		dump(b, n.Body, depth+1)
	case *Decl:
		b.WriteString(pad + "decl " + n.Name + " = " + SExpr(n.Value) + "\n")
	}
}
