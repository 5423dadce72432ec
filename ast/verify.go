package ast

import (
	"fmt"
	"reflect"
)

// Verify checks the structural invariants of n: no nil statement or
// expression where one is required, operators with the right number of
// arguments, loop iterators and Decl names that are C identifiers and do
// not rebind a name already in scope (an iterator is never reassigned; a
// Decl name is unique in its scope), no statement or function called
// under a name that such a binding hides, and every identifier bound by an
// enclosing For, an earlier Decl of an enclosing Block, or params. It
// returns the first problem found, with the path to it.
func Verify(n Node, params ...string) error {
	v := &verifier{params: map[string]bool{}}
	for _, p := range params {
		v.params[p] = true
	}
	return v.node(n, "root")
}

type verifier struct {
	params map[string]bool
	scope  []string
}

func (v *verifier) bound(name string) bool {
	for _, s := range v.scope {
		if s == name {
			return true
		}
	}
	return false
}

func (v *verifier) bind(name, what, path string) error {
	if !isCIdent(name) {
		return fmt.Errorf("ast: verify: %s: %s name %q is not a C identifier", path, what, name)
	}
	if v.bound(name) {
		return fmt.Errorf("ast: verify: %s: %s %q rebinds a name in scope", path, what, name)
	}
	if v.params[name] {
		return fmt.Errorf("ast: verify: %s: %s %q shadows a parameter", path, what, name)
	}
	v.scope = append(v.scope, name)
	return nil
}

func (v *verifier) node(n Node, path string) error {
	if isNil(n) {
		return fmt.Errorf("ast: verify: %s: nil statement", path)
	}
	switch n := n.(type) {
	case *For:
		path += "/for " + n.Iter
		if err := v.expr(n.Init, path+" init"); err != nil {
			return err
		}
		mark := len(v.scope)
		defer func() { v.scope = v.scope[:mark] }()
		if err := v.bind(n.Iter, "iterator", path); err != nil {
			return err
		}
		for _, e := range []struct {
			e    Expr
			what string
		}{{n.Cond, " cond"}, {n.Inc, " inc"}} {
			if err := v.expr(e.e, path+e.what); err != nil {
				return err
			}
		}
		return v.node(n.Body, path)
	case *If:
		if err := v.expr(n.Cond, path+"/if cond"); err != nil {
			return err
		}
		if err := v.scoped(n.Then, path+"/then"); err != nil {
			return err
		}
		if !isNil(n.Else) {
			return v.scoped(n.Else, path+"/else")
		}
		return nil
	case *Block:
		mark := len(v.scope)
		defer func() { v.scope = v.scope[:mark] }()
		for i, s := range n.Stmts {
			if err := v.node(s, fmt.Sprintf("%s/%d", path, i)); err != nil {
				return err
			}
		}
		return nil
	case *User:
		if n.Name == "" {
			return fmt.Errorf("ast: verify: %s: user statement without a name", path)
		}
		if v.bound(n.Name) {
			return fmt.Errorf("ast: verify: %s: user statement %q is hidden by a name in scope", path, n.Name)
		}
		if n.Payload != nil && !reflect.TypeOf(n.Payload).Comparable() {
			return fmt.Errorf("ast: verify: %s: user statement %q has a payload of the incomparable type %T", path, n.Name, n.Payload)
		}
		for i, a := range n.Args {
			if err := v.expr(a, fmt.Sprintf("%s/%s arg %d", path, n.Name, i)); err != nil {
				return err
			}
		}
		return nil
	case *Mark:
		if n.Name == "" {
			return fmt.Errorf("ast: verify: %s: mark without a name", path)
		}
		return v.scoped(n.Body, path+"/mark "+n.Name)
	case *Decl:
		path += "/decl " + n.Name
		if err := v.expr(n.Value, path); err != nil {
			return err
		}
		return v.bind(n.Name, "decl", path)
	}
	return fmt.Errorf("ast: verify: %s: unknown statement %T", path, n)
}

// scoped checks n in a scope of its own (a Decl directly under an if or a
// mark does not leak out).
func (v *verifier) scoped(n Node, path string) error {
	mark := len(v.scope)
	defer func() { v.scope = v.scope[:mark] }()
	return v.node(n, path)
}

func (v *verifier) expr(e Expr, path string) error {
	switch e := e.(type) {
	case nil:
		return fmt.Errorf("ast: verify: %s: nil expression", path)
	case *Int:
		if e == nil {
			return fmt.Errorf("ast: verify: %s: nil constant", path)
		}
		return nil
	case *Ident:
		if e == nil {
			return fmt.Errorf("ast: verify: %s: nil identifier", path)
		}
		if !v.bound(e.Name) && !v.params[e.Name] {
			return fmt.Errorf("ast: verify: %s: unbound identifier %q", path, e.Name)
		}
		return nil
	case *Call:
		if e == nil || !isCIdent(e.Func) {
			return fmt.Errorf("ast: verify: %s: bad call", path)
		}
		if v.bound(e.Func) {
			return fmt.Errorf("ast: verify: %s: call of %q, which a name in scope hides", path, e.Func)
		}
		for _, a := range e.Args {
			if err := v.expr(a, path); err != nil {
				return err
			}
		}
		return nil
	case *Op:
		if e == nil {
			return fmt.Errorf("ast: verify: %s: nil operator", path)
		}
		n := e.Kind.Arity()
		if n == 0 || (n > 0 && len(e.Args) != n) || (n < 0 && len(e.Args) < 1) {
			return fmt.Errorf("ast: verify: %s: operator %s with %d arguments", path, e.Kind, len(e.Args))
		}
		for _, a := range e.Args {
			if err := v.expr(a, path); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("ast: verify: %s: unknown expression %T", path, e)
}

// cKeywords are the C99/C11 keywords, which cannot name a variable.
var cKeywords = map[string]bool{
	"auto": true, "break": true, "case": true, "char": true, "const": true, "continue": true,
	"default": true, "do": true, "double": true, "else": true, "enum": true, "extern": true,
	"float": true, "for": true, "goto": true, "if": true, "inline": true, "int": true,
	"long": true, "register": true, "restrict": true, "return": true, "short": true,
	"signed": true, "sizeof": true, "static": true, "struct": true, "switch": true,
	"typedef": true, "union": true, "unsigned": true, "void": true, "volatile": true,
	"while": true, "_Bool": true, "_Complex": true, "_Imaginary": true, "_Alignas": true,
	"_Alignof": true, "_Atomic": true, "_Generic": true, "_Noreturn": true,
	"_Static_assert": true, "_Thread_local": true,
}

// isCIdent reports whether s can name a C variable (an identifier that is
// not a keyword).
func isCIdent(s string) bool {
	if s == "" || cKeywords[s] {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case '0' <= c && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}
