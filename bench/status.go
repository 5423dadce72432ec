package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// ExitStatus is the exit status of `tessera bench` for the report: 1 when
// some cell printed WRONG output, or when a flow failed everywhere (every
// cell of it OPT-FAIL, BUILD-FAIL or RUN-FAIL); else 0. The reasons go to
// why, one line each.
func (rep *Report) ExitStatus(why io.Writer) int {
	code := 0
	for _, s := range rep.Summary {
		if s.Wrong > 0 {
			fmt.Fprintf(why, "tessera bench: flow %s printed WRONG output for %d kernel(s)\n", s.Flow, s.Wrong)
			code = 1
		}
		if s.Failed > 0 && s.OK+s.Wrong+s.Other == 0 {
			fmt.Fprintf(why, "tessera bench: flow %s failed on every kernel\n", s.Flow)
			code = 1
		}
	}
	return code
}

// MarshalJSON writes a summary with "geomean_speedup": null when the flow
// has no cell to average (GeoMean 0), not a speedup of 0.
func (s FlowSummary) MarshalJSON() ([]byte, error) {
	type plain FlowSummary
	out := struct {
		plain
		GeoMean *float64 `json:"geomean_speedup"`
	}{plain: plain(s)}
	if s.GeoMean > 0 {
		out.GeoMean = &s.GeoMean
	}
	return json.Marshal(out)
}

// liveLine shows the harness's progress lines as one line rewritten in
// place (a terminal's), and ends it with a newline when done.
type liveLine struct {
	mu    sync.Mutex
	w     io.Writer
	width int  // columns: a longer line is cut, so that it does not wrap
	shown bool // a line is on the screen, not ended
}

// progressWriter returns w itself when it is not a terminal (plain
// lines), else a liveLine on it; finish ends the line in place.
func progressWriter(w io.Writer) (pw io.Writer, finish func()) {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("TERM") == "dumb" {
		return w, func() {}
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return w, func() {}
	}
	width := 80
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 10 {
		width = n
	}
	l := &liveLine{w: w, width: width}
	return l, l.finish
}

func (l *liveLine) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, line := range strings.Split(strings.TrimRight(string(p), "\n"), "\n") {
		if utf8.RuneCountInString(line) > l.width-1 {
			line = string([]rune(line)[:l.width-1])
		}
		// Carriage return, the line, then erase to the end of the line.
		if _, err := fmt.Fprintf(l.w, "\r%s\x1b[K", line); err != nil {
			return 0, err
		}
		l.shown = true
	}
	return len(p), nil
}

func (l *liveLine) finish() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.shown {
		fmt.Fprintln(l.w)
		l.shown = false
	}
}
