package emit

import "github.com/tessera-opt/tessera/ast"

// Texts are the C texts of some of a region's calls, keyed by their
// User nodes: the calls that a lowering pass rewrote or added (an
// accumulator's load, a private array's declaration, the call of an
// outlined function), whose text is not the statement printer's.
type Texts map[*ast.User]string

// Body wraps a statement printer (Config.Body) so that the calls of t
// print their texts and every other call what body prints. With t empty
// it returns body itself.
func (t Texts) Body(body func(*ast.User) (string, error)) func(*ast.User) (string, error) {
	if len(t) == 0 {
		return body
	}
	return func(u *ast.User) (string, error) {
		if text, ok := t[u]; ok {
			return text, nil
		}
		return body(u)
	}
}
