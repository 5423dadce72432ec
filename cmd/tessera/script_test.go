package main

import (
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the test binary run as the tessera command in the scripts
// of testdata/script.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"tessera":  func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"exitcode": exitcode,
	})
}

// exitcode N tessera ARGS... runs tessera ARGS and succeeds when its exit
// status is N (a script's "! exec" only tells zero from non-zero).
func exitcode() {
	if len(os.Args) < 3 || os.Args[2] != "tessera" {
		fmt.Fprintln(os.Stderr, "usage: exitcode N tessera ARGS...")
		os.Exit(3)
	}
	want, err := strconv.Atoi(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "exitcode: bad status", os.Args[1])
		os.Exit(3)
	}
	if got := run(os.Args[3:], os.Stdin, os.Stdout, os.Stderr); got != want {
		fmt.Fprintf(os.Stderr, "exitcode: tessera exited with status %d, want %d\n", got, want)
		os.Exit(1)
	}
	os.Exit(0)
}

// TestScripts runs the command-line scripts of testdata/script: exit
// status, messages and outputs of every command (txtar files; the
// commands below make the special files the output tests write to).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"mkfifo":   cmdMkfifo,
			"mknull":   cmdMknull,
			"mksock":   cmdMksock,
			"fiforead": cmdFiforead,
			"filetype": cmdFiletype,
		},
	})
}

// mkfifo NAME makes a FIFO.
func cmdMkfifo(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: mkfifo NAME")
	}
	ts.Check(syscall.Mkfifo(ts.MkAbs(args[0]), 0o644))
}

// mknull NAME makes a null character device: a device node of its own
// when the process may make one (root), so that a regression cannot
// replace the system's /dev/null, else a symbolic link to /dev/null
// (which a regression could not replace without those rights).
func cmdMknull(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: mknull NAME")
	}
	p := ts.MkAbs(args[0])
	if os.Geteuid() == 0 {
		ts.Check(syscall.Mknod(p, syscall.S_IFCHR|0o666, 1<<8|3)) // Linux's null device
		return
	}
	ts.Check(os.Symlink(os.DevNull, p))
}

// mksock NAME makes a Unix socket file (nobody listens on it).
func cmdMksock(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: mksock NAME")
	}
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: ts.MkAbs(args[0]), Net: "unix"})
	ts.Check(err)
	l.SetUnlinkOnClose(false)
	ts.Check(l.Close())
}

// fiforead FIFO FILE copies what the writers of FIFO write to FILE (it
// waits for a writer).
func cmdFiforead(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: fiforead FIFO FILE")
	}
	f, err := os.Open(ts.MkAbs(args[0]))
	ts.Check(err)
	defer f.Close()
	b, err := io.ReadAll(f)
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), b, 0o644))
}

// filetype NAME KIND checks the kind of file NAME is, not following a
// symbolic link: regular, dir, symlink, fifo, chardev or socket.
func cmdFiletype(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: filetype NAME KIND")
	}
	fi, err := os.Lstat(ts.MkAbs(args[0]))
	ts.Check(err)
	m := fi.Mode()
	kind := "other"
	switch {
	case m.IsRegular():
		kind = "regular"
	case m.IsDir():
		kind = "dir"
	case m&os.ModeSymlink != 0:
		kind = "symlink"
	case m&os.ModeNamedPipe != 0:
		kind = "fifo"
	case m&os.ModeCharDevice != 0:
		kind = "chardev"
	case m&os.ModeSocket != 0:
		kind = "socket"
	}
	if (kind == args[1]) == neg {
		ts.Fatalf("%s is a %s file", filepath.Base(args[0]), kind)
	}
}
