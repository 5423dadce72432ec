package pipeline

import (
	"strings"
	"testing"
)

// TestScalarize checks the accumulator of an innermost update loop in the
// parallel flow: an element invariant in the loop goes through a local,
// an element that moves with the loop, or an array also read elsewhere
// in the statement, does not.
func TestScalarize(t *testing.T) {
	tests := []struct {
		name, body string
		want       bool
	}{
		{"invariant element", "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] = C[i][j] + A[i][k] * A[j][k];", true},
		{"compound", "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] += A[i][k] * A[j][k];", true},
		{"moving element", "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) C[i][j] = C[i][j] + A[i][j];", false},
		{"array read elsewhere", "for (int i = 0; i < N; i++) for (int k = 0; k < N; k++) C[i][0] = C[i][0] + C[k][1];", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "void f(int N, double C[N][N], double A[N][N]) {\n#pragma scop\n" + tc.body + "\n#pragma endscop\n}\n"
			opt := Options{}
			opt.Sched.Parallel = true
			opt.Sched.NoTile = true
			res, err := Optimize("t.c", []byte(src), opt)
			if err != nil || res.Errors() {
				t.Fatalf("%v %v", err, res.Diags)
			}
			got := strings.Contains(string(res.Output), "tessera_acc0")
			if got != tc.want {
				t.Errorf("accumulator %v, want %v:\n%s", got, tc.want, res.Output)
			}
		})
	}
}
