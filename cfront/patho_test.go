package cfront

import (
	"strings"
	"testing"
)

func TestPatho(t *testing.T) {
	src := "void g() {\n" + strings.Repeat("for (i=0;i<n;i++) ", 1000)
	ParseFile("p.c", []byte(src), Config{AutoScop: true})
}
