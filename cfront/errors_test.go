package cfront

import (
	"errors"
	"strings"
	"testing"
)

// TestErrors checks that each rejected construct gives one diagnostic
// "t.c:line:col: error: ..." at the right place. In the sources, the body
// of the region starts on line 3.
func TestErrors(t *testing.T) {
	wrap := func(body string) string {
		return "void f(int n, double *A) {\n#pragma scop\n" + body + "\n#pragma endscop\n}\n"
	}
	tests := []struct {
		name, src, want string
	}{
		{"goto", wrap("for (int i = 0; i < n; i++) {\n  goto out;\n}"), "t.c:4:3: error: 'goto' is not allowed in a SCoP: jumps"},
		{"break", wrap("for (int i = 0; i < n; i++)\n  if (A[i] > 0) break;"), "t.c:4:17: error: 'break' is not allowed in a SCoP: an early exit"},
		{"continue", wrap("for (int i = 0; i < n; i++) { continue; }"), "t.c:3:31: error: 'continue' is not allowed"},
		{"return", wrap("A[0] = 1;\nreturn;"), "t.c:4:1: error: 'return' is not allowed in a SCoP: leaving the region"},
		{"while", wrap("  while (n > 0) n--;"), "t.c:3:3: error: 'while' is not allowed in a SCoP: its trip count"},
		{"do", wrap("do { n--; } while (n);"), "t.c:3:1: error: 'do' is not allowed"},
		{"switch", wrap("switch (n) { case 1: A[0] = 0; }"), "t.c:3:1: error: 'switch' is not allowed in a SCoP: only if/else"},
		{"label with goto", "void f(int n, double *A) {\n#pragma scop\nout: A[0] = 0;\n#pragma endscop\n  if (n) goto out;\n}\n", "t.c:3:1: error: label 'out' is the target of the jump at line 5"},
		{"label address", "void f(int n, double *A) {\n  void *p = &&out;\n#pragma scop\nout: A[0] = 0;\n#pragma endscop\n}\n", "t.c:4:1: error: label 'out' is the target of the jump at line 2"},
		{"unevaluable if", "#define F(x) x\n" + wrap("#if F(1)\nA[0] = 0;\n#endif"), "t.c:4:1: error: cannot evaluate the condition 'F(1)' of #if at line 4"},
		{"line in if", wrap("#if __LINE__ > 2\nA[0] = 0;\n#endif"), "t.c:3:1: error: cannot evaluate the condition '__LINE__ > 2' of #if at line 3"},
		{"if outside", "#ifndef X\n" + wrap("A[0] = 0;\n#endif\nA[1] = 0;"), "t.c:5:1: error: #endif in a SCoP region closes or continues the #if at line 1"},
		{"if not closed", wrap("#ifdef X\nA[0] = 0;\n#else\nA[1] = 0;") + "#endif\n", "t.c:3:1: error: #if at line 3 is not closed inside the SCoP region"},
		{"if in statement", wrap("A[0] = 1\n#ifdef X\n+ 1\n#endif\n;"), "t.c:4:1: error: expected ';' after expression statement, found preprocessor directive #ifdef (in a SCoP region, #if groups are read between statements only)"},
		{"unterminated string before region", "const char *s = \"abc;\n" + wrap("A[0] = 0;"), "t.c:1:17: error: unterminated string literal"},
		{"unterminated char before region", "int c = ';\n" + wrap("A[0] = 0;"), "t.c:1:9: error: unterminated character literal"},
		{"call statement", wrap("for (int i = 0; i < n; i++)\n    printf(\"%f\", A[i]);"), "t.c:4:5: error: a call statement is not allowed as a statement"},
		{"bare expression", wrap("A[0];"), "t.c:3:1: error: an expression is not allowed as a statement"},
		{"missing semicolon", wrap("A[0] = 1\nA[1] = 2;"), "t.c:4:1: error: expected ';' after expression statement, found 'A'"},
		{"unclosed bare block", wrap("{\n A[0] = 0;"), "t.c:3:1: error: unclosed '{'"},
		{"unclosed inner block", wrap("{ { A[0] = 0; }"), "t.c:3:1: error: unclosed '{'"},
		{"unknown cast type", wrap("A[0] = 1.0 / (REAL)n;"), "t.c:3:20: error: expected ';' after expression statement, found 'n' (if REAL is a type, its definition was not found"},
		{"unclosed block", wrap("for (int i = 0; i < n; i++) {\n A[i] = 0;"), "t.c:3:29: error: unclosed '{'"},
		{"bad step", wrap("for (int i = 0; i < n; i *= 2) A[i] = 0;"), "t.c:3:24: error: for loop increment must step the iterator i by an integer constant"},
		{"symbolic step", wrap("for (int i = 0; i < n; i -= n) A[i] = 0;"), "t.c:3:24: error: for loop increment"},
		{"zero step", wrap("for (int i = 0; i < n; i += 0) A[i] = 0;"), "t.c:3:24: error: for loop step of i is zero"},
		{"wrong direction", wrap("for (int i = 0; i > -n; i++) A[i] = 0;"), "t.c:3:17: error: for loop condition does not bound the iterator i upward"},
		{"bad condition", wrap("for (int i = 0; i + 1 < n; i++) A[i] = 0;"), "t.c:3:17: error: for loop condition must compare the iterator i"},
		{"or condition", wrap("for (int i = 0; i < n || i < 5; i++) A[i] = 0;"), "t.c:3:17: error: for loop condition must compare"},
		{"no init", wrap("for (; i < n; i++) A[i] = 0;"), "t.c:3:6: error: for loop without an initialization"},
		{"no cond", wrap("for (i = 0;; i++) A[i] = 0;"), "t.c:3:12: error: for loop without a condition"},
		{"no incr", wrap("for (i = 0; i < n;) A[i] = 0;"), "t.c:3:19: error: for loop without an increment"},
		{"init not iterator", wrap("for (A[0] = 0; i < n; i++) A[i] = 0;"), "t.c:3:6: error: for loop initialization must assign the iterator"},
		{"iterator mismatch", wrap("for (i = 0; j < n; i++) A[i] = 0;"), "t.c:3:13: error: for loop condition must compare the iterator i"},
		{"directive inside", wrap("A[0] = 0;\n#define X 1\nA[1] = 0;"), "t.c:4:1: error: preprocessor directive inside a SCoP region"},
		{"not assignable", wrap("n + 1 = 2;"), "t.c:3:1: error: the left side of '=' is not assignable"},
		{"bad char", wrap("A[0] = 1 @ 2;"), "t.c:3:10: error: expected ';' after expression statement, found invalid character '@'"},
		{"unterminated string", wrap("A[0] = \"abc;"), "t.c:3:8: error: unterminated string literal"},
		{"bad number", wrap("A[0] = 09;"), "t.c:3:8: error: invalid digit in integer literal 09"},
		{"bad suffix", wrap("A[0] = 1.5q;"), "t.c:3:8: error: invalid floating literal 1.5q"},
		{"else alone", wrap("else A[0] = 0;"), "t.c:3:1: error: 'else' without a matching 'if'"},
		{"unbalanced paren", wrap("A[0] = (1 + 2;"), "t.c:3:14: error: expected ')' to close parenthesis, found ';'"},
		{"region ends early", wrap("if (n > 0)"), "t.c:4:1: error: expected an expression, found end of region"},
		{"brace init", wrap("double t[2] = {0, 1};"), "t.c:3:15: error: brace initializers are not supported"},
		{"compound literal", wrap("A[0] = (double){1};"), "t.c:3:16: error: compound literals are not supported"},
		{"missing endscop", "void f(int n, double *A) {\n  #pragma scop\n  A[0] = 0;\n}\n", "t.c:2:3: error: '#pragma scop' without a matching '#pragma endscop'"},
		{"stray endscop", "void f(void) {\n#pragma endscop\n}\n", "t.c:2:1: error: '#pragma endscop' without a preceding '#pragma scop'"},
		{"comment swallows endscop", "#pragma scop\nx = 1; /* oops\n#pragma endscop\n", "t.c:1:1: error: '#pragma scop' without a matching '#pragma endscop' (the unterminated comment at line 2 col 8 hides the rest of the file)"},
		{"two scops", "#pragma scop\nx = 1;\n#pragma scop\nx = 2;\n#pragma endscop\n", "t.c:1:1: error: '#pragma scop' without a matching '#pragma endscop' (another '#pragma scop' follows at line 3)"},
		{"deep nesting", "#pragma scop\nx = " + strings.Repeat("(", 2000) + "1" + strings.Repeat(")", 2000) + ";\n#pragma endscop\n", "error: nesting too deep"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseFile("t.c", []byte(tc.src), Config{})
			if err == nil {
				t.Fatalf("no error; dump:\n%s", Dump(f))
			}
			var list ErrorList
			if !errors.As(err, &list) || len(list) != 1 {
				t.Fatalf("want one diagnostic, got %v", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got  %s\nwant %s", err, tc.want)
			}
			if f == nil {
				t.Fatal("nil File with a diagnostic")
			}
		})
	}
}

