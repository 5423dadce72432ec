package mlir

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tessera-opt/tessera/pipeline"
)

// CCaller is the C file of res with the code of each region that m has a
// function for replaced by a call of that function through its C
// interface (_mlir_ciface_NAME, from llvm.emit_c_interface): the memref
// descriptors are built from the region's arrays and scalars, the
// parameters passed as long long. Linked with the lowered module, the
// program computes what the original computes; the differential test
// checks that, and the text shows how C calls the emitted functions.
//
// A descriptor of rank r is { base, aligned, offset, sizes[r],
// strides[r] }: the arrays are C's row-major arrays, so the strides are
// the products of the inner extents of the C declaration.
func CCaller(res *pipeline.Result, m *Module) ([]byte, error) {
	if res == nil || res.File == nil {
		return nil, fmt.Errorf("mlir: no file")
	}
	src := res.File.Src
	funcs := append([]*Func(nil), m.Funcs...)
	sort.Slice(funcs, func(a, b int) bool {
		return res.Regions[funcs[a].Region].Region.BodyStart < res.Regions[funcs[b].Region].Region.BodyStart
	})
	var out strings.Builder
	at := 0
	for _, fn := range funcs {
		r := res.Regions[fn.Region].Region
		if r.BodyStart < at || r.BodyEnd > len(src) {
			return nil, fmt.Errorf("mlir: region %d overlaps another", fn.Region+1)
		}
		out.Write(src[at:r.BodyStart])
		out.WriteString(callText(fn, r.Indent))
		at = r.BodyEnd
	}
	out.Write(src[at:])
	return []byte(out.String()), nil
}

// cScalarType is the C type of an MLIR scalar type.
func cScalarType(t string) string {
	switch t {
	case "f64":
		return "double"
	case "f32":
		return "float"
	case "i64", "index":
		return "long long"
	case "i32":
		return "int"
	case "i16":
		return "short"
	case "i8":
		return "signed char"
	}
	return "void"
}

// callText is the block that calls fn: descriptors, then the call.
func callText(fn *Func, ind string) string {
	var b strings.Builder
	var protos, args []string
	fmt.Fprintf(&b, "%s{\n", ind)
	for k, a := range fn.Args {
		switch a.Kind {
		case ArgArray, ArgScalarRef:
			rank := len(a.Dims)
			d := fmt.Sprintf("tessera_m%d", k)
			addr := "(void *)&" + a.CName + strings.Repeat("[0]", rank)
			if rank == 0 {
				fmt.Fprintf(&b, "%s  struct { void *base, *data; long long offset; } %s = { %s, %s, 0 };\n", ind, d, addr, addr)
			} else {
				sizes := make([]string, rank)
				for i := range rank {
					switch {
					case a.Static[i] >= 0:
						sizes[i] = fmt.Sprint(a.Static[i])
					case a.Dims[i] != "":
						sizes[i] = "(long long)(" + a.Dims[i] + ")"
					default:
						sizes[i] = "0"
					}
				}
				strides := make([]string, rank)
				strides[rank-1] = "1"
				for i := rank - 2; i >= 0; i-- {
					if strides[i+1] == "1" {
						strides[i] = sizes[i+1]
					} else {
						strides[i] = sizes[i+1] + " * " + strides[i+1]
					}
				}
				fmt.Fprintf(&b, "%s  struct { void *base, *data; long long offset, sizes[%d], strides[%d]; } %s = { %s, %s, 0, { %s }, { %s } };\n",
					ind, rank, rank, d, addr, addr, strings.Join(sizes, ", "), strings.Join(strides, ", "))
			}
			protos = append(protos, "void *")
			args = append(args, "&"+d)
		case ArgScalar:
			protos = append(protos, cScalarType(a.Elem))
			args = append(args, a.CName)
		case ArgParam:
			protos = append(protos, "long long")
			args = append(args, "(long long)("+a.CName+")")
		}
	}
	if len(protos) == 0 {
		protos = []string{"void"}
	}
	fmt.Fprintf(&b, "%s  extern void _mlir_ciface_%s(%s);\n", ind, fn.Name, strings.Join(protos, ", "))
	fmt.Fprintf(&b, "%s  _mlir_ciface_%s(%s);\n", ind, fn.Name, strings.Join(args, ", "))
	fmt.Fprintf(&b, "%s}\n", ind)
	return b.String()
}
