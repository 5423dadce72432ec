package ast

import (
	"strings"
	"testing"
)

// testPayload is a comparable payload.
type testPayload struct {
	op   string
	term int
}

func (p testPayload) String() string { return p.op }
func (testPayload) Part() bool       { return false }

// listPayload is a payload of an incomparable type.
type listPayload []int

func (listPayload) String() string { return "list" }
func (listPayload) Part() bool     { return false }

// TestPayload checks that copies keep a User's payload, that EqualNode
// and Dump see it, and that Verify refuses an incomparable one.
func TestPayload(t *testing.T) {
	u := &User{Name: "k:acc", Args: []Expr{NewIdent("i")}, Payload: testPayload{"acc", 1}}
	n := NewBlock(&For{Iter: "i", Init: NewInt(0), Cond: Lt(NewIdent("i"), NewIdent("n")), Inc: NewInt(1), Body: u})
	c := Copy(n)
	if !EqualNode(n, c) {
		t.Fatalf("copy differs:\n%s\n%s", Dump(n), Dump(c))
	}
	cu := c.(*Block).Stmts[0].(*For).Body.(*User)
	if cu.Payload != u.Payload {
		t.Errorf("Copy lost the payload: %v", cu.Payload)
	}
	s := SubstNode(u, map[string]Expr{"i": NewInt(3)}).(*User)
	if s.Payload != u.Payload {
		t.Errorf("SubstNode lost the payload: %v", s.Payload)
	}
	other := &User{Name: "k:acc", Args: []Expr{NewIdent("i")}, Payload: testPayload{"acc", 2}}
	if EqualNode(u, other) || EqualNode(u, &User{Name: "k:acc", Args: []Expr{NewIdent("i")}}) {
		t.Errorf("EqualNode ignores payloads")
	}
	if d := Dump(n); !strings.Contains(d, "user k:acc i {acc}") {
		t.Errorf("Dump does not show the payload:\n%s", d)
	}
	if err := Verify(n, "n"); err != nil {
		t.Errorf("Verify: %v", err)
	}
	bad := &User{Name: "k", Payload: listPayload{1}}
	if err := Verify(bad); err == nil || !strings.Contains(err.Error(), "incomparable") {
		t.Errorf("Verify accepts an incomparable payload: %v", err)
	}
	if EqualNode(bad, &User{Name: "k", Payload: listPayload{1}}) {
		t.Errorf("EqualNode compares incomparable payloads")
	}
}
