package explain

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/tessera-opt/tessera/ast"
	"github.com/tessera-opt/tessera/internal/vector"
	"github.com/tessera-opt/tessera/presburger"
	"github.com/tessera-opt/tessera/scop"
)

// Level is how much the account says.
type Level int

const (
	// Short: one line per region (--explain=short).
	Short Level = 1 + iota
	// Long: the verdict and the main decisions per region (--explain,
	// --explain=long).
	Long
	// Full: Long plus the stage times and the AST post-passes'
	// counters (--explain=full).
	Full
)

// Config configures Write. Its zero value prints Long.
type Config struct {
	Level Level
	// Split says that statement splitting was asked for (--split): its
	// reasons for not splitting a statement are printed then only.
	Split bool
}

// Region is what the pipeline kept of one region, as the account needs
// it. Every field may be nil or empty when the region failed early.
type Region struct {
	// Line and Col are the region's position in the source.
	Line, Col int
	// Scop is the region's model (nil when it could not be built).
	Scop *scop.Scop
	// AST is the region's final code; Vector what the vector stage did.
	AST    ast.Node
	Vector *vector.Result
	// Remarks are the stages' remarks, in the model's names.
	Remarks []string
	// Kept: the region's original text was kept.
	Kept bool
	// Times are the stages' times, in stage order (Full only).
	Times []StageTime
	// Choice is the chooser's decision, nil when the region failed
	// before it.
	Choice *Choice
}

// StageTime is the time of one stage on one region.
type StageTime struct {
	Stage string
	Time  time.Duration
}

// Choice is the chooser's decision on one region.
type Choice struct {
	// Cands are the candidates built, Win the winner (nil when none
	// could be finished).
	Cands []*Candidate
	Win   *Candidate
	// Verdict is the chooser's reason, said of the winner. Gains says
	// that it is the rule "tiles or runs in parallel what the original
	// does not"; GainsRest is what follows that rule's words in Verdict.
	Verdict   string
	Gains     bool
	GainsRest string
}

// Kind is how a candidate was made.
type Kind int

const (
	// Original is the model's original schedule.
	Original Kind = iota
	// Scheduled is the affine scheduler's result.
	Scheduled
	// OriginalParallel is the original schedule with parallel marks.
	OriginalParallel
	// VectorOriginal is the original schedule prepared for the vector
	// stage.
	VectorOriginal
	// User is a user schedule (--schedule).
	User
	// Identity is the original schedule regenerated (--identity).
	Identity
)

// Candidate is one candidate schedule of a Choice.
type Candidate struct {
	Kind Kind
	// Name is the chooser's name for it ("new schedule").
	Name string
	// How says how it was made (the scheduler's options).
	How string
	// Expanded: it applies to the model with scalars expanded to arrays.
	Expanded bool
	// SchedulerRemarks are the remarks of the scheduler run on its
	// model (nil when the scheduler did not run on it).
	SchedulerRemarks []string
}

// Write writes the account of every region to w; path is the input's
// name as the diagnostics give it.
func Write(w io.Writer, path string, regions []*Region, cfg Config) {
	if cfg.Level == 0 {
		cfg.Level = Long
	}
	for i, r := range regions {
		e := newRegionExplainer(path, i, r, cfg)
		for _, line := range e.lines() {
			fmt.Fprintln(w, line)
		}
	}
}

// regionExplainer holds what explaining one region needs.
type regionExplainer struct {
	path string
	n    int // the region's number, from 1
	r    *Region
	cfg  Config
	ln   *loopNames
	// cx and vals are the region's context and the generated code's
	// hoisted values (cond.go), built on first use; noCtx leaves the
	// conditions unsimplified.
	cx    *context
	vals  map[string]ast.Expr
	noCtx bool
}

// ctx is the region's context for the conditions' simplification.
func (e *regionExplainer) ctx() *context {
	if e.cx == nil {
		if s := e.r.Scop; s != nil && !e.noCtx {
			e.cx = newContext(s.Params, s.Context)
		} else {
			e.cx = newContext(nil, presburger.Set{})
		}
	}
	return e.cx
}

