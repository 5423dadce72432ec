package split

import (
	"testing"

	"github.com/tessera-opt/tessera/internal/scoptest"
)

// TestTempType: the temporary takes the type the split expression is
// evaluated in, not the left side's (a float temporary rounded a double
// product before the addition; found by progfuzz).
func TestTempType(t *testing.T) {
	src := `static double C[9][9], D[9][9];
static float E[9][9], F[9][9];
static int I[9][9];
void k(double alpha, float beta, long double g) {
#pragma scop
  for (int i = 0; i < 9; i++)
    for (int j = 0; j < 9; j++)
      for (int k = 0; k < 9; k++) {
        E[i][j] += alpha * C[i][k] * D[k][j];
        E[i][j] += F[i][k] * F[k][j];
        E[i][j] += beta * F[i][k] * 2.0f;
        E[i][j] += F[i][k] * 2.0;
        C[i][j] += I[i][k] * I[k][j];
        I[i][j] += I[i][k] * k;
        C[i][j] += g * D[i][k];
        C[i][j] += sqrtf(F[i][k]) * F[k][j];
        C[i][j] += (float)D[i][k] * F[k][j];
        C[i][j] += (unsigned char)D[i][k] * F[k][j];
      }
#pragma endscop
}`
	want := []string{"double", "float", "float", "double", "double", "int", "long double", "float", "float", "float"}
	s := scoptest.Model(t, src)
	if len(s.Statements) != len(want) {
		t.Fatalf("%d statements", len(s.Statements))
	}
	for i, st := range s.Statements {
		as := st.Assign()
		lhs := ""
		for _, a := range s.Arrays {
			if a.Name == st.Accesses[len(st.Accesses)-1].Array {
				lhs = a.ElemType
			}
		}
		if got := tempType(s, as.RHS, lhs); got != want[i] {
			t.Errorf("%s: temporary type %q, want %q", st.Text, got, want[i])
		}
	}
}
