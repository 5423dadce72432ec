package progfuzz

import (
	"fmt"
	"os/exec"
	"path/filepath"
)

// BuildTessera builds the tessera command of the module at root into dir.
func BuildTessera(root, dir string) (string, error) {
	bin := filepath.Join(dir, "tessera")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/tessera")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/tessera: %v\n%s", err, out)
	}
	return bin, nil
}