// env is the values of the generated code's declarations (the hoisted
// loop-invariant values), by name; a name declared twice with different
// values is left out.
func (e *regionExplainer) env() map[string]ast.Expr {
	if e.vals != nil {
		return e.vals
	}
	e.vals = map[string]ast.Expr{}
	if e.noCtx {
		return e.vals
	}
	bad := map[string]bool{}
	for _, n := range []ast.Node{e.r.AST, e.vectorScalar()} {
		if n == nil {
			continue
		}
		ast.Walk(n, func(x ast.Node) bool {
			if d, ok := x.(*ast.Decl); ok && d.Value != nil {
				if v, seen := e.vals[d.Name]; seen && ast.ExprC(v) != ast.ExprC(d.Value) {
					bad[d.Name] = true
				}
				e.vals[d.Name] = d.Value
			}
			return true
		})
	}
	for n := range bad {
		delete(e.vals, n)
	}
	return e.vals
}

func (e *regionExplainer) vectorScalar() ast.Node {
	if e.r.Vector == nil {
		return nil
	}
	return e.r.Vector.Scalar
}

func newRegionExplainer(path string, i int, r *Region, cfg Config) *regionExplainer {
	e := &regionExplainer{path: path, n: i + 1, r: r, cfg: cfg}
	// The loops as the vector stage saw them (the reports name those);
	// the region's final code otherwise.
	n := r.AST
	if r.Vector != nil && r.Vector.Scalar != nil {
		n = r.Vector.Scalar
	}
	e.ln = nameLoops(r.Scop, n, path)
	return e
}

// lines is the region's account: the header line, then (long) the
// decisions indented.
func (e *regionExplainer) lines() []string {
	head := fmt.Sprintf("%s:%d:%d: note: region %d: %s", e.path, e.r.Line, e.r.Col, e.n, e.outcome())
	if e.cfg.Level == Short {
		if s := e.summary(); s != "" && !e.r.Kept {
			head += " (" + s + ")"
		}
		return []string{head}
	}
	out := []string{head}
	for _, l := range e.details() {
		out = append(out, "  "+l)
	}
	return out
}

