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

// WriteFileAtomic writes data to path so that path holds either its old
// contents or all of data, never a part: we write a temporary file in the
// same directory, fsync it, rename it over path, and fsync the directory.
// It refuses (ErrSameFile) to write over any of inputs (compared with
// os.SameFile, so links and other spellings of the same file count).
func WriteFileAtomic(path string, data []byte, perm fs.FileMode, inputs ...string) (err error) {
	if fi, statErr := os.Stat(path); statErr == nil {
		for _, in := range inputs {
			if ii, err := os.Stat(in); err == nil && os.SameFile(fi, ii) {
				return fmt.Errorf("emit: refusing to write %s: %w (%s)", path, ErrSameFile, in)
			}
		}
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("emit: %w", err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return fmt.Errorf("emit: writing %s: %w", path, err)
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
	if err = os.Rename(tmp, path); err != nil {
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
