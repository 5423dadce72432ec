//go:build !unix

package emit

// fdOf reports no descriptor links where they are not Unix's.
func fdOf(path string) (int, bool) { return 0, false }

func writeFD(path string, fd int, data []byte) error { panic("emit: writeFD without descriptor links") }
