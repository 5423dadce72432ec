package astgen

import (
	"testing"
	"time"

	"github.com/tessera-opt/tessera/ast"
)

const jacobiTree = `domain: "[TSTEPS, N] -> { S0[t, i, j] : 0 <= t < TSTEPS and 0 < i <= N - 2 and 0 < j <= N - 2; S1[t, i, j] : 0 <= t < TSTEPS and 0 < i <= N - 2 and 0 < j <= N - 2 }"
child:
  schedule: "[TSTEPS, N] -> [{ S0[t, i, j] -> [floor(t/32)]; S1[t, i, j] -> [floor(t/32)] }, { S0[t, i, j] -> [floor((2t + i)/32)]; S1[t, i, j] -> [floor((2t + i + 1)/32)] }, { S0[t, i, j] -> [floor((2t + i + j)/32)]; S1[t, i, j] -> [floor((2t + i + j + 1)/32)] }]"
  permutable: 1
  child:
    schedule: "[TSTEPS, N] -> [{ S0[t, i, j] -> [t]; S1[t, i, j] -> [t] }, { S0[t, i, j] -> [2t + i]; S1[t, i, j] -> [2t + i + 1] }, { S0[t, i, j] -> [2t + i + j]; S1[t, i, j] -> [2t + i + j + 1] }]"
    permutable: 1
    child:
      sequence:
      - filter: "{ S0[t, i, j] }"
      - filter: "{ S1[t, i, j] }"
`

func TestZZJacobi(t *testing.T) {
	tr := mustTree(t, jacobiTree)
	t0 := time.Now()
	_ = func(what string, d time.Duration) {
		if d > 200*time.Millisecond {
			t.Logf("%s took %v", what, d)
		}
	}

	n, err := Generate(tr, Config{})
	t.Logf("%v err=%v", time.Since(t0), err)
	if err == nil {
		t.Logf("\n%s", ast.PrintC(n))
	}
}
