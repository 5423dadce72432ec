//go:build linux

package emit

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// noTemps fails when a temporary file of WriteFileAtomic is left in dir.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// TestWriteFIFO: a FIFO is written through, not replaced by a file.
func TestWriteFIFO(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(p)
		if err != nil {
			got <- "open: " + err.Error()
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- string(b)
	}()
	if err := WriteFileAtomic(p, []byte("through the pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(p); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO was replaced: %v", err)
	}
	if s := <-got; s != "through the pipe" {
		t.Errorf("reader got %q", s)
	}
	noTemps(t, dir)
}

// TestWriteDevNull: a character device is written, not replaced. As root,
// the test writes to a null device node of its own (a regression would
// otherwise replace the system's /dev/null); otherwise to /dev/null, which
// a regression could not replace.
func TestWriteDevNull(t *testing.T) {
	p := nullDevice(t)
	before, err := os.Lstat(p)
	if err != nil || before.Mode()&os.ModeCharDevice == 0 {
		t.Skipf("no character device %s", p)
	}
	if err := WriteFileAtomic(p, []byte("discarded"), 0o644); err != nil {
		t.Fatal(err)
	}
	after, err := os.Lstat(p)
	if err != nil || !os.SameFile(before, after) || after.Mode() != before.Mode() {
		t.Errorf("%s changed: %v -> %v (%v)", p, before.Mode(), after.Mode(), err)
	}
}

// nullDevice returns the path of a null character device that the test
// may lose: a node made in a temporary directory when the process may
// make one (root), else os.DevNull.
func nullDevice(t *testing.T) string {
	if os.Geteuid() != 0 {
		return os.DevNull
	}
	p := filepath.Join(t.TempDir(), "null")
	// Linux's null device is character device 1:3.
	if err := syscall.Mknod(p, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("cannot make a device node: %v", err)
	}
	return p
}

// TestWriteRefused: a directory, a socket and a dangling link are refused
// and left as they were.
func TestWriteRefused(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(sub, []byte("x"), 0o644); !errors.Is(err, ErrNotWritable) || !strings.Contains(err.Error(), "a directory") {
		t.Errorf("directory: got %v", err)
	}
	if fi, err := os.Lstat(sub); err != nil || !fi.IsDir() {
		t.Errorf("directory replaced: %v", err)
	}
	sock := filepath.Join(dir, "sock")
	if l, err := net.Listen("unix", sock); err == nil {
		defer l.Close()
		if err := WriteFileAtomic(sock, []byte("x"), 0o644); !errors.Is(err, ErrNotWritable) || !strings.Contains(err.Error(), "a socket") {
			t.Errorf("socket: got %v", err)
		}
		if fi, err := os.Lstat(sock); err != nil || fi.Mode()&os.ModeSocket == 0 {
			t.Errorf("socket replaced: %v", err)
		}
	}
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "nowhere"), dangling); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(dangling, []byte("x"), 0o644); err == nil {
		t.Error("dangling link: no error")
	}
	if _, err := os.Lstat(filepath.Join(dir, "nowhere")); err == nil {
		t.Error("dangling link: its target was created")
	}
	if err := WriteFileAtomic(filepath.Join(dir, "nodir", "x.c"), []byte("x"), 0o644); err == nil || !strings.Contains(err.Error(), "no directory") {
		t.Errorf("missing directory: got %v", err)
	}
	noTemps(t, dir)
}

// TestWriteThroughSymlink: a link to a regular file stays a link, and the
// file it leads to gets the data and keeps its mode; a link to an input
// is refused.
func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "real")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(sub, "out.c")
	if err := os.WriteFile(target, []byte("old contents, longer than the new"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.c")
	if err := os.Symlink(filepath.Join("real", "out.c"), link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(link, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target holds %q", b)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o600 {
		t.Errorf("target mode %v, want 0600 kept", fi.Mode().Perm())
	}
	noTemps(t, dir)
	noTemps(t, sub)
	in := filepath.Join(dir, "in.c")
	if err := os.WriteFile(in, []byte("input"), 0o644); err != nil {
		t.Fatal(err)
	}
	inLink := filepath.Join(dir, "in-link.c")
	if err := os.Symlink("in.c", inLink); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(inLink, []byte("clobber"), 0o644, in); !errors.Is(err, ErrSameFile) {
		t.Errorf("link to the input: got %v", err)
	}
	if err := WriteFileAtomic(in, []byte("clobber"), 0o644, inLink); !errors.Is(err, ErrSameFile) {
		t.Errorf("input named by a link: got %v", err)
	}
	if b, _ := os.ReadFile(in); string(b) != "input" {
		t.Errorf("input clobbered: %q", b)
	}
}

// TestWriteFDLink: a file named through a descriptor link is written
// through the descriptor, at its offset: it is not replaced, and what was
// written before stays.
func TestWriteFDLink(t *testing.T) {
	p := filepath.Join(t.TempDir(), "out.c")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString("diagnostics;"); err != nil {
		t.Fatal(err)
	}
	link := fmt.Sprintf("/proc/self/fd/%d", f.Fd())
	if _, err := os.Stat(link); err != nil {
		t.Skipf("no %s: %v", link, err)
	}
	before, _ := f.Stat()
	if err := WriteFileAtomic(link, []byte("output"), 0o644); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(p)
	if err != nil || !os.SameFile(before, after) {
		t.Errorf("the file was replaced (%v)", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "diagnostics;output" {
		t.Errorf("file holds %q", b)
	}
	noTemps(t, filepath.Dir(p))
}
