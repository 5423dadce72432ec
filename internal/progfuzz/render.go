package progfuzz

import (
	"fmt"
	"strings"
)

// render prints the whole program.
func (g *gen) render() string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("/* progfuzz seed %d */\n", g.seed)
	w("#include <math.h>\n#include <stdio.h>\n\n")
	w("#define MIN(a, b) ((a) < (b) ? (a) : (b))\n#define MAX(a, b) ((a) > (b) ? (a) : (b))\n")
	for _, p := range g.params {
		w("#define %s %d\n", p, g.pval[p].lo)
	}
	for _, p := range g.aliases {
		x := strings.TrimPrefix(p, "_PB_")
		if g.pb {
			x = strings.ToLower(x)
		}
		w("#define %s %s\n", p, x)
	}
	if g.pb {
		w("%s", pbHeader)
	} else if g.dtype {
		w("#define DATA_TYPE double\n")
	}
	w("\n")
	for _, a := range g.arrays {
		w("static %s %s%s;\n", g.typ(a.typ), a.name, dimsText(a))
		if g.linear {
			for d := 1; d < a.dims; d++ {
				w("#define %s (%s)\n", strideMacro(a, d), a.macroExt[d])
			}
		}
	}
	for _, s := range g.scalars {
		if s.global {
			w("static %s %s;\n", g.typ(s.typ), s.name)
		} else {
			w("static %s out_%s;\n", g.typ(s.typ), s.name)
		}
	}
	w("\nstatic void init(void)\n{\n")
	for ai, a := range g.arrays {
		idx := ""
		var terms []string
		for d := 0; d < a.dims; d++ {
			v := fmt.Sprintf("x%d", d)
			w("%sfor (long %s = 0; %s < %s; %s++)\n", indent(1+d), v, v, a.macroExt[d], v)
			idx += "[" + v + "]"
			terms = append(terms, fmt.Sprintf("%d * %s", []int{3, 5, 7, 11, 13}[(ai+d)%5], v))
		}
		p := []int{97, 89, 53, 61, 71}[ai%5]
		e := fmt.Sprintf("(%s + %d) %% %d", strings.Join(terms, " + "), ai+1, p)
		switch a.typ {
		case "int":
			w("%s%s%s = (int)(%s) - %d;\n", indent(1+a.dims), a.name, idx, e, p/2)
		default:
			w("%s%s%s = (%s)(%s) / %d;\n", indent(1+a.dims), a.name, idx, a.typ, e, p)
		}
	}
	for i, s := range g.scalars {
		if s.global {
			w("  %s = %d;\n", s.name, i+1)
		}
	}
	w("}\n\n")
	w("%s", dumpFuncs)
	if g.pb {
		w("DUMP_FUNC(dump_t, DATA_TYPE)\n\n")
	}
	// The kernel.
	var params []string
	var args []string
	if g.kparam != "" {
		params = append(params, "int "+g.kparam)
		args = append(args, g.params[0])
	}
	for i, p := range g.kparams {
		params = append(params, "int "+p)
		args = append(args, g.params[i])
	}
	if g.alpha {
		at := "double"
		if g.pb {
			at = "DATA_TYPE"
		}
		params = append(params, at+" alpha")
		args = append(args, "1.5")
	}
	if g.passArr {
		for _, a := range g.arrays {
			if g.linear && a.dims >= 2 {
				params = append(params, g.typ(a.typ)+" *"+a.name)
				args = append(args, "&"+a.name+strings.Repeat("[0]", a.dims))
				continue
			}
			dims := dimsText(a)
			if g.pb {
				dims = g.pbParamDims(a)
			}
			params = append(params, g.typ(a.typ)+" "+a.name+dims)
			args = append(args, a.name)
		}
	}
	if len(params) == 0 {
		params = []string{"void"}
	}
	fn := func(name string, nests []*loop) {
		w("static __attribute__((noinline)) void %s(%s)\n{\n", name, strings.Join(params, ", "))
		if g.outerIt {
			w("  int i, j, k, l, t;\n")
		}
		for i, s := range g.scalars {
			if !s.global {
				w("  %s %s = %d;\n", g.typ(s.typ), s.name, i+2)
			}
		}
		for _, s := range g.locals {
			w("  %s %s;\n", g.typ(s.typ), s.name)
		}
		w("#pragma scop\n")
		for i, n := range nests {
			if i > 0 && i == g.split && g.twoRegions {
				w("#pragma endscop\n#pragma scop\n")
			}
			g.renderNode(&b, n, 1)
		}
		w("#pragma endscop\n")
		for _, s := range g.scalars {
			if !s.global { // live out of the region: printed through a global
				w("  out_%s += %s;\n", s.name, s.name)
			}
		}
		w("}\n\n")
	}
	calls := "  kernel(" + strings.Join(args, ", ") + ");\n"
	if g.split > 0 && !g.twoRegions {
		fn("kernel", g.nests[:g.split])
		fn("kernel2", g.nests[g.split:])
		calls += "  kernel2(" + strings.Join(args, ", ") + ");\n"
	} else {
		fn("kernel", g.nests)
	}
	w("int main(void)\n{\n  init();\n%s", calls)
	for _, a := range g.arrays {
		f, t := "dump_"+a.typ[:1], a.typ
		if g.pb && t == "double" {
			f, t = "dump_t", "DATA_TYPE"
		}
		w("  %s(\"%s\", (const %s *)%s, %d);\n", f, a.name, t, a.name, count(a))
	}
	for _, s := range g.scalars {
		name := s.name
		if !s.global {
			name = "out_" + s.name
		}
		f := "dump_" + s.typ[:1]
		if g.pb && s.typ == "double" {
			f = "dump_t"
		}
		w("  %s(\"%s\", &%s, 1);\n", f, name, name)
	}
	w("  return 0;\n}\n")
	return b.String()
}

