package progfuzz

import (
	"fmt"
	"io"
	"sort"
	"sync"
)

// FlowsFor picks the flows seed runs when only per of them run per
// program (per <= 0 or >= len(flows): all). The first flow (default) always
// runs; the others rotate with the seed so a campaign covers them evenly.
func FlowsFor(seed uint64, flows []Flow, per int) []Flow {
	if per <= 0 || per >= len(flows) {
		return flows
	}
	out := []Flow{flows[0]}
	rest := flows[1:]
	for i := 0; len(out) < per; i++ {
		out = append(out, rest[(int(seed)*(per-1)+i)%len(rest)])
	}
	return out
}

// Stats counts outcomes per flow and declines per diagnostic.
type Stats struct {
	mu       sync.Mutex
	order    []string
	flows    map[string]*[3]int
	declines map[string]int
	failures []string
	features map[string]int
	Programs int
}

// Add records one program's result.
func (s *Stats) Add(r *Result) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.flows == nil {
		s.flows = map[string]*[3]int{}
		s.declines = map[string]int{}
	}
	s.Programs++
	for _, o := range r.Outcomes {
		c := s.flows[o.Flow]
		if c == nil {
			c = new([3]int)
			s.flows[o.Flow] = c
			s.order = append(s.order, o.Flow)
		}
		c[o.Status]++
		if s.features == nil {
			s.features = map[string]int{}
		}
		for _, f := range o.Features {
			s.features[f]++
		}
		switch o.Status {
		case Declined:
			s.declines[o.Kind]++
		case Failed:
			s.failures = append(s.failures, fmt.Sprintf("seed %d flow %s: %s: %s", r.Seed, o.Flow, o.Kind, clip(o.Detail, 300)))
		}
	}
}

// Print writes the table of counts.
func (s *Stats) Print(w io.Writer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(w, "programs %d\n", s.Programs)
	names := append([]string(nil), s.order...)
	sort.Strings(names)
	for _, n := range names {
		c := s.flows[n]
		fmt.Fprintf(w, "  %-30s runs %4d  ok %4d  declined %4d  FAILED %4d\n", n, c[0]+c[1]+c[2], c[OK], c[Declined], c[Failed])
	}
	var fs []string
	for f := range s.features {
		fs = append(fs, f)
	}
	sort.Strings(fs)
	for _, f := range fs {
		fmt.Fprintf(w, "  outputs with %s: %d\n", f, s.features[f])
	}
	var kinds []string
	for k := range s.declines {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		fmt.Fprintf(w, "  declined %4d: %s\n", s.declines[k], k)
	}
	for _, f := range s.failures {
		fmt.Fprintf(w, "  %s\n", f)
	}
}
