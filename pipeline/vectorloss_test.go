package pipeline

import (
	"testing"

	"github.com/tessera-opt/tessera/internal/testutil"
	"github.com/tessera-opt/tessera/internal/vector"
	"github.com/tessera-opt/tessera/scheduler"
)

// A time loop around three row statements that read each other's
// neighbours: tiling the time loop skews the band, and the skewed
// innermost point loop carries a dependence (the fused statements read
// values of the previous column), so the tiles lose the vector loops that
// every statement has in the original order.
const skewLosesVector = `void f(int tm, int nx, int ny, double a[nx][ny], double b[nx][ny], double c[nx][ny]) {
#pragma scop
  for (int t = 0; t < tm; t++) {
    for (int i = 1; i < nx; i++)
      for (int j = 0; j < ny; j++)
        a[i][j] = a[i][j] - 0.5 * (c[i][j] - c[i-1][j]);
    for (int i = 0; i < nx; i++)
      for (int j = 1; j < ny; j++)
        b[i][j] = b[i][j] - 0.5 * (c[i][j] - c[i][j-1]);
    for (int i = 0; i < nx - 1; i++)
      for (int j = 0; j < ny - 1; j++)
        c[i][j] = c[i][j] - 0.7 * (b[i][j+1] - b[i][j] + a[i+1][j] - a[i][j]);
  }
#pragma endscop
}
`

// A time loop around two statements whose tiled point loops stay
// vectorizable (each statement reads only the other's array): the time
// tiles keep the vector loops, and the tiling stays.
const skewKeepsVector = `void f(int tm, int n, double A[n][n], double B[n][n]) {
#pragma scop
  for (int t = 0; t < tm; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j-1] + A[i][j+1] + A[i+1][j] + A[i-1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j-1] + B[i][j+1] + B[i+1][j] + B[i-1][j]);
  }
#pragma endscop
}
`

// TestVectorLoss: in the sequential flow with vector code, a new schedule
// that tiles a time loop but vectorizes fewer of the deepest statements
// than the original order loses to the original order; one that keeps
// its vector loops wins by its tiles; the parallel flow, where the tiles
// give the wavefront's parallelism, keeps the tiles.
func TestVectorLoss(t *testing.T) {
	t.Parallel()
	avx2, err := vector.ParseTarget("avx2")
	if err != nil {
		t.Fatal(err)
	}
	vec := vector.Config{Target: avx2}
	cases := []struct {
		name, src string
		opt       Options
		want      string
	}{
		{"loses", skewLosesVector, Options{Vectorize: true, Vector: vec}, whyVectorLoss},
		{"keeps", skewKeepsVector, Options{Vectorize: true, Vector: vec}, whyGains},
		{"loses-parallel", skewLosesVector, Options{Vectorize: true, Vector: vec, Sched: scheduler.Config{Parallel: true}}, whyGains},
		{"loses-novector", skewLosesVector, Options{}, whyGains},
	}
	testutil.NoteSample(t, "the sequential vector flow's two cases (loses, keeps)")
	for i, c := range cases {
		if i >= 2 && !testutil.IsLong() {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			reg := optimizeOne(t, c.name, c.src, c.opt).Regions[0]
			if reg.choice == nil || reg.choice.win == nil {
				t.Fatal("no choice")
			}
			if reg.choice.verdict != c.want {
				t.Errorf("verdict %q, want %q", reg.choice.verdict, c.want)
			}
		})
	}
}