// TestErrorKeepsGoodRegions: a failing region does not hide the others.
func TestErrorKeepsGoodRegions(t *testing.T) {
	src := "#pragma scop\nx = 1;\n#pragma endscop\n#pragma scop\nwhile (1) x++;\n#pragma endscop\n#pragma scop\ny = 2;\n#pragma endscop\n"
	f, err := ParseFile("t.c", []byte(src), Config{})
	if err == nil || !strings.Contains(err.Error(), "t.c:5:1: error: 'while'") {
		t.Fatalf("error = %v", err)
	}
	if len(f.Regions) != 2 || f.Regions[0].Pos.Line != 1 || f.Regions[1].Pos.Line != 7 {
		t.Fatalf("regions: %s", Dump(f))
	}
}

// TestGarbage: arbitrary bytes give errors or nothing, never a panic, and
// the file is always returned.
func TestGarbage(t *testing.T) {
	inputs := []string{
		"", "#", "#pragma", "#pragma scop", "#pragma scop\n", "#pragma scop\n#pragma endscop",
		"\x00\xff\xfe", "/* unterminated", "\"", "'", "int main( {", "}}}}", "{{{{",
		"#pragma scop\nfor (\n#pragma endscop\n", "#pragma scop\n@@@\n#pragma endscop\n",
		"void f() { for (int i = 0; i < n; i++) for (", "typedef", "typedef struct {", "#define",
		"#define (", "#if defined(", "#if 1/0\n#define X\n#endif", "#elif\n#else\n#endif\n#endif",
		"double POLYBENCH_2D(", "void f(POLYBENCH_2D(A,N)) {}", "int (*p", "#include \"nonexistent.h\"",
		"#pragma scop\n(double)\n#pragma endscop\n", "#pragma scop\nx = sizeof(;\n#pragma endscop\n",
		"#pragma scop\nx = a ? b;\n#pragma endscop\n", "#pragma scop\nx = 0x;\n#pragma endscop\n",
		"#pragma scop\nx = 1e;\n#pragma endscop\n", "#pragma scop\nx = '';\n#pragma endscop\n",
		"#pragma scop\nx = 99999999999999999999999;\n#pragma endscop\n",
		"#pragma scop\nfor (i = 0; i < n; i -= -9223372036854775808) x = 1;\n#pragma endscop\n",
	}
	for _, in := range inputs {
		for _, auto := range []bool{false, true} {
			f, _ := ParseFile("g.c", []byte(in), Config{AutoScop: auto})
			if f == nil {
				t.Fatalf("nil File for %q", in)
			}
			_ = Dump(f)
		}
	}
}

