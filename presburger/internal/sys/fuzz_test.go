package sys

import "testing"

// systemFromBytes decodes a small bounded system: n = 1..3 variables, rows
// with coefficients in [-4, 4] and constants in [-8, 7], the box [-4, 4]^n.
func systemFromBytes(data []byte) (*System, int) {
	if len(data) < 2 {
		return nil, 0
	}
	n := 1 + int(data[0])%3
	neq := int(data[1]) % 3
	data = data[2:]
	s := New(n)
	for len(data) >= n+1 {
		r := make([]int64, n+1)
		for i := 0; i < n; i++ {
			r[i] = int64(data[i]%9) - 4
		}
		r[n] = int64(data[n]%16) - 8
		data = data[n+1:]
		if neq > 0 {
			s.AddEq(r)
			neq--
		} else {
			s.AddIneq(r)
		}
		if len(s.Eq)+len(s.Ineq) >= 6 {
			break
		}
	}
	addBox(s, 0, n, 4)
	return s, n
}

// FuzzOmega checks IsIntegerEmpty, Sample and Project(s, 1) against brute
// force on fuzzer-made bounded systems. The seed corpus runs in go test.
func FuzzOmega(f *testing.F) {
	f.Add([]byte{1, 0, 3, 8, 2, 1, 6, 9})
	f.Add([]byte{2, 1, 5, 1, 7, 3, 0, 4, 8, 2, 7, 1, 1, 4})
	f.Add([]byte{0, 0, 7, 2, 1, 12})
	f.Add([]byte{1, 2, 6, 3, 9, 2, 5, 11, 0, 7, 15})
	f.Add([]byte{2, 0, 8, 7, 6, 5, 4, 3, 2, 1, 0, 8, 8, 8})
	f.Fuzz(func(t *testing.T, data []byte) {
		s, n := systemFromBytes(data)
		if s == nil {
			return
		}
		want := bruteEmpty(s, 4)
		if got := IsIntegerEmpty(s); got != want {
			t.Fatalf("IsIntegerEmpty(%s) = %v, want %v", s, got, want)
		}
		pt, ok := Sample(s)
		if ok == want || (ok && !s.Contains(pt)) {
			t.Fatalf("Sample(%s) = %v, %v", s, pt, ok)
		}
		if n >= 2 {
			checkProject(t, "fuzz", s, 1, 5, 4)
		}
	})
}
