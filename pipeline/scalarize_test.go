package pipeline

import (
	"os/exec"
	"strings"
	"testing"
)

// TestScalarize checks the accumulator of an innermost update loop in the
// parallel flow (package scalarize): an element invariant in the loop goes
// through a local, in the forms x op= e and x = x op e (parenthesized or
// not, as scop's recognizer sees them); an element that moves with the
// loop, an array also read elsewhere in the statement, a chain that would
// regroup (x = x + a + b), or the form x = e op x, which is left to the C
// compiler, does not. With gcc, the
// program prints what the original prints.
func TestScalarize(t *testing.T) {
	tests := []struct {
		name, body string
		want       bool
	}{
		{"invariant element", "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] = C[i][j] + A[i][k] * A[j][k];", true},
		{"compound", "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] += A[i][k] * A[j][k];", true},
		{"right", "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] = A[i][k] * A[j][k] + C[i][j];", false},
		{"parenthesized", "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] = (C[i][j] - A[i][k] * A[j][k]);", true},
		{"product", "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] = C[i][j] * A[i][k];", true},
		{"chain", "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) for (int k = 0; k < N; k++) C[i][j] = C[i][j] + A[i][k] + A[j][k];", false},
		{"moving element", "for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) C[i][j] = C[i][j] + A[i][j];", false},
		{"array read elsewhere", "for (int i = 0; i < N; i++) for (int k = 0; k < N; k++) C[i][0] = C[i][0] + C[k][1];", false},
	}
	gcc, _ := exec.LookPath("gcc")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "void f(int N, double C[N][N], double A[N][N]) {\n#pragma scop\n" + tc.body + "\n#pragma endscop\n}\n"
			opt := Options{}
			opt.Sched.Parallel = true
			opt.Sched.NoTile = true
			opt.OMP.NoCost = true
			res, err := Optimize("t.c", []byte(src), opt)
			if err != nil || res.Errors() {
				t.Fatalf("%v %v", err, res.Diags)
			}
			got := strings.Contains(string(res.Output), "tessera_acc0")
			if got != tc.want {
				t.Errorf("accumulator %v, want %v:\n%s", got, tc.want, res.Output)
			}
			if gcc == "" || !got {
				return
			}
			// Non-trivial values, so that a changed order or a lost update
			// shows in the printed sums.
			main := "#include <stdio.h>\n" + "\nint main(void) {\n  enum { M = 37 };\n  static double C[M][M], A[M][M];\n" +
				"  for (int i = 0; i < M; i++) for (int j = 0; j < M; j++) { C[i][j] = (i * 7 + j) % 11 * 0.125; A[i][j] = (i + 3 * j) % 13 * 0.0625 - 0.3; }\n" +
				"  f(M, C, A);\n  double s = 0;\n  for (int i = 0; i < M; i++) for (int j = 0; j < M; j++) s += C[i][j] * (i + 2 * j + 1);\n  printf(\"%.17g\\n\", s);\n  return 0;\n}\n"
			want := runC(t, gcc, "orig", src+main, "-O2")
			if out := runC(t, gcc, "opt", string(res.Output)+main, "-O2", "-fopenmp"); out != want {
				t.Errorf("prints %q, the original %q:\n%s", out, want, res.Output)
			}
		})
	}
}
