package selfcheck

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/deps"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// selfCheckLimit bounds the number of instances the interpreter replays;
// selfCheckEnum bounds the instances whose domain points we enumerate.
// selfCheckPoll is the number of pairs of instances tested against a
// dependence between two looks at the cancellation channel.
const (
	selfCheckLimit = 200000
	selfCheckEnum  = 4000
	selfCheckPoll  = 1024
)

// selfCheck runs the generated AST in the interpreter for a few small
// parameter values allowed by the context and checks that it visits every
// statement instance of the domain exactly once and that every dependence
// pair is executed in order (source before target). It is a guard against
// bugs in the later stages: the schedule itself was already proven legal.
//
// It returns ErrCancelled once stop is closed (nil: never), checked
// before each parameter vector, statement and dependence, and every
// selfCheckPoll pairs of instances: between two checks it does at most
// one interpretation (selfCheckLimit steps), one enumeration of a
// domain (at most as many points as instances were run) or selfCheckPoll
// membership tests.
func Replay(n ast.Node, s *scop.Scop, d *deps.Deps, stop <-chan struct{}) error {
	for _, params := range sampleParams(s) {
		if cancelled(stop) {
			return ErrCancelled
		}
		env := map[string]int64{}
		for i, p := range s.Params {
			env[p] = params[i]
		}
		inst, err := ast.Interpret(n, env, ast.WithBudget(selfCheckLimit))
		if err != nil {
			if strings.Contains(err.Error(), "budget") {
				continue
			}
			return fmt.Errorf("interpreting the generated code for %v: %v", env, err)
		}
		if len(inst) > selfCheckEnum {
			continue // too large to enumerate; smaller values are checked
		}
		pos := map[string]int{}
		for i, in := range inst {
			k := key(in.Name, in.Args)
			if _, dup := pos[k]; dup {
				return fmt.Errorf("instance %s executed twice for %v", k, env)
			}
			pos[k] = i
		}
		count := 0
		domPts := map[string][][]int64{}
		for _, st := range s.Statements {
			if cancelled(stop) {
				return ErrCancelled
			}
			pts, err := st.Domain.Points(paramsOf(st.Domain.Space(), s.Params, params))
			if err != nil {
				return fmt.Errorf("enumerating the domain of %s: %v", st.Name, err)
			}
			for _, pt := range pts {
				if _, ok := pos[key(st.Name, pt)]; !ok {
					return fmt.Errorf("instance %s never executed for %v", key(st.Name, pt), env)
				}
			}
			domPts[st.Name] = pts
			count += len(pts)
		}
		if count != len(inst) {
			return fmt.Errorf("%d instances executed, the domain has %d, for %v", len(inst), count, env)
		}
		// Every dependence pair must run in order. We test the pairs of
		// domain points against the relation (cheaper than enumerating the
		// relation itself).
		for _, dp := range d.Deps {
			if cancelled(stop) {
				return ErrCancelled
			}
			pv := paramsOf(dp.Rel.Space(), s.Params, params)
			src, dst := domPts[dp.Source.Name], domPts[dp.Target.Name]
			if len(src)*len(dst) > selfCheckLimit {
				continue
			}
			pt := make([]int64, 0, len(pv)+8)
			dstPos := make([]int, len(dst))
			for j, b := range dst {
				dstPos[j] = pos[key(dp.Target.Name, b)]
			}
			tests := 0
			for _, a := range src {
				pa := pos[key(dp.Source.Name, a)]
				for j, b := range dst {
					if pa < dstPos[j] {
						continue
					}
					if tests++; tests%selfCheckPoll == 0 && cancelled(stop) {
						return ErrCancelled
					}
					pt = append(append(append(pt[:0], pv...), a...), b...)
					if dp.Rel.Contains(pt) {
						return fmt.Errorf("%s dependence %s%v -> %s%v on %s executed out of order for %v", dp.Kind, dp.Source.Name, a, dp.Target.Name, b, dp.Array, env)
					}
				}
			}
		}
	}
	return nil
}

// sampleParams returns up to four parameter vectors (in s.Params order)
// inside the context with small values.
func sampleParams(s *scop.Scop) [][]int64 {
	var out [][]int64
	if len(s.Params) == 0 {
		return [][]int64{nil}
	}
	for _, v := range []int64{2, 3, 5, 8} {
		ctx := s.Context
		sp := ctx.Space()
		// Prefer every parameter equal to v, else any point near it.
		pt := make([]int64, len(s.Params))
		for i := range pt {
			pt[i] = v
		}
		if ctx.Contains(paramsOf(sp, s.Params, pt)) {
			out = append(out, pt)
			continue
		}
		box := ctx
		for i := 0; i < sp.NParam(); i++ {
			box = box.LowerBound(presburger.Param, i, 0).UpperBound(presburger.Param, i, 3*v)
		}
		if p, ok := box.Sample(); ok {
			full := make([]int64, len(s.Params))
			names := sp.Params()
			for i, n := range s.Params {
				if j := slices.Index(names, n); j >= 0 {
					full[i] = p[j]
				} else {
					full[i] = v
				}
			}
			out = append(out, full)
		}
	}
	return out
}

// paramsOf picks, in the order of space sp's parameters, the values of
// the named parameters.
func paramsOf(sp presburger.Space, names []string, vals []int64) []int64 {
	ps := sp.Params()
	out := make([]int64, len(ps))
	for i, p := range ps {
		if j := slices.Index(names, p); j >= 0 {
			out[i] = vals[j]
		}
	}
	return out
}

// cancelled reports whether stop is closed (never for a nil channel).
func cancelled(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

func key(name string, args []int64) string {
	return fmt.Sprint(name, args)
}