// what names the region: its loops and statement count.
func (e *regionExplainer) what() string {
	s := e.r.Scop
	if s == nil {
		return "loop nest"
	}
	var iters []string
	seen := map[string]bool{}
	for _, l := range s.Loops {
		if !seen[l.CIter] {
			seen[l.CIter] = true
			iters = append(iters, l.CIter)
		}
	}
	what := "loop nest"
	if len(iters) > 0 {
		what += " over " + strings.Join(iters, ", ")
	}
	return fmt.Sprintf("%s, %s", what, plural(len(s.Statements), "statement"))
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// outcome is the verdict: kept as written, or which candidate was kept
// and why.
func (e *regionExplainer) outcome() string {
	ch := e.r.Choice
	switch {
	case ch == nil || ch.Win == nil:
		if why := e.keptWhy(); why != "" {
			return "kept as written: " + why
		}
		return "kept as written (the messages above say why)"
	case e.r.Kept:
		return "kept as written (the " + ch.Win.Name + " was chosen but could not be finished; see the messages above)"
	}
	return fmt.Sprintf("rewritten: %s, because %s", e.candidateWords(ch.Win), e.tr(e.verdict(ch)))
}

// verdict is the chooser's reason, said of what the winner does: the
// gains rule covers tiling and parallel loops, and names the one(s) the
// winner has.
func (e *regionExplainer) verdict(ch *Choice) string {
	v := ch.Verdict
	if !ch.Gains {
		return v
	}
	tiles, par := false, e.parallelLoops() > 0
	for _, m := range e.r.Remarks {
		if strings.HasPrefix(m, "band of ") && strings.Contains(m, ": tiled ") {
			tiles = true
		}
	}
	switch {
	case tiles && !par:
		return "it tiles what the original does not" + ch.GainsRest
	case par && !tiles:
		return "it runs in parallel what the original does not" + ch.GainsRest
	case par && tiles:
		return "it tiles and runs in parallel what the original does not" + ch.GainsRest
	}
	return v
}

// keptWhy is the first remark of a region without a choice (a scheduler
// error, a timeout), in the source's terms.
func (e *regionExplainer) keptWhy() string {
	for _, m := range e.r.Remarks {
		if t := e.tr(m); t != "" {
			return t
		}
	}
	return ""
}

// candidateWords names a candidate for the user.
func (e *regionExplainer) candidateWords(c *Candidate) string {
	switch c.Kind {
	case Original:
		return "the original order"
	case VectorOriginal:
		if ch := e.r.Choice; ch != nil && c == ch.Win && !e.vectorized() {
			// The winner's vector stage found nothing to do.
			return "the original order"
		}
		return "the original order, with vector code"
	case OriginalParallel:
		return "the original order, with parallel loops"
	case User:
		return "the user schedule"
	case Identity:
		return "the original order regenerated"
	}
	if c.Expanded {
		return "the new schedule on scalars expanded to arrays"
	}
	return "the new schedule"
}

// vectorized reports whether the vector stage put some loop of the
// region in vector code.
func (e *regionExplainer) vectorized() bool {
	if e.r.Vector == nil {
		return false
	}
	for _, l := range e.r.Vector.Loops {
		if l.Vectorizable {
			return true
		}
	}
	return false
}

// summary is the short form's list of what the winner does.
func (e *regionExplainer) summary() string {
	var parts []string
	for _, m := range e.r.Remarks {
		if strings.HasPrefix(m, "band of ") {
			if _, rest, ok := strings.Cut(m, ": tiled "); ok {
				sz, _, _ := strings.Cut(rest, ";")
				if !containsStr(parts, "tiled "+sz) {
					parts = append(parts, "tiled "+sz)
				}
			}
		}
	}
	if v := e.r.Vector; v != nil {
		kinds := map[string]bool{}
		for _, l := range v.Loops {
			if l.Vectorizable {
				k := schemeWords(l.Scheme)
				if !kinds[k] {
					kinds[k] = true
					parts = append(parts, k)
				}
			}
		}
	}
	if e.parallelLoops() > 0 {
		parts = append(parts, plural(e.parallelLoops(), "parallel loop"))
	}
	return strings.Join(parts, ", ")
}

// parallelLoops counts the OpenMP parallel marks of the region's code.
func (e *regionExplainer) parallelLoops() int {
	n := 0
	walkMarks(e.r.AST, func(name string) {
		if name == "parallel" {
			n++
		}
	})
	return n
}

// schemeWords names a vector scheme of a loop report.
func schemeWords(scheme string) string {
	switch {
	case strings.HasPrefix(scheme, "packed"):
		return "packed matrix-product kernel"
	case strings.HasPrefix(scheme, "fma-tile"):
		return "register-tiled matrix-product kernel"
	case scheme == "horizontal reduction":
		return "vector reduction"
	case strings.HasPrefix(scheme, "interchanged"):
		return "vector loop after an interchange"
	}
	return "vector loop"
}

// maxListed is the number of statements the long form lists by their
// text before it only counts the others.
const maxListed = 6

// details are the long form's lines: statements, candidates, the new
// loops of the deepest statements, then the stages' decisions.
func (e *regionExplainer) details() []string {
	var out []string
	if s := e.r.Scop; s != nil {
		var sts []string
		for k, st := range s.Statements {
			if k == maxListed && len(s.Statements) > maxListed+1 {
				sts = append(sts, fmt.Sprintf("and %d more", len(s.Statements)-k))
				break
			}
			sts = append(sts, e.stmtRef(st.Name))
		}
		out = append(out, e.what()+": "+strings.Join(sts, "; "))
	}
	if ch := e.r.Choice; ch != nil && ch.Win != nil {
		out = append(out, e.candidatesLine(ch))
		if ch.Win.Kind == Scheduled || ch.Win.Kind == User {
			out = append(out, e.newLoops()...)
		}
	}
	// The scheduler's remarks are about the new schedule: when another
	// candidate won, they describe what did not happen, and only the
	// full account prints them, marked so.
	notKept := e.rejectedSchedulerRemarks()
	var rest []string
	for _, m := range e.r.Remarks {
		if notKept[m] {
			if e.cfg.Level < Full {
				continue
			}
			if t := e.remark(m); t != "" {
				rest = append(rest, "the new schedule, not kept: "+t)
			}
			continue
		}
		if t := e.remark(m); t != "" {
			rest = append(rest, t)
		}
	}
	rest = append(rest, e.vectorLines()...)
	out = append(out, foldLines(rest)...)
	if e.cfg.Level == Full && len(e.r.Times) > 0 {
		var ts []string
		for _, t := range e.r.Times {
			ts = append(ts, fmt.Sprintf("%s %.3fs", t.Stage, t.Time.Seconds()))
		}
		out = append(out, "time on this machine: "+strings.Join(ts, ", "))
	}
	return out
}

// rejectedSchedulerRemarks are the scheduler's remarks when the winner
// is not the scheduler's result (nil otherwise).
//
// When the winner is the scheduler's result on one model (the region's,
// or its scalar-expanded one), the remarks of the scheduler run on the
// other model are about a schedule that was not kept either: they are
// rejected too, except those the winner's run made as well.
func (e *regionExplainer) rejectedSchedulerRemarks() map[string]bool {
	ch := e.r.Choice
	if ch == nil || ch.Win == nil {
		return nil
	}
	out := map[string]bool{}
	if ch.Win.Kind == Scheduled {
		mine := map[string]bool{}
		for _, m := range ch.Win.SchedulerRemarks {
			mine[m] = true
		}
		for _, c := range ch.Cands {
			if c.Expanded == ch.Win.Expanded {
				continue
			}
			for _, m := range c.SchedulerRemarks {
				if !mine[m] {
					out[m] = true
				}
			}
		}
		return out
	}
	for _, c := range ch.Cands {
		for _, m := range c.SchedulerRemarks {
			out[m] = true
		}
	}
	return out
}

// candidatesLine says which candidate was kept and which others were
// tried. The plain original order, which every choice starts from, is
// not listed as tried when the winner keeps that order.
func (e *regionExplainer) candidatesLine(ch *Choice) string {
	variant := false // an original-order candidate other than the plain one
	for _, c := range ch.Cands {
		variant = variant || c.Kind == VectorOriginal || c.Kind == OriginalParallel
	}
	var others []string
	for _, c := range ch.Cands {
		if c == ch.Win || c.Kind == Original && variant {
			continue
		}
		if w := e.candidateWords(c); w != e.candidateWords(ch.Win) && !containsStr(others, w) {
			others = append(others, w)
		}
	}
	line := "kept: " + e.candidateWords(ch.Win)
	if ch.Win.Kind == Scheduled {
		line += " (" + e.tr(ch.Win.How) + ")"
	}
	if len(others) > 0 {
		line += "; also tried, not kept: " + strings.Join(others, "; ")
	}
	return line
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// newLoops says in which order the new code runs the loops around the
// deepest statements (one line per distinct order).
func (e *regionExplainer) newLoops() []string {
	s := e.r.Scop
	depth := 0
	for _, st := range s.Statements {
		depth = max(depth, len(e.ln.nest[st.Name]))
	}
	byOrder := map[string][]string{}
	var orders []string
	for _, st := range s.Statements {
		nest := e.ln.nest[st.Name]
		if len(nest) == 0 || len(nest) < depth {
			continue
		}
		o := strings.Join(nest, ", ")
		if _, ok := byOrder[o]; !ok {
			orders = append(orders, o)
		}
		byOrder[o] = append(byOrder[o], e.stmtRef(st.Name))
	}
	var out []string
	for _, o := range orders {
		around := strings.Join(byOrder[o], " and ")
		if n := len(byOrder[o]); n > 2 {
			around = fmt.Sprintf("%d statements from %s on", n, byOrder[o][0])
		}
		out = append(out, fmt.Sprintf("new loops around %s, outermost first: %s", around, o))
	}
	return out
}

// expandedRE is an element of the array that scalar expansion made of a
// scalar x (tessera_x_0[i]): a statement's text names the scalar, as
// the source line does.
var expandedRE = regexp.MustCompile(`\btessera_([A-Za-z_][A-Za-z0-9_]*)_[0-9]+(\[[^\[\]]*\])+`)

// stmtRef names statement name by its text and line.
func (e *regionExplainer) stmtRef(name string) string {
	if e.r.Scop == nil {
		return "a statement"
	}
	for _, st := range e.r.Scop.Statements {
		if st.Name == name {
			text := expandedRE.ReplaceAllString(strings.Join(strings.Fields(st.Text), " "), "$1")
			return fmt.Sprintf("`%s` (line %d)", text, st.Pos.Line)
		}
	}
	// A statement made by a pass (a split or expanded one) has no
	// source text of its own.
	return "a statement the optimizer added"
}

// remark is one region remark for the long form ("" when it is left
// out: the chooser's own lines, which the verdict and the candidates
// line replace, the vector reports, printed from their typed form, and
// the development counters).
func (e *regionExplainer) remark(m string) string {
	switch {
	case strings.HasPrefix(m, "candidate: "), strings.HasPrefix(m, "chosen: "),
		strings.HasPrefix(m, "vector: "),
		strings.HasPrefix(m, "original schedule kept: --vectorize"),
		strings.HasPrefix(m, "new schedule kept for --vectorize"):
		return ""
	case strings.HasPrefix(m, "astopt: "):
		if e.cfg.Level < Full {
			return ""
		}
	case strings.HasPrefix(m, "statement splitting: ") && strings.Contains(m, "not split"):
		if !e.cfg.Split {
			return ""
		}
	case strings.HasPrefix(m, "scalar expansion: ") && strings.Contains(m, " not expanded: its statements share no loop"):
		// Every scalar of a region that nothing could expand: noise
		// but for the full account.
		if e.cfg.Level < Full {
			return ""
		}
	case strings.HasPrefix(m, "band of "):
		return e.band(m)
	}
	return e.tr(m)
}

// band rewrites a scheduler band remark ("band of 3 loop(s) over S1:
// ...") with the statements' text and the new order of its loops.
func (e *regionExplainer) band(m string) string {
	var w int
	fmt.Sscanf(m, "band of %d loop(s)", &w)
	_, rest, _ := strings.Cut(m, " over ")
	list, verdict, _ := strings.Cut(rest, ": ")
	names := strings.Split(list, ", ")
	var refs []string
	for _, n := range names {
		refs = append(refs, e.stmtRef(n))
	}
	head := fmt.Sprintf("%s around %s", plural(w, "loop"), strings.Join(refs, ", "))
	if len(refs) > 2 {
		head = fmt.Sprintf("%s around %d statements", plural(w, "loop"), len(refs))
	}
	// The order inside a tile, read around the band's deepest
	// statement, when its innermost loops are the band's point loops.
	deepest := names[0]
	for _, n := range names {
		if len(e.ln.nest[n]) > len(e.ln.nest[deepest]) {
			deepest = n
		}
	}
	if nest := e.ln.nest[deepest]; len(nest) >= w && w > 0 && !anyTiles(nest[len(nest)-w:]) {
		inner := nest[len(nest)-w:]
		verdict = reorderedRE.ReplaceAllString(verdict, "; inside a tile the loops run as "+strings.Join(inner, ", ")+" for contiguous accesses")
		// A tiled band's loops, in the band's order: those its tile
		// loops are the tiles of, just outside the point loops.
		if strings.HasPrefix(verdict, "tiled ") && len(nest) >= 2*w {
			if loops := e.bandLoops(deepest, nest[len(nest)-2*w:len(nest)-w]); loops != "" {
				head += " (" + loops + ")"
			}
		}
	}
	return head + ": " + e.tr(verdict)
}

// bandLoops names the loops of a tiled band from its tile loops' names
// ("tiles of k"): a source iterator of statement st by its loop and
// line, a skewed one as the combination; "" when some loop is not a
// tile loop.
func (e *regionExplainer) bandLoops(st string, tiles []string) string {
	var out []string
	for _, t := range tiles {
		x, ok := strings.CutPrefix(t, "tiles of ")
		if !ok {
			return ""
		}
		out = append(out, e.sourceLoopOf(st, x))
	}
	return strings.Join(out, ", ")
}

// sourceLoopOf is "for (x ...) at FILE:LINE" when x is the C name of one
// of statement st's loops, else x as it is (a skewed combination).
func (e *regionExplainer) sourceLoopOf(st, x string) string {
	s := e.r.Scop
	for _, stmt := range s.Statements {
		if stmt.Name != st {
			continue
		}
		for p, id := range stmt.Loops {
			if stmt.CIters[p] == x && id >= 0 && id < len(s.Loops) {
				return fmt.Sprintf("for (%s ...) at %s:%d", x, e.ln.file, s.Loops[id].Pos.Line)
			}
		}
	}
	return x
}

func anyTiles(names []string) bool {
	for _, n := range names {
		if strings.HasPrefix(n, "tiles of ") {
			return true
		}
	}
	return false
}

// vectorLines are the vector stage's loop reports in the source's
// terms. A statement with a packed kernel also gets the register-tiled
// kernel for the sizes the packed one does not take (its buffers bound
// the reduction's length): that report says so.
func (e *regionExplainer) vectorLines() []string {
	v := e.r.Vector
	if v == nil {
		return nil
	}
	packed := map[string]bool{}
	for _, l := range v.Loops {
		if strings.HasPrefix(l.Scheme, "packed") {
			packed[reportStmt(l)] = true
		}
	}
	// The reports come in the tree order of the loops they are about:
	// a report that names no statement is about the next loop of its
	// name in that order (sibling nests reuse the generator's names).
	var out []string
	pos := 0
	for _, l := range v.Loops {
		loop := ""
		if f := e.ln.around[reportStmt(l)][l.Iter]; f != nil {
			loop = e.ln.byFor[f]
			for k, g := range e.ln.preorder {
				if g == f {
					pos = k + 1
				}
			}
		}
		if loop == "" {
			for k := pos; k < len(e.ln.preorder); k++ {
				if f := e.ln.preorder[k]; f.Iter == l.Iter {
					loop, pos = e.ln.byFor[f], k+1
					break
				}
			}
		}
		if loop == "" {
			loop = e.loopRef(l.Iter, reportStmt(l))
		}
		out = append(out, e.vectorLine(l, loop, packed))
	}
	return out
}

// reportStmt is the statement name a kernel report is about ("" when none).
func reportStmt(l vector.LoopReport) string {
	m := stmtNameRE.FindString(l.Reason)
	return m
}

func (e *regionExplainer) vectorLine(l vector.LoopReport, loop string, packed map[string]bool) string {
	if !strings.HasPrefix(loop, "for (") && !strings.HasPrefix(loop, "a loop") {
		loop = "the loop over " + loop
	}
	if !l.Vectorizable {
		return fmt.Sprintf("%s: not vectorized: %s", loop, e.tr(l.Reason))
	}
	what := schemeWords(l.Scheme)
	switch {
	case strings.HasPrefix(l.Scheme, "packed"):
		what += fmt.Sprintf(" (%s rows x columns per register tile)", strings.TrimPrefix(l.Scheme, "packed "))
	case strings.HasPrefix(l.Scheme, "fma-tile"):
		if packed[reportStmt(l)] {
			what = "for the sizes the packed kernel does not take, " + what
		}
	}
	return fmt.Sprintf("%s: %s: %s", loop, what, e.tr(l.Reason))
}

// loopRef names a loop of a vector report: a generated iterator through
// the loop names, a source iterator (the packed kernel reports the
// statement's own names) as the loop of that name around statement st.
func (e *regionExplainer) loopRef(iter, st string) string {
	if d, ok := e.ln.byIter[iter]; ok {
		return d
	}
	if genIterRE.MatchString(iter) {
		return "a loop of the new code"
	}
	if s := e.r.Scop; s != nil {
		for _, x := range s.Statements {
			if x.Name != st {
				continue
			}
			for p, id := range x.Loops {
				if x.CIters[p] == iter && id >= 0 && id < len(s.Loops) {
					return fmt.Sprintf("for (%s ...) at %s:%d", iter, e.ln.file, s.Loops[id].Pos.Line)
				}
			}
		}
		for _, l := range s.Loops {
			if l.CIter == iter {
				return fmt.Sprintf("for (%s ...) at %s:%d", iter, e.ln.file, l.Pos.Line)
			}
		}
	}
	return "loop " + iter
}

// foldLines prints a line that recurs once, with the count.
func foldLines(ls []string) []string {
	count := map[string]int{}
	for _, m := range ls {
		count[m]++
	}
	var out []string
	for _, m := range ls {
		switch n := count[m]; {
		case n == 0:
			continue
		case n > 1:
			out = append(out, fmt.Sprintf("%s (%d times)", m, n))
		default:
			out = append(out, m)
		}
		count[m] = 0
	}
	return out
}