// typ spells a type (DATA_TYPE for double when the program uses it).
func (g *gen) typ(t string) string {
	if t == "double" && g.dtype {
		return "DATA_TYPE"
	}
	return t
}

func count(a *array) int64 {
	n := int64(1)
	for _, e := range a.ext {
		n *= e
	}
	return n
}

func dimsText(a *array) string {
	s := ""
	for _, e := range a.macroExt {
		s += "[" + e + "]"
	}
	return s
}

func indent(n int) string { return strings.Repeat("  ", n) }

func (g *gen) renderNode(b *strings.Builder, n node, lvl int) {
	switch n := n.(type) {
	case *stmt:
		t := n.text
		if n.f != nil {
			t = n.f()
		}
		b.WriteString(indent(lvl) + t + "\n")
	case *ifNode:
		if n.c == nil {
			b.WriteString(indent(lvl) + "{\n")
		} else {
			b.WriteString(indent(lvl) + "if (" + n.c.String() + ") {\n")
		}
		for _, x := range n.then {
			g.renderNode(b, x, lvl+1)
		}
		if len(n.els) > 0 {
			b.WriteString(indent(lvl) + "} else {\n")
			for _, x := range n.els {
				g.renderNode(b, x, lvl+1)
			}
		}
		b.WriteString(indent(lvl) + "}\n")
	case *loop:
		b.WriteString(indent(lvl) + g.header(n) + " {\n")
		for _, x := range n.pre {
			g.renderNode(b, x, lvl+1)
		}
		in := lvl + 1
		if n.wrap != nil && len(n.kids) > 0 {
			b.WriteString(indent(in) + "if (" + n.wrap.String() + ") {\n")
			in++
		}
		for _, k := range n.kids {
			g.renderNode(b, k, in)
		}
		if n.wrap != nil && len(n.kids) > 0 {
			b.WriteString(indent(lvl+1) + "}\n")
		}
		for _, x := range n.post {
			g.renderNode(b, x, lvl+1)
		}
		b.WriteString(indent(lvl) + "}\n")
	}
}

// header prints "for (int i = lo; cond; i++)".
func (g *gen) header(l *loop) string {
	decl := "int "
	if g.outerIt {
		decl = ""
	}
	v := l.iter
	upper := func() []string {
		if l.twice != nil {
			return []string{"2 * " + v + " < " + l.twice.String()}
		}
		h := l.hi
		if h.kind == bMin && h.style == 2 {
			return []string{v + " <= " + h.x.String(), v + " <= " + h.y.String()}
		}
		if h.kind == bAff && l.strict {
			return []string{v + " < " + h.a.plus(1).String()}
		}
		return []string{v + " <= " + h.String()}
	}
	if l.step == -1 && l.twice == nil {
		var conds []string
		if l.lo.kind == bMax && l.lo.style == 2 {
			conds = []string{v + " >= " + l.lo.x.String(), v + " >= " + l.lo.y.String()}
		} else {
			conds = []string{v + " >= " + l.lo.String()}
		}
		h := *l.hi
		if h.style == 2 {
			h.style = 0
		}
		return fmt.Sprintf("for (%s%s = %s; %s; %s--)", decl, v, h.String(), strings.Join(conds, " && "), v)
	}
	lo := *l.lo
	if lo.style == 2 {
		lo.style = 0
	}
	inc := v + "++"
	if l.step == 2 {
		inc = v + " += 2"
	}
	return fmt.Sprintf("for (%s%s = %s; %s; %s)", decl, v, lo.String(), strings.Join(upper(), " && "), inc)
}

const dumpFuncs = `/* Dumps in the format of tessera's bench harness (bench.CompareOutputs). */
static void dump_val(double x, long k, long count)
{
  if (x != x)
    printf("nan");
  else
    printf("%.17g", x);
  printf("%s", (k % 8 == 7 || k == count - 1) ? "\n" : " ");
}

#define DUMP_FUNC(NAME, T)                                                  \
  static void NAME(const char *name, const T *p, long count)               \
  {                                                                         \
    long k;                                                                 \
    printf("tessera-array %s %ld %s\n", name, count,                        \
           count <= 4096 ? "full" : "checksum");                            \
    if (count <= 4096) {                                                    \
      for (k = 0; k < count; k++)                                           \
        dump_val((double)p[k], k, count);                                   \
    } else {                                                                \
      long double s = 0, a = 0, w = 0;                                      \
      long stride = count / 64;                                             \
      for (k = 0; k < count; k++) {                                         \
        long double x = p[k] != p[k] ? 0 : (long double)p[k];               \
        s += x;                                                             \
        a += fabsl(x);                                                      \
        w += (long double)((k % 7) + 1) * x;                                \
      }                                                                     \
      printf("sum %.17Lg\nabssum %.17Lg\nwsum %.17Lg\n", s, a, w);          \
      for (k = 0; k < 64; k++) {                                            \
        printf("sample %ld ", k * stride + k % stride);                     \
        dump_val((double)p[k * stride + k % stride], 0, 1);                 \
      }                                                                     \
    }                                                                       \
    printf("tessera-end %s\n", name);                                       \
  }

DUMP_FUNC(dump_d, double)
DUMP_FUNC(dump_f, float)
DUMP_FUNC(dump_i, int)

`
