//go:build unix

package emit

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// fdOf returns the descriptor of the process that path names through a
// descriptor link: /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N.
func fdOf(path string) (int, bool) {
	p := filepath.Clean(path)
	switch p {
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	}
	for _, dir := range []string{"/dev/fd/", "/proc/self/fd/", fmt.Sprintf("/proc/%d/fd/", os.Getpid())} {
		if rest, ok := strings.CutPrefix(p, dir); ok {
			if n, err := strconv.Atoi(rest); err == nil && n >= 0 {
				return n, true
			}
		}
	}
	return 0, false
}

// writeFD writes data to the open descriptor fd (named path), where the
// process would write to it anyway: at its offset, with its flags, as the
// shell's "> /dev/stdout" does, whatever file it is. The descriptor stays
// open.
func writeFD(path string, fd int, data []byte) error {
	for len(data) > 0 {
		n, err := syscall.Write(fd, data)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return fmt.Errorf("emit: writing %s: %w", path, err)
		}
		data = data[n:]
	}
	return nil
}
