package astgen

import (
	"testing"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/presburger"
)

func TestScratch(t *testing.T) {
	sched := mustUnionMap(t, "[n] -> { S0[i, j] -> [2*j] : 1 <= i and i <= n - 1 and 0 <= j and j <= i + 2 and exists a : i = 2*a + 0 }")
	node, err := FromScheduleMap(sched, presburger.Set{}, Options{}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", ast.PrintC(node))
	for _, m := range sched.Maps() {
		t.Logf("%v", m)
	}
}
