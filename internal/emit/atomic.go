package emit

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrSameFile is returned by WriteFileAtomic when the destination is one of
// the protected input files.
var ErrSameFile = errors.New("output file is an input file")

// ErrNotWritable is returned by WriteFileAtomic when the destination is a
// directory, a socket, a block device or another kind of file that output
// must not go to.
var ErrNotWritable = errors.New("not a regular file, character device or FIFO")

// WriteFileAtomic writes data to path, according to what path is:
//
//   - nothing, or a regular file: path ends up holding either its old
//     contents or all of data, never a part. We write a temporary file in
//     the same directory, fsync it, rename it over path and fsync the
//     directory; on any error the temporary file is removed. A new file
//     gets the mode perm, an existing one keeps its mode.
//   - a symbolic link: the file it leads to is written as above (the link
//     stays a link); a link that leads nowhere is refused.
//   - a character device (/dev/null, a terminal) or a FIFO: data is
//     written to it directly, without creating, truncating or replacing
//     the node.
//   - one of the process's descriptors (/dev/stdout, /dev/stderr,
//     /dev/fd/N, /proc/self/fd/N), whatever it refers to: data is written
//     to the descriptor at its offset, as the shell's "> /dev/stdout"
//     does (a file the shell redirected it to stays that file, and what
//     was written there before stays too).
//   - anything else (a directory, a socket, a block device): refused
//     (ErrNotWritable).
//
// It refuses (ErrSameFile) to write over any of inputs (compared with
// os.SameFile, so links and other spellings of the same file count).
func WriteFileAtomic(path string, data []byte, perm fs.FileMode, inputs ...string) error {
	fi, err := os.Stat(path) // follows links
	if errors.Is(err, fs.ErrNotExist) {
		if li, lerr := os.Lstat(path); lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
			return fmt.Errorf("emit: refusing to write %s: a symbolic link to a file that does not exist", path)
		}
		return replaceFile(path, path, data, perm)
	}
	if err != nil {
		return fmt.Errorf("emit: %w", err)
	}
	for _, in := range inputs {
		if ii, err := os.Stat(in); err == nil && os.SameFile(fi, ii) {
			return fmt.Errorf("emit: refusing to write %s: %w (%s)", path, ErrSameFile, in)
		}
	}
	if fd, ok := fdOf(path); ok {
		return writeFD(path, fd, data)
	}
	switch m := fi.Mode(); {
	case m.IsRegular():
		target, err := filepath.EvalSymlinks(path)
		if err != nil {
			return fmt.Errorf("emit: %w", err)
		}
		return replaceFile(path, target, data, m.Perm())
	case m&fs.ModeNamedPipe != 0, m&fs.ModeCharDevice != 0:
		return writeNode(path, data)
	default:
		return fmt.Errorf("emit: refusing to write %s: %w (%s)", path, ErrNotWritable, kindOf(m))
	}
}

// replaceFile writes data to a temporary file beside target and renames it
// over target; path is target as the caller named it, for messages.
func replaceFile(path, target string, data []byte, perm fs.FileMode) (err error) {
	dir := filepath.Dir(target)
	f, err := os.CreateTemp(dir, "."+filepath.Base(target)+".tmp*")
	if err != nil {
		if _, derr := os.Stat(dir); errors.Is(derr, fs.ErrNotExist) {
			return fmt.Errorf("emit: cannot write %s: no directory %s", path, dir)
		}
		return fmt.Errorf("emit: cannot write %s: cannot create a file in %s: %w", path, dir, bare(err))
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return fmt.Errorf("emit: writing %s: %w", path, bare(err))
	}
	if err = f.Chmod(perm); err != nil {
		return fmt.Errorf("emit: %w", err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("emit: syncing %s: %w", path, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("emit: %w", err)
	}
	// What we checked may have been replaced meanwhile: never rename
	// over anything but a regular file.
	if li, lerr := os.Lstat(target); lerr == nil && !li.Mode().IsRegular() {
		return fmt.Errorf("emit: refusing to write %s: %w (%s)", path, ErrNotWritable, kindOf(li.Mode()))
	}
	if err = os.Rename(tmp, target); err != nil {
		return fmt.Errorf("emit: %w", err)
	}
	// Make the rename durable; a directory that cannot be synced (some
	// file systems) is not an error.
	if d, derr := os.Open(dir); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// writeNode writes data to an existing character device or FIFO, opened
// for writing only: the node is neither created, truncated nor replaced.
// Opening a FIFO waits for a reader.
func writeNode(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("emit: %w", err)
	}
	if fi, err := f.Stat(); err != nil || fi.Mode()&(fs.ModeNamedPipe|fs.ModeCharDevice) == 0 {
		f.Close()
		return fmt.Errorf("emit: refusing to write %s: it changed while being opened", path)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("emit: writing %s: %w", path, bare(err))
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("emit: writing %s: %w", path, bare(err))
	}
	return nil
}

// bare returns the cause of a *fs.PathError (whose path, a temporary
// file's or the one the message names already, would be noise).
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// kindOf names the kind of file of mode m.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0 && m&fs.ModeCharDevice == 0:
		return "a block device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m.IsRegular():
		return "a regular file"
	}
	return "an irregular file"
}
