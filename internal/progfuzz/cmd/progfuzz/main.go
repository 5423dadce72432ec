// Command progfuzz runs the differential test of package progfuzz for
// many seeds: generated static-control C programs, compiled as written and
// after `tessera opt` with every flow, outputs compared.
//
//	go build -o /tmp/progfuzz/tessera ./cmd/tessera
//	nice -n 10 go run ./internal/progfuzz/cmd/progfuzz -tessera /tmp/progfuzz/tessera -seed 1 -n 500 -j 2 -dir /tmp/progfuzz/run
//
// Failing seeds keep their files (prog.c, every flow's output) under -dir.
// -per 4 runs the default flow and three others per program (rotating with
// the seed); -flows a,b selects flows by name (names cannot contain commas
// here: tile-sizes=3,5,7 runs only with all flows; NAME+float is flow NAME
// compiled with -DDATA_TYPE_IS_FLOAT, which half of the PolyBench-style
// programs also run, see progfuzz.WithFloat). Counts per flow, the
// diagnostics of declined regions and what the outputs used (OpenMP,
// vector intrinsics, tiling) print every 50 programs and on SIGTERM.
//
//	progfuzz -tessera T -check FILE.c [-flows NAME]      one file, every flow
//	progfuzz -tessera T -reduce FILE.c -flows NAME -kind wrong-output -o OUT.c
//
// -pb runs only the PolyBench-style programs of the seed range; -opt-timeout
// shortens the limit of one tessera run (to reduce a tessera-timeout).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/tessera-opt/tessera/internal/progfuzz"
)

func main() {
	tessera := flag.String("tessera", "", "tessera binary (required)")
	first := flag.Uint64("seed", 1, "first seed")
	n := flag.Uint64("n", 100, "number of programs")
	jobs := flag.Int("j", 1, "programs at once")
	dir := flag.String("dir", "/tmp/progfuzz/run", "scratch directory")
	per := flag.Int("per", 0, "flows per program (0: all; the default flow always runs, the others rotate with the seed)")
	only := flag.String("flows", "", "comma-separated flow names (default: all)")
	keep := flag.Bool("keep", false, "keep the files of passing seeds")
	reduce := flag.String("reduce", "", "reduce this failing C file (with -flows NAME and -kind KIND) instead of generating")
	kind := flag.String("kind", "wrong-output", "with -reduce: the failure kind to keep")
	out := flag.String("o", "", "with -reduce: where to write the reduced file (default FILE.reduced.c)")
	check := flag.String("check", "", "check this C file (a program printing its results) with the flows instead of generating")
	optTimeout := flag.Duration("opt-timeout", 0, "time limit of one tessera opt run (default 60s; shorter to reduce a tessera-timeout)")
	pbOnly := flag.Bool("pb", false, "only the PolyBench-style programs (skip the seeds of the others)")
	flag.Parse()
	if *tessera == "" {
		fmt.Fprintln(os.Stderr, "progfuzz: -tessera is required")
		os.Exit(2)
	}
	flows := progfuzz.DefaultFlows()
	if *only != "" {
		want := map[string]bool{}
		for _, f := range strings.Split(*only, ",") {
			want[f] = true
		}
		var sel []progfuzz.Flow
		for _, f := range flows {
			if want[f.Name] {
				sel = append(sel, f)
			}
			if want[f.Name+"+float"] {
				sel = append(sel, progfuzz.FloatTwin(f))
			}
		}
		flows = sel
	}
	if *check != "" {
		src, err := os.ReadFile(*check)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		cfg := progfuzz.Config{Tessera: *tessera, OptTimeout: *optTimeout, Dir: *dir, Flows: flows, Keep: *keep}
		res, err := progfuzz.Check(context.Background(), cfg, progfuzz.Program{Name: "check", Source: string(src)})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for _, o := range res.Outcomes {
			fmt.Printf("%-32s %-8s %s %s\n", o.Flow, o.Status, o.Kind, o.Detail)
		}
		return
	}
	if *reduce != "" {
		if len(flows) != 1 {
			fmt.Fprintln(os.Stderr, "progfuzz: -reduce needs exactly one flow in -flows")
			os.Exit(2)
		}
		src, err := os.ReadFile(*reduce)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		cfg := progfuzz.Config{Tessera: *tessera, OptTimeout: *optTimeout, Dir: *dir}
		red, err := progfuzz.Reduce(context.Background(), cfg, string(src), flows[0], *kind, func(f string, a ...any) { fmt.Printf(f+"\n", a...) })
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if *out == "" {
			*out = strings.TrimSuffix(*reduce, ".c") + ".reduced.c"
		}
		if err := os.WriteFile(*out, []byte(red), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println("wrote", *out)
		return
	}
	var stats progfuzz.Stats
	seeds := make(chan uint64)
	var wg sync.WaitGroup
	var mu sync.Mutex
	start := time.Now()
	bad := 0
	for w := 0; w < *jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seed := range seeds {
				p := progfuzz.Generate(seed)
				if *pbOnly && !strings.Contains(p.Source, "#ifdef DATA_TYPE_IS_FLOAT") {
					continue
				}
				cfg := progfuzz.Config{Tessera: *tessera, OptTimeout: *optTimeout, Dir: *dir, Keep: *keep, Flows: progfuzz.WithFloat(p, progfuzz.FlowsFor(seed, flows, *per))}
				res, err := progfuzz.Check(context.Background(), cfg, p)
				mu.Lock()
				if err != nil {
					bad++
					fmt.Printf("seed %d: %v\n", seed, err)
					mu.Unlock()
					continue
				}
				stats.Add(res)
				var line []string
				for _, o := range res.Outcomes {
					line = append(line, o.Flow+"="+o.Status.String())
				}
				fmt.Printf("seed %d [%s] %s\n", seed, time.Since(start).Round(time.Second), strings.Join(line, " "))
				for _, o := range res.Failures() {
					fmt.Printf("  FAIL seed %d flow %s: %s: %s\n", seed, o.Flow, o.Kind, o.Detail)
				}
				mu.Unlock()
			}
		}()
	}
	// SIGTERM or SIGINT: print the counts so far and stop.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	go func() {
		<-sig
		mu.Lock()
		stats.Print(os.Stdout)
		os.Exit(1)
	}()
	for s := *first; s < *first+*n; s++ {
		seeds <- s
		if (s-*first)%50 == 49 {
			stats.Print(os.Stdout)
		}
	}
	close(seeds)
	wg.Wait()
	stats.Print(os.Stdout)
	if bad > 0 {
		fmt.Printf("generator errors: %d\n", bad)
	}
}
