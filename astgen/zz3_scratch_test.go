package astgen

import (
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
)

func TestZZJacobiProf(t *testing.T) {
	tr := mustTree(t, jacobiTree)
	type stat struct {
		n, fail int
		d       time.Duration
	}
	stats := map[string]*stat{}
	debugDecide = func(d time.Duration, ok bool) {
		pc := make([]uintptr, 10)
		n := runtime.Callers(4, pc)
		fr := runtime.CallersFrames(pc[:n])
		var names []string
		for {
			f, more := fr.Next()
			names = append(names, f.Function[strings.LastIndex(f.Function, ".")+1:])
			if !more || len(names) >= 3 {
				break
			}
		}
		k := strings.Join(names, "<")
		st := stats[k]
		if st == nil {
			st = &stat{}
			stats[k] = st
		}
		st.n++
		st.d += d
		if !ok {
			st.fail++
		}
	}
	defer func() { debugDecide = nil }()
	t0 := time.Now()
	_, err := Generate(tr, Config{})
	t.Logf("%v err=%v", time.Since(t0), err)
	var keys []string
	for k := range stats {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return stats[keys[i]].d > stats[keys[j]].d })
	for _, k := range keys[:min(15, len(keys))] {
		st := stats[k]
		t.Logf("%-60s n=%d fail=%d %v", k, st.n, st.fail, st.d)
	}
}
