package cfront

// Memo returns compute's value for the File f and key, computed once per
// File: clients keep their per-file indexes here (token lists, name
// sets), so that work done for every region does not rescan the whole
// file. The value is shared: it must not be modified. Memo is safe for
// concurrent use; compute may run more than once when two goroutines ask
// for the same key at once (the first value stored wins).
func Memo[T any](f *File, key string, compute func() T) T {
	if v, ok := f.memo.Load(key); ok {
		return v.(T)
	}
	v, _ := f.memo.LoadOrStore(key, compute())
	return v.(T)
}
