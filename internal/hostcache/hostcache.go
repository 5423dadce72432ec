package hostcache

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// Model describes the data caches of one core, in bytes. The zero Model
// stands for the host's caches (Resolve).
type Model struct {
	// L1 is the L1 data cache; L2 and L3 the unified caches behind it.
	L1, L2, L3 int64
	// Line is the size of a cache line.
	Line int64
	// Source says where the figures come from: "TESSERA_CACHE", "sysfs",
	// "cpuinfo", "default", or a name a test gives.
	Source string
}

// Env is the environment variable that fixes the host's model (see the
// package documentation for its syntax).
const Env = "TESSERA_CACHE"

// Default is the model used when the host tells nothing.
var Default = Model{L1: 32 << 10, L2: 1 << 20, L3: 8 << 20, Line: 64, Source: "default"}

const (
	sysfsDir    = "/sys/devices/system/cpu/cpu0/cache"
	cpuinfoPath = "/proc/cpuinfo"
)

// Host returns the host's model, read once per process from the sources
// the package documentation lists, in that order.
func Host() Model { return host() }

var host = sync.OnceValue(func() Model {
	m := Read(sysfsDir, cpuinfoPath)
	if spec := os.Getenv(Env); spec != "" {
		fixed, err := ParseSpec(spec)
		if err != nil {
			// Say so wherever the model is quoted rather than fail a
			// run over a figure that decides no legality.
			m.Source += " (" + err.Error() + "; ignored)"
			return m
		}
		return fixed
	}
	return m
})

// Resolve returns the model to use for m: the host's when m has no L1
// size, else m with a missing line size set to 64 bytes and a missing L2
// size to eight times L1 (at least 256 KiB).
func (m Model) Resolve() Model {
	if m.L1 <= 0 {
		m = Host()
	}
	if m.Line <= 0 {
		m.Line = 64
	}
	if m.L2 <= 0 {
		m.L2 = max(m.L1*8, 256<<10)
	}
	return m
}

// Read reads a model from a sysfs cache directory (index*/ entries) or,
// when the directory has no cache entry, from a /proc/cpuinfo file;
// figures neither gives keep Default's.
func Read(sysDir, cpuinfo string) Model {
	if m, ok := readSysfs(sysDir); ok {
		return m
	}
	if m, ok := readCPUInfo(cpuinfo); ok {
		return m
	}
	return Default
}

// readSysfs reads the index*/ entries of a sysfs cache directory; it
// reports false when no data or unified cache of level 1 to 3 is found.
func readSysfs(dir string) (Model, bool) {
	m := Default
	entries, err := filepath.Glob(filepath.Join(dir, "index*"))
	if err != nil || len(entries) == 0 {
		return m, false
	}
	found := false
	for _, e := range entries {
		read := func(name string) string {
			b, err := os.ReadFile(filepath.Join(e, name))
			if err != nil {
				return ""
			}
			return strings.TrimSpace(string(b))
		}
		typ := read("type")
		if typ != "Data" && typ != "Unified" {
			continue
		}
		lvl, err := strconv.Atoi(read("level"))
		if err != nil {
			continue
		}
		size, ok := ParseSize(read("size"))
		if !ok || !m.set(lvl, size) {
			continue
		}
		found = true
		if l, err := strconv.ParseInt(read("coherency_line_size"), 10, 64); err == nil && validLine(l) {
			m.Line = l
		}
	}
	m.Source = "sysfs"
	return m, found
}

// set stores size as the cache of level lvl; it reports false for a
// level the model has no field for.
func (m *Model) set(lvl int, size int64) bool {
	switch lvl {
	case 1:
		m.L1 = size
	case 2:
		m.L2 = size
	case 3:
		m.L3 = size
	default:
		return false
	}
	return true
}

func validLine(l int64) bool { return l >= 8 && l <= 1024 }

// readCPUInfo reads the "vendor_id", "cache size" and "cache_alignment"
// lines of the first processor of a /proc/cpuinfo file. The kernel puts
// the last-level cache in "cache size" on Intel processors and the L2 on
// the others that have the line (AMD's); the size counts as L3 or L2
// accordingly. It reports false when the file has no "cache size".
func readCPUInfo(path string) (Model, bool) {
	f, err := os.Open(path)
	if err != nil {
		return Default, false
	}
	defer f.Close()
	m := Default
	vendor, size, found := "", int64(0), false
	sc := bufio.NewScanner(f)
lines:
	for sc.Scan() {
		key, val, ok := strings.Cut(sc.Text(), ":")
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		switch {
		case !ok:
		case key == "processor" && found:
			break lines // the first processor's lines only
		case key == "vendor_id":
			vendor = val
		case key == "cache size":
			// "1024 KB"
			size, found = ParseSize(strings.ReplaceAll(strings.TrimSuffix(val, "B"), " ", ""))
		case key == "cache_alignment":
			if l, err := strconv.ParseInt(val, 10, 64); err == nil && validLine(l) {
				m.Line = l
			}
		}
	}
	if !found {
		return Default, false
	}
	if vendor == "GenuineIntel" {
		m.L3 = size
	} else {
		m.L2 = size
	}
	m.Source = "cpuinfo"
	return m, true
}

// ParseSize reads "48K", "1024K", "32M", "1G" or a plain byte count
// (positive, at most 2^20 before the suffix).
func ParseSize(s string) (int64, bool) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "K"):
		mult, s = 1<<10, strings.TrimSuffix(s, "K")
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, strings.TrimSuffix(s, "M")
	case strings.HasSuffix(s, "G"):
		mult, s = 1<<30, strings.TrimSuffix(s, "G")
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v <= 0 || v > 1<<20 {
		return 0, false
	}
	return v * mult, true
}

// ParseSpec reads a model from the syntax of TESSERA_CACHE
// ("L1=48K,L2=2M,L3=32M,line=64"); figures it leaves out keep Default's.
func ParseSpec(spec string) (Model, error) {
	m := Default
	m.Source = Env
	for _, item := range strings.Split(spec, ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(item), "=")
		size, sok := ParseSize(strings.TrimSpace(val))
		if !ok || !sok {
			return Model{}, fmt.Errorf("hostcache: %s: %q is not NAME=SIZE with a positive SIZE", Env, item)
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "l1":
			m.L1 = size
		case "l2":
			m.L2 = size
		case "l3":
			m.L3 = size
		case "line":
			if !validLine(size) {
				return Model{}, fmt.Errorf("hostcache: %s: line size %d is not within 8 to 1024 bytes", Env, size)
			}
			m.Line = size
		default:
			return Model{}, fmt.Errorf("hostcache: %s: unknown cache %q (want L1, L2, L3 or line)", Env, name)
		}
	}
	return m, nil
}