// TestErrorCodes: each class of diagnostic has its stable code.
func TestErrorCodes(t *testing.T) {
	tests := []struct {
		src  string
		code Code
	}{
		{"#pragma scop\nwhile (1) x++;\n#pragma endscop\n", CodeUnsupported},
		{"#pragma scop\nf(x);\n#pragma endscop\n", CodeUnsupported},
		{"#pragma scop\nfor (i = 0; i < n; i *= 2) x++;\n#pragma endscop\n", CodeLoop},
		{"#pragma scop\nx = 1\n#pragma endscop\n", CodeSyntax},
		{"#pragma scop\nx = 08;\n#pragma endscop\n", CodeLex},
		{"#pragma scop\nx = 1;\n", CodePragma},
		{"#pragma scop\nx = " + strings.Repeat("-", 3000) + "1;\n#pragma endscop\n", CodeLimit},
	}
	for _, tc := range tests {
		_, err := ParseFile("t.c", []byte(tc.src), Config{})
		var e *Error
		if !errors.As(err, &e) || e.Code != tc.code {
			t.Errorf("%.40q: got %v (code %q), want code %q", tc.src, err, codeOf(e), tc.code)
		}
	}
}

func codeOf(e *Error) Code {
	if e == nil {
		return ""
	}
	return e.Code
}
