package pipeline

import "github.com/tessera-opt/tessera/internal/unsigned"

// addUnsignedHeader defines at the top of the file the helper that
// converts unsigned parameters in generated expressions (package
// unsigned), when a rewritten region uses it.
func addUnsignedHeader(out []byte, regions []*Region, prefix string) []byte {
	for _, r := range regions {
		if !r.Kept && r.unsigned.Casts() {
			return unsigned.AddHeader(out, prefix)
		}
	}
	return out
}
