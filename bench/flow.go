package bench

import (
	"fmt"
	"strings"
)

// FlowKind tells how a flow builds a kernel.
type FlowKind int

const (
	// Baseline compiles the kernel as written with Config.Compiler.
	Baseline FlowKind = iota
	// Tessera runs `tessera opt <TesseraFlags> kernel.c -o out.c`, then
	// compiles out.c with Config.Compiler (plus -fopenmp when the flags
	// contain --parallel).
	Tessera
	// External compiles the kernel as written with its own compiler
	// command (e.g. clang with Polly); skipped when the compiler is absent.
	External
)

func (k FlowKind) String() string {
	switch k {
	case Baseline:
		return "baseline"
	case Tessera:
		return "tessera"
	case External:
		return "external"
	}
	return fmt.Sprintf("FlowKind(%d)", int(k))
}

// Flow is one way of building a kernel. The baseline flow is always run
// first and every other flow's output is compared with it.
type Flow struct {
	Name         string
	Kind         FlowKind
	TesseraFlags []string // Tessera only: flags passed to `tessera opt`
	// Compiler is the full compiler command of an External flow, e.g.
	// "clang -O3 -march=native -mllvm -polly"; for other kinds it is empty
	// and Config.Compiler is used.
	Compiler string
	// ExtraCFlags are appended to the compile command (for tests and
	// experiments, e.g. "-DPERTURB").
	ExtraCFlags []string
	// Reassociates marks flows whose output may differ from the baseline
	// by rounding (reductions computed in another order): they are
	// compared with the kernel's relative tolerance instead of exactly.
	Reassociates bool
}

// OpenMP reports whether the flow's program must be compiled with -fopenmp.
func (f Flow) OpenMP() bool {
	for _, a := range f.TesseraFlags {
		if a == "--parallel" || strings.HasPrefix(a, "--parallel=") {
			return true
		}
	}
	return false
}

// BaselineFlow is the reference flow.
func BaselineFlow() Flow { return Flow{Name: "baseline", Kind: Baseline} }

// TesseraFlow makes a flow running `tessera opt` with the given flags. Flows
// with --parallel or vector code (on by default, off with --novectorize or
// --identity) are compared with a tolerance.
func TesseraFlow(name string, flags ...string) Flow {
	f := Flow{Name: name, Kind: Tessera, TesseraFlags: flags}
	vec, identity, explicit := true, false, false
	for _, a := range flags {
		switch {
		case a == "--parallel" || strings.HasPrefix(a, "--parallel="):
			f.Reassociates = true
		case a == "--vectorize" || a == "--vectorize=true":
			vec, explicit = true, true
		case a == "--novectorize" || a == "--vectorize=false":
			vec, explicit = false, true
		case a == "--identity":
			identity = true
		}
	}
	if vec && (explicit || !identity) {
		f.Reassociates = true
	}
	return f
}

// BuiltinFlows are the flows known by name to --flows.
func BuiltinFlows() []Flow {
	return []Flow{
		BaselineFlow(),
		TesseraFlow("identity", "--identity"),
		TesseraFlow("tile"),
		TesseraFlow("scalar", "--novectorize"),
		TesseraFlow("parallel", "--parallel"),
	}
}

// DefaultFlowNames are run when Config.Flows is nil.
var DefaultFlowNames = []string{"identity", "tile", "parallel"}

// ParseFlow parses a flow given by name or as a definition:
//
//	identity | tile | parallel | baseline   built-in flows
//	NAME=tessera:FLAGS                       tessera opt with FLAGS (space separated)
//	NAME=COMPILER COMMAND                    an external compiler on the original kernel
func ParseFlow(spec string) (Flow, error) {
	spec = strings.TrimSpace(spec)
	name, def, ok := strings.Cut(spec, "=")
	if !ok {
		for _, f := range BuiltinFlows() {
			if f.Name == spec {
				return f, nil
			}
		}
		return Flow{}, fmt.Errorf("bench: unknown flow %q (built-in: baseline, identity, tile, parallel; or NAME=tessera:FLAGS, NAME=COMPILER ...)", spec)
	}
	name = strings.TrimSpace(name)
	if !validFlowName(name) {
		return Flow{}, fmt.Errorf("bench: bad flow name %q (letters, digits, - _ . only)", name)
	}
	if name == "baseline" {
		return Flow{}, fmt.Errorf("bench: the flow name baseline is reserved")
	}
	def = strings.TrimSpace(def)
	if rest, ok := strings.CutPrefix(def, "tessera:"); ok {
		return TesseraFlow(name, strings.Fields(rest)...), nil
	}
	if def == "tessera" {
		return TesseraFlow(name), nil
	}
	if len(strings.Fields(def)) == 0 {
		return Flow{}, fmt.Errorf("bench: flow %s has an empty compiler command", name)
	}
	return Flow{Name: name, Kind: External, Compiler: def, Reassociates: true}, nil
}

func validFlowName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}
