// Package hostcache is tessera's model of the data caches of one core:
// the sizes of the L1 data cache, the L2 and L3 caches and of a cache
// line, in bytes (Model). The scheduler sizes its tiles with it and the
// vector stage the blocks of its packed kernel; the pipeline gives both
// the same Model, so that one figure sizes both.
//
// Where the figures come from (Host reads them once per process):
//
//  1. the environment variable TESSERA_CACHE, a comma-separated list of
//     NAME=SIZE with NAME among L1, L2, L3 and line and SIZE a byte
//     count with an optional K, M or G suffix ("L1=32K,L2=1M"): a fixed
//     model for tests and for measuring another machine's figures;
//     figures it leaves out keep their defaults; a malformed value is
//     ignored, and Source then says so;
//  2. Linux's sysfs, /sys/devices/system/cpu/cpu0/cache/index*/ (the
//     level, type, size and coherency_line_size of each cache of the
//     first CPU; instruction caches are skipped);
//  3. /proc/cpuinfo where sysfs has no cache directory: its "cache size"
//     line (the last-level cache on Intel processors, the L2 on AMD's,
//     as the kernel fills it) and "cache_alignment" (the line size);
//  4. defaults of 32 KiB L1, 1 MiB L2, 8 MiB L3 and 64-byte lines for
//     whatever the sources above leave unknown.
//
// Model.Source says which of these the figures come from ("TESSERA_CACHE",
// "sysfs", "cpuinfo" or "default"); the scheduler's remarks quote it. A
// zero Model means "the host's": Model.Resolve turns it into Host(), and
// completes a given model whose line or L2 size is missing.
//
// The figures size tiles and blocks only; no legality decision depends
// on them, so a wrong figure costs speed, never correctness.
package hostcache
