package scop

import (
	"encoding/json"
	"github.com/tessera-opt/tessera/internal/testutil"
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/cfront"
)

// FuzzBuild feeds region bodies to the front end and the model: any input
// gives a model or a positioned error, never a panic. The seed corpus runs
// in plain go test.
func FuzzBuild(f *testing.F) {
	for _, s := range []string{
		"for (int i = 0; i < n; i++) A[i] = B[i];",
		"for (int i = n; i >= 0; i -= 3) if (i % 2 || i > m / 4) A[i] += x; else B[i]--;",
		"for (int i = 0; i < n; i++) for (int j = max(0, i - 2); j <= min(n, i + 2); j++) A[i] = A[i] + B[j / 3 - i % 5];",
		"x = 0; for (int i = 0; i < n; i++) x += B[i * 2 + 1];",
		"for (int i = 0; i < n; i++) A[B[i]] = 0;",
		"for (int i = 0; i < 9223372036854775807; i++) A[i * 4611686018427387904] = 0;",
		"for (int i = -n; i < n; i++) A[(i - 7) / -3] = i ? 1 : 2;",
		"double t = 1; for (int i = 0; i < (n < m ? n : m); i++) t = t * A[i];",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		if strings.Contains(body, "#") {
			return
		}
		src := "void f(int n, int m, double A[n], double B[n], double x)\n{\n#pragma scop\n" + body + "\n#pragma endscop\n}\n"
		file, err := cfront.ParseFile("fuzz.c", []byte(src), cfront.Config{})
		if err != nil || len(file.Regions) == 0 {
			return
		}
		s, err := FromRegion(file, file.Regions[0], Config{})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.c:") {
				t.Fatalf("error without position: %v", err)
			}
			return
		}
		var b strings.Builder
		if err := Print(&b, s); err != nil {
			t.Fatal(err)
		}
		js, err := JSON(s)
		if err != nil || !json.Valid(js) {
			t.Fatalf("bad JSON: %v", err)
		}
	})
}

// TestContext checks the default and user contexts.
func TestContext(t *testing.T) {
	src := "void f(int n, int m, double A[n])\n{\n#pragma scop\nfor (int i = 0; i < n; i++)\n  A[i + m] = 0;\n#pragma endscop\n}\n"
	file, err := cfront.ParseFile("c.c", []byte(src), cfront.Config{})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		cfg  Config
		want string
	}{
		{Config{}, "[n, m] -> { : n >= 0 }"},
		{Config{NoParamAssumptions: true}, "[n, m] -> { : }"},
		{Config{Context: "[m, n] -> { : m > 2 and n >= m }"}, "[n, m] -> { : m >= 3 and n >= m }"},
	}
	for _, c := range cases {
		s, err := FromRegion(file, file.Regions[0], c.cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !testutil.SameObject(s.Context.String(), c.want) {
			t.Errorf("%+v: context %s, want %s", c.cfg, s.Context, c.want)
		}
	}
	if _, err := FromRegion(file, file.Regions[0], Config{Context: "[n] -> { : n >"}); err == nil {
		t.Errorf("a bad user context must be an error")
	}
}

// TestJSON checks that the JSON form is valid and carries the model.
func TestJSON(t *testing.T) {
	for _, s := range loadKernel(t, "testdata/kernels/gemm.c") {
		js, err := JSON(s)
		if err != nil {
			t.Fatal(err)
		}
		var j jsonScop
		if err := json.Unmarshal(js, &j); err != nil {
			t.Fatal(err)
		}
		if len(j.Statements) != 2 || j.Statements[1].Name != "S1" || len(j.Statements[1].Accesses) != 5 || j.Params[0] != "ni" {
			t.Errorf("unexpected JSON: %s", js)
		}
	}
}
