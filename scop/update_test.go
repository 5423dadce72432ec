package scop

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
)

// termsText prints an update's terms as "+a -b" for the table tests.
func termsText(u Update) string {
	var parts []string
	for _, t := range u.Terms {
		s := "+"
		if t.Neg {
			s = "-"
		}
		parts = append(parts, s+t.X.Format(nil))
	}
	return strings.Join(parts, " ")
}

func TestMatchUpdate(t *testing.T) {
	for _, tc := range []struct {
		src     string
		op      string // "" when the statement is no update
		form    UpdateForm
		operand string // "" when none
		neg     bool
		terms   string
	}{
		{"x += a * b", "+", FormCompound, "a * b", false, "+a * b"},
		{"x -= a * b", "+", FormCompound, "a * b", true, "-a * b"},
		{"x -= a - b", "+", FormCompound, "a - b", true, "-a +b"},
		{"x *= a", "*", FormCompound, "a", false, "+a"},
		{"x &= m", "&", FormCompound, "m", false, "+m"},
		{"x |= m", "|", FormCompound, "m", false, "+m"},
		{"x ^= m", "^", FormCompound, "m", false, "+m"},
		{"x /= a", "", 0, "", false, ""},
		{"x %= a", "", 0, "", false, ""},
		{"x <<= a", "", 0, "", false, ""},
		{"x += x", "", 0, "", false, ""},
		{"A[i] += A[i] * b", "", 0, "", false, ""},
		{"x++", "+", FormIncrement, "", false, ""},
		{"++x", "+", FormIncrement, "", false, ""},
		{"x--", "+", FormIncrement, "", true, ""},
		{"--A[i][j]", "+", FormIncrement, "", true, ""},
		{"x = x + e", "+", FormLeft, "e", false, "+e"},
		{"x = (x) + (e)", "+", FormLeft, "(e)", false, "+(e)"},
		{"x = (x + e)", "+", FormLeft, "e", false, "+e"},
		{"x = x - e", "+", FormLeft, "e", true, "-e"},
		{"x = e + x", "+", FormRight, "e", false, "+e"},
		{"x = -e + x", "+", FormRight, "-e", false, "+-e"},
		{"x = e - x", "", 0, "", false, ""},
		{"x = -x + e", "", 0, "", false, ""},
		{"x = x + (a + b)", "+", FormLeft, "(a + b)", false, "+a +b"},
		{"x = x - (a - b)", "+", FormLeft, "(a - b)", true, "-a +b"},
		{"x = x + a + b", "+", FormChain, "", false, "+a +b"},
		{"x = x - a - b", "+", FormChain, "", false, "-a -b"},
		{"x = a + x + b", "+", FormChain, "", false, "+a +b"},
		{"x = a + (x + b)", "+", FormChain, "", false, "+a +b"},
		{"x = a - (b - x)", "+", FormChain, "", false, "+a -b"},
		{"x = a - (x - b)", "", 0, "", false, ""},
		{"x = x + a + x", "", 0, "", false, ""},
		{"x = x + a * x", "", 0, "", false, ""},
		{"x = x * a + b", "", 0, "", false, ""},
		{"x = x", "", 0, "", false, ""},
		{"x = a * x * b", "*", FormChain, "", false, "+a +b"},
		{"x = x * a", "*", FormLeft, "a", false, "+a"},
		{"x = x / a", "", 0, "", false, ""},
		{"x = x & m", "&", FormLeft, "m", false, "+m"},
		{"x = m | x", "|", FormRight, "m", false, "+m"},
		{"x = x ^ m ^ n", "^", FormChain, "", false, "+m +n"},
		{"x = x && c", "&&", FormLeft, "c", false, "+c"},
		{"x = c || x", "||", FormRight, "c", false, "+c"},
		{"x = x & m | n", "", 0, "", false, ""},
		{"A[i][j] = A[i][j] + B[i][k] * C[k][j]", "+", FormLeft, "B[i][k] * C[k][j]", false, "+B[i][k] * C[k][j]"},
		{"A[i][j] = A[(i)][j] + B[i]", "+", FormLeft, "B[i]", false, "+B[i]"},
		{"A[i][j] = A[j][i] + B[i]", "", 0, "", false, ""},
		{"A[i + 1] = A[1 + i] + B[i]", "", 0, "", false, ""},
		{"x = x < e ? x : e", "min", FormSelect, "e", false, "+e"},
		{"x = x <= e ? x : e", "min", FormSelect, "e", false, "+e"},
		{"x = e < x ? e : x", "min", FormSelect, "e", false, "+e"},
		{"x = x > e ? e : x", "min", FormSelect, "e", false, "+e"},
		{"x = x > e ? x : e", "max", FormSelect, "e", false, "+e"},
		{"x = (e >= x) ? e : x", "max", FormSelect, "e", false, "+e"},
		{"x = x < e ? e : x", "max", FormSelect, "e", false, "+e"},
		{"x = x == e ? x : e", "", 0, "", false, ""},
		{"x = x < e ? x : f", "", 0, "", false, ""},
		{"x = x < x + 1 ? x : x + 1", "", 0, "", false, ""},
		{"x = fmin(x, e)", "min", FormCall, "e", false, "+e"},
		{"x = fmaxf(e, x)", "max", FormCall, "e", false, "+e"},
		{"x = fmax(e, f)", "", 0, "", false, ""},
		{"x = fmax(x, x * e)", "", 0, "", false, ""},
		{"x = min(x, e)", "", 0, "", false, ""},
		{"x = sqrt(x)", "", 0, "", false, ""},
	} {
		e, err := cfront.ParseExpr(tc.src, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		u, ok := MatchUpdate(e)
		if tc.op == "" {
			if ok {
				t.Errorf("%s: recognized as %s update (form %d), want none", tc.src, u.Op, u.Form)
			}
			continue
		}
		if !ok {
			t.Errorf("%s: not recognized, want %s update", tc.src, tc.op)
			continue
		}
		operand := ""
		if u.Operand != nil {
			operand = u.Operand.Format(nil)
		}
		if u.Op.String() != tc.op || u.Form != tc.form || operand != tc.operand || u.Neg != tc.neg || termsText(u) != tc.terms {
			t.Errorf("%s: got op %s form %d operand %q neg %v terms %q, want %s %d %q %v %q",
				tc.src, u.Op, u.Form, operand, u.Neg, termsText(u), tc.op, tc.form, tc.operand, tc.neg, tc.terms)
		}
		wantReads := 1
		if u.Form == FormSelect {
			wantReads = 2
		}
		if u.Reads != wantReads {
			t.Errorf("%s: Reads = %d, want %d", tc.src, u.Reads, wantReads)
		}
	}
}

// TestStatementUpdate checks the model's part of Statement.Update: a
// right side that reads the target's element under another spelling is
// refused.
func TestStatementUpdate(t *testing.T) {
	for _, tc := range []struct {
		body string
		want string // the op of S0's update, "" for none
	}{
		{"for (i = 0; i < n; i++) s = s + A[i];", "+"},
		{"for (i = 0; i < n; i++) s = A[i] + s;", "+"},
		{"for (i = 0; i < n; i++) s = s - A[i];", "+"},
		{"for (i = 0; i < n; i++) B[i + 1] = B[1 + i] + A[i];", ""},
		{"for (i = 0; i < n; i++) B[i] = B[i] + A[i] * B[i + 0];", ""},
		{"for (i = 0; i < n; i++) B[0] = B[0] + B[i];", "+"},
		{"for (i = 0; i < n; i++) s = s > A[i] ? s : A[i];", "max"},
		{"for (i = 0; i < n; i++) s = A[i] - s;", ""},
	} {
		src := "void f(int n, double s, double A[100], double B[101]) {\n  int i;\n#pragma scop\n  " + tc.body + "\n#pragma endscop\n}\n"
		s := buildOne(t, src)
		got := ""
		if u, ok := s.Statements[0].Update(); ok {
			got = u.Op.String()
		}
		if got != tc.want {
			t.Errorf("%s: update %q, want %q", tc.body, got, tc.want)
		}
	}
}

// buildOne models the one region of src.
func buildOne(t *testing.T, src string) *Scop {
	t.Helper()
	f, err := cfront.ParseFile("t.c", []byte(src), cfront.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Regions) != 1 {
		t.Fatalf("%d regions", len(f.Regions))
	}
	s, err := FromRegion(f, f.Regions[0], Config{File: "t.c"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMatchUpdateRandom builds random updates and random near-misses,
// prints and parses them, and checks the recognizer on them: every
// update built is recognized with its operator, and whatever is
// recognized computes what the Update says (the target combined with
// its terms), evaluated on random integer values.
func TestMatchUpdateRandom(t *testing.T) {
	seed := int64(20261128)
	rng := rand.New(rand.NewSource(seed))
	ops := []string{"+", "-", "*", "&", "|", "^", "&&", "||"}
	recognized, compared := 0, 0
	for n := 0; n < 3000; n++ {
		g := &exprGen{rng: rng}
		x := g.target()
		var src string
		want := ""
		switch k := rng.Intn(6); k {
		case 0, 1: // a tree of one operator with x as a leaf
			op := ops[rng.Intn(len(ops))]
			rhs := g.treeWith(op, x, 1+rng.Intn(3))
			src = x.Format(nil) + " = " + rhs.Format(nil)
			want = g.wantOp
		case 2: // compound
			op := []string{"+=", "-=", "*=", "&=", "|=", "^="}[rng.Intn(6)]
			src = x.Format(nil) + " " + op + " " + g.expr(2).Format(nil)
			want = map[string]string{"+=": "+", "-=": "+", "*=": "*", "&=": "&", "|=": "|", "^=": "^"}[op]
		case 3: // min or max as a conditional
			e := g.expr(2)
			cmp := []string{"<", "<=", ">", ">="}[rng.Intn(4)]
			a, b := cfront.Expr(x), e
			if rng.Intn(2) == 0 {
				a, b = b, a
			}
			th, el := a, b
			if rng.Intn(2) == 0 {
				th, el = b, a
			}
			src = fmt.Sprintf("%s = %s %s %s ? %s : %s", x.Format(nil), paren(a), cmp, paren(b), paren(th), paren(el))
			want = "minmax"
		default: // anything: a random right side, perhaps reading x
			src = x.Format(nil) + " = " + g.exprWith(x, 3).Format(nil)
		}
		e, err := cfront.ParseExpr(src, nil)
		if err != nil {
			t.Fatalf("seed %d: %s: %v", seed, src, err)
		}
		u, ok := MatchUpdate(e)
		if want != "" && (!ok || want != "minmax" && u.Op.String() != want || want == "minmax" && u.Op != UpdateMin && u.Op != UpdateMax) {
			t.Errorf("seed %d: %s: got %v %s, want a %s update", seed, src, ok, u.Op, want)
			continue
		}
		if !ok {
			continue
		}
		recognized++
		for trial := 0; trial < 8; trial++ {
			env := map[string]int64{}
			for _, v := range []string{"x", "a", "b", "c", "d", "i", "j"} {
				env[v] = rng.Int63n(7) - 3
			}
			mem := map[string]int64{}
			got, okv := evalStmt(e, env, mem)
			comb, okc := combine(u, env, mem)
			if okv && okc {
				compared++
			}
			if okv && okc && got != comb {
				t.Errorf("seed %d: %s: stores %d, but %s of the target and %q gives %d", seed, src, got, u.Op, termsText(u), comb)
				break
			}
		}
	}
	// Four of the six kinds of statements built are updates.
	if recognized < 1800 || compared < 8*1800 {
		t.Errorf("seed %d: %d statements recognized, %d evaluations compared: the test checks too little", seed, recognized, compared)
	}
	t.Logf("%d of 3000 statements recognized, %d evaluations compared", recognized, compared)
}

// paren prints e with parentheses unless it is a name or an element.
func paren(e cfront.Expr) string {
	switch e.(type) {
	case *cfront.Ident, *cfront.Index, *cfront.IntLit:
		return e.Format(nil)
	}
	return "(" + e.Format(nil) + ")"
}

// exprGen builds random integer expressions over a, b, c, d and the
// arrays A and B (subscripts i and j).
type exprGen struct {
	rng    *rand.Rand
	wantOp string // the operator treeWith's tree updates x with, or ""
}

func (g *exprGen) target() cfront.Expr {
	switch g.rng.Intn(3) {
	case 0:
		return &cfront.Ident{Name: "x"}
	case 1:
		return &cfront.Index{X: &cfront.Ident{Name: "A"}, Index: &cfront.Ident{Name: "i"}}
	}
	return &cfront.Index{X: &cfront.Index{X: &cfront.Ident{Name: "B"}, Index: &cfront.Ident{Name: "i"}},
		Index: &cfront.Binary{Op: "+", X: &cfront.Ident{Name: "j"}, Y: &cfront.IntLit{Text: "1", Value: 1}}}
}

func (g *exprGen) leaf() cfront.Expr {
	switch g.rng.Intn(4) {
	case 0:
		v := g.rng.Int63n(5)
		return &cfront.IntLit{Text: fmt.Sprint(v), Value: v}
	case 1:
		return &cfront.Index{X: &cfront.Ident{Name: "A"}, Index: &cfront.Ident{Name: "j"}}
	}
	return &cfront.Ident{Name: []string{"a", "b", "c", "d"}[g.rng.Intn(4)]}
}

var genOps = []string{"+", "-", "*", "&", "|", "^", "&&", "||", "<", "=="}

func (g *exprGen) expr(depth int) cfront.Expr {
	if depth == 0 || g.rng.Intn(3) == 0 {
		if g.rng.Intn(6) == 0 {
			return &cfront.Unary{Op: "-", X: g.leaf()}
		}
		return g.leaf()
	}
	return g.wrap(&cfront.Binary{Op: genOps[g.rng.Intn(len(genOps))], X: g.expr(depth - 1), Y: g.expr(depth - 1)})
}

// exprWith is expr with x among its leaves now and then.
func (g *exprGen) exprWith(x cfront.Expr, depth int) cfront.Expr {
	if depth == 0 || g.rng.Intn(3) == 0 {
		if g.rng.Intn(3) == 0 {
			return x
		}
		return g.leaf()
	}
	return g.wrap(&cfront.Binary{Op: genOps[g.rng.Intn(len(genOps))], X: g.exprWith(x, depth-1), Y: g.exprWith(x, depth-1)})
}

// wrap puts parentheses around e now and then (Format adds the needed
// ones).
func (g *exprGen) wrap(e cfront.Expr) cfront.Expr {
	if g.rng.Intn(4) == 0 {
		return &cfront.Paren{X: e}
	}
	return e
}

// treeWith builds a tree of op with n other leaves and x as one leaf
// (for - the tree mixes + and -, and x is added), and sets wantOp.
func (g *exprGen) treeWith(op string, x cfront.Expr, n int) cfront.Expr {
	leaves := make([]cfront.Expr, n+1)
	xi := g.rng.Intn(n + 1)
	for k := range leaves {
		if k == xi {
			leaves[k] = x
		} else {
			leaves[k] = g.expr(1)
		}
	}
	g.wantOp = op
	if op == "-" {
		g.wantOp = "+"
	}
	// Combine the leaves in a random shape, keeping x's sign positive.
	var build func(lo, hi int) cfront.Expr
	build = func(lo, hi int) cfront.Expr {
		if hi-lo == 1 {
			return leaves[lo]
		}
		mid := lo + 1 + g.rng.Intn(hi-lo-1)
		o := op
		if op == "-" || op == "+" {
			o = "+"
			if g.rng.Intn(2) == 0 && !(xi >= mid && xi < hi) {
				o = "-"
			}
		}
		return g.wrap(&cfront.Binary{Op: o, X: build(lo, mid), Y: build(mid, hi)})
	}
	return build(0, n+1)
}

// evalStmt evaluates the update statement e with integer semantics and
// returns the value it stores.
func evalStmt(e cfront.Expr, env, mem map[string]int64) (int64, bool) {
	switch e := e.(type) {
	case *cfront.Assign:
		old, ok1 := evalExpr(e.LHS, env, mem)
		r, ok2 := evalExpr(e.RHS, env, mem)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch e.Op {
		case "=":
			return r, true
		case "+=":
			return old + r, true
		case "-=":
			return old - r, true
		case "*=":
			return old * r, true
		case "&=":
			return old & r, true
		case "|=":
			return old | r, true
		case "^=":
			return old ^ r, true
		}
	}
	return 0, false
}

// evalExpr evaluates e; array elements read from mem (a fixed value per
// element text).
func evalExpr(e cfront.Expr, env, mem map[string]int64) (int64, bool) {
	b2i := func(b bool) int64 {
		if b {
			return 1
		}
		return 0
	}
	switch e := e.(type) {
	case *cfront.Paren:
		return evalExpr(e.X, env, mem)
	case *cfront.IntLit:
		return e.Value, true
	case *cfront.Ident:
		v, ok := env[e.Name]
		return v, ok
	case *cfront.Index:
		k := e.Format(func(n string) (string, bool) {
			if v, ok := env[n]; ok {
				return fmt.Sprint(v), true
			}
			return "", false
		})
		if _, ok := mem[k]; !ok {
			mem[k] = int64(len(k)%5) - 2
		}
		return mem[k], true
	case *cfront.Unary:
		v, ok := evalExpr(e.X, env, mem)
		return -v, ok && e.Op == "-"
	case *cfront.CondExpr:
		c, ok := evalExpr(e.Cond, env, mem)
		if !ok {
			return 0, false
		}
		if c != 0 {
			return evalExpr(e.Then, env, mem)
		}
		return evalExpr(e.Else, env, mem)
	case *cfront.Binary:
		x, ok1 := evalExpr(e.X, env, mem)
		y, ok2 := evalExpr(e.Y, env, mem)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch e.Op {
		case "+":
			return x + y, true
		case "-":
			return x - y, true
		case "*":
			return x * y, true
		case "&":
			return x & y, true
		case "|":
			return x | y, true
		case "^":
			return x ^ y, true
		case "&&":
			return b2i(x != 0 && y != 0), true
		case "||":
			return b2i(x != 0 || y != 0), true
		case "<":
			return b2i(x < y), true
		case "<=":
			return b2i(x <= y), true
		case ">":
			return b2i(x > y), true
		case ">=":
			return b2i(x >= y), true
		case "==":
			return b2i(x == y), true
		}
	}
	return 0, false
}

// combine computes the target combined with the update's terms.
func combine(u Update, env, mem map[string]int64) (int64, bool) {
	acc, ok := evalExpr(u.Target, env, mem)
	if !ok {
		return 0, false
	}
	for _, t := range u.Terms {
		v, ok := evalExpr(t.X, env, mem)
		if !ok {
			return 0, false
		}
		switch u.Op {
		case UpdateAdd:
			if t.Neg {
				v = -v
			}
			acc += v
		case UpdateMul:
			acc *= v
		case UpdateAnd:
			acc &= v
		case UpdateOr:
			acc |= v
		case UpdateXor:
			acc ^= v
		case UpdateLogAnd:
			if acc != 0 && v != 0 {
				acc = 1
			} else {
				acc = 0
			}
		case UpdateLogOr:
			if acc != 0 || v != 0 {
				acc = 1
			} else {
				acc = 0
			}
		case UpdateMin:
			acc = min(acc, v)
		case UpdateMax:
			acc = max(acc, v)
		}
	}
	return acc, true
}
