package astgen

import (
	"strings"
	"testing"
)

// Tiled and wavefront schedules whose tile dims are bounded only through
// floor divisions (the tile loops of time-skewed stencils): the bounds of
// an inner point dim come from existential variables that Fourier-Motzkin
// must eliminate in a good order (heat-3d and seidel-2d of the kernel
// suite failed with "unbounded schedule dimension").

const heat3dTree = `domain: "[T, N] -> { S0[t, i, j, k] : 0 < t <= T and 0 < i <= N - 2 and 0 < j <= N - 2 and 0 < k <= N - 2; S1[t, i, j, k] : 0 < t <= T and 0 < i <= N - 2 and 0 < j <= N - 2 and 0 < k <= N - 2 }"
child:
  schedule: "[T, N] -> [{ S0[t, i, j, k] -> [floor(t/B)]; S1[t, i, j, k] -> [floor(t/B)] }, { S0[t, i, j, k] -> [floor((2t + i)/B)]; S1[t, i, j, k] -> [floor((2t + i + 1)/B)] }, { S0[t, i, j, k] -> [floor((2t + i + j)/B)]; S1[t, i, j, k] -> [floor((2t + i + j + 1)/B)] }, { S0[t, i, j, k] -> [floor((2t + i + k)/B)]; S1[t, i, j, k] -> [floor((2t + i + k + 1)/B)] }]"
  permutable: 1
  child:
    schedule: "[T, N] -> [{ S0[t, i, j, k] -> [t]; S1[t, i, j, k] -> [t] }, { S0[t, i, j, k] -> [2t + i]; S1[t, i, j, k] -> [2t + i + 1] }, { S0[t, i, j, k] -> [2t + i + j]; S1[t, i, j, k] -> [2t + i + j + 1] }, { S0[t, i, j, k] -> [2t + i + k]; S1[t, i, j, k] -> [2t + i + k + 1] }]"
    permutable: 1
    child:
      sequence:
      - filter: "{ S0[t, i, j, k] }"
      - filter: "{ S1[t, i, j, k] }"
`

const seidel2dTree = `domain: "[T, N] -> { S0[t, i, j] : 0 <= t < T and 0 < i <= N - 2 and 0 < j <= N - 2 }"
child:
  schedule: "[T, N] -> [{ S0[t, i, j] -> [floor((t + i + B*floor(t/B))/B)] }]"
  permutable: 1
  child:
    mark: "parallel"
    child:
      schedule: "[T, N] -> [{ S0[t, i, j] -> [floor((t + i)/B)] }, { S0[t, i, j] -> [floor((2t + i + j)/B)] }]"
      permutable: 1
      coincident: [ 1, 0 ]
      child:
        schedule: "[T, N] -> [{ S0[t, i, j] -> [t] }, { S0[t, i, j] -> [t + i] }, { S0[t, i, j] -> [2t + i + j] }]"
        permutable: 1
`

func TestTiledDivBounds(t *testing.T) {
	cases := []struct {
		name, yaml, size string
		lo, hi           int64
	}{
		{"seidel-2d-B4", seidel2dTree, "4", 0, 7},
		{"seidel-2d-B32", seidel2dTree, "32", 0, 5},
		{"heat-3d-B2", heat3dTree, "2", 0, 5},
		{"heat-3d-B32", heat3dTree, "32", 0, 5},
		{"fdtd-2d-B4", fdtd2dTree, "4", 0, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if testing.Short() && strings.HasPrefix(c.name, "heat") {
				t.Skip("slow in -short")
			}
			checkTree(t, mustTree(t, tileSize(c.yaml, c.size)), c.lo, c.hi)
		})
	}
}

// tileSize writes the tile size into a tree written with B.
func tileSize(yaml, size string) string {
	return strings.ReplaceAll(strings.ReplaceAll(yaml, "/B", "/"+size), "B*", size+"*")
}
