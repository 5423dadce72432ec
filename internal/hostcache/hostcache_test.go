package hostcache

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"48K", 48 << 10, true}, {"1024K", 1 << 20, true}, {"32M", 32 << 20, true}, {"1G", 1 << 30, true},
		{"65536", 65536, true}, {"", 0, false}, {"K", 0, false}, {"-4K", 0, false}, {"12Q", 0, false},
	} {
		got, ok := ParseSize(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParseSize(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// writeSysfs writes one index directory of a fake sysfs cache tree.
func writeSysfs(t *testing.T, dir, idx, level, typ, size, line string) {
	t.Helper()
	d := filepath.Join(dir, idx)
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]string{"level": level, "type": typ, "size": size, "coherency_line_size": line} {
		if err := os.WriteFile(filepath.Join(d, name), []byte(v+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestReadSysfs(t *testing.T) {
	dir := t.TempDir()
	writeSysfs(t, dir, "index0", "1", "Data", "48K", "64")
	writeSysfs(t, dir, "index1", "1", "Instruction", "32K", "64")
	writeSysfs(t, dir, "index2", "2", "Unified", "2048K", "128")
	m := Read(dir, filepath.Join(dir, "no-cpuinfo"))
	want := Model{L1: 48 << 10, L2: 2 << 20, L3: Default.L3, Line: 128, Source: "sysfs"}
	if m != want {
		t.Errorf("got %+v, want %+v", m, want)
	}
	if m := Read(filepath.Join(dir, "absent"), filepath.Join(dir, "absent")); m != Default {
		t.Errorf("nothing to read: %+v, want the defaults", m)
	}
}

func TestReadCPUInfo(t *testing.T) {
	dir := t.TempDir()
	info := func(vendor, size, align string) string {
		p := filepath.Join(dir, vendor)
		text := "processor\t: 0\nvendor_id\t: " + vendor + "\ncache size\t: " + size + "\ncache_alignment\t: " + align +
			"\n\nprocessor\t: 1\nvendor_id\t: other\ncache size\t: 1 KB\ncache_alignment\t: 32\n"
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	noSysfs := filepath.Join(dir, "absent")
	intel := Read(noSysfs, info("GenuineIntel", "107520 KB", "64"))
	if want := (Model{L1: Default.L1, L2: Default.L2, L3: 107520 << 10, Line: 64, Source: "cpuinfo"}); intel != want {
		t.Errorf("Intel: got %+v, want %+v", intel, want)
	}
	amd := Read(noSysfs, info("AuthenticAMD", "512 KB", "128"))
	if want := (Model{L1: Default.L1, L2: 512 << 10, L3: Default.L3, Line: 128, Source: "cpuinfo"}); amd != want {
		t.Errorf("AMD: got %+v, want %+v", amd, want)
	}
	// sysfs wins over cpuinfo.
	sys := t.TempDir()
	writeSysfs(t, sys, "index0", "1", "Data", "64K", "64")
	if m := Read(sys, info("GenuineIntel", "107520 KB", "64")); m.Source != "sysfs" || m.L1 != 64<<10 || m.L3 != Default.L3 {
		t.Errorf("sysfs and cpuinfo: got %+v, want sysfs's figures only", m)
	}
}

func TestParseSpec(t *testing.T) {
	m, err := ParseSpec("L1=48K, l2=2M,line=128")
	want := Model{L1: 48 << 10, L2: 2 << 20, L3: Default.L3, Line: 128, Source: Env}
	if err != nil || m != want {
		t.Errorf("got %+v, %v; want %+v", m, err, want)
	}
	for _, bad := range []string{"L1", "L1=", "L4=1M", "line=4", "L1=-3K", "L1=32K,"} {
		if _, err := ParseSpec(bad); err == nil || !strings.HasPrefix(err.Error(), "hostcache: "+Env) {
			t.Errorf("ParseSpec(%q): error %v, want one naming %s", bad, err, Env)
		}
	}
}

func TestResolve(t *testing.T) {
	if got := (Model{}).Resolve(); got != Host() {
		t.Errorf("zero model: %+v, want the host's %+v", got, Host())
	}
	got := Model{L1: 48 << 10, Source: "test"}.Resolve()
	if want := (Model{L1: 48 << 10, L2: 384 << 10, Line: 64, Source: "test"}); got != want {
		t.Errorf("partial model: %+v, want %+v", got, want)
	}
	if got := (Model{L1: 16 << 10}).Resolve(); got.L2 != 256<<10 {
		t.Errorf("small L1: L2 %d, want the 256 KiB floor", got.L2)
	}
}
