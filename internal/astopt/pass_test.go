package astopt

import (
	"strings"
	"testing"

	"github.com/tessera-opt/tessera/ast"
)

func TestPassOrder(t *testing.T) {
	index := map[string]int{}
	for i, p := range Passes {
		if _, dup := index[p.Name]; dup {
			t.Fatalf("pass %s listed twice", p.Name)
		}
		index[p.Name] = i
		if p.Doc == "" || p.Run == nil {
			t.Errorf("pass %s has no doc or no Run", p.Name)
		}
	}
	for _, c := range passOrder {
		ia, oka := index[c.a]
		ib, okb := index[c.b]
		if !oka || !okb {
			t.Errorf("ordering constraint %s < %s names an unknown pass", c.a, c.b)
			continue
		}
		if ia >= ib {
			t.Errorf("pass %s must run before %s", c.a, c.b)
		}
	}
}

func TestConfigDefaults(t *testing.T) {
	var c Config
	if c.threshold() != 1 || c.smallTrip() != 4 || c.unswitchBudget() != 8 || c.prefix() != "inv" {
		t.Errorf("zero Config defaults: K=%d small=%d budget=%d prefix=%q", c.threshold(), c.smallTrip(), c.unswitchBudget(), c.prefix())
	}
	for _, p := range Passes {
		if !c.enabled(p.Name) {
			t.Errorf("pass %s is off in the zero Config", p.Name)
		}
	}
	c = Config{NoLICM: true, Disable: []string{"ifconcat"}}
	if c.enabled("licm") || c.enabled("cse") || c.enabled("ifconcat") || !c.enabled("unswitch") {
		t.Errorf("NoLICM/Disable not honoured")
	}
}

func TestRunErrors(t *testing.T) {
	if _, _, err := Run(user("S", ci(1)), Config{Target: "vax"}); err == nil || !strings.Contains(err.Error(), "unknown target") {
		t.Errorf("unknown target: err = %v", err)
	}
	bad := &ast.For{Iter: "for", Init: ci(0), Cond: ci(0), Inc: ci(1), Body: user("S")}
	if _, _, err := Run(bad, Config{}); err == nil {
		t.Errorf("malformed tree accepted")
	}
	for _, name := range []string{"generic", "x86-64", "gpu", ""} {
		if _, ok := TargetCosts(name); !ok {
			t.Errorf("target %q missing", name)
		}
	}
}

// TestStats checks that Run counts what its passes did.
func TestStats(t *testing.T) {
	n, st, err := Run(tiledGemm(), Config{Check: true})
	if err != nil {
		t.Fatal(err)
	}
	if st.Hoisted == 0 {
		t.Errorf("nothing hoisted in tiled gemm: %v\n%s", st, ast.PrintC(n))
	}
	if !strings.Contains(st.String(), "hoisted") {
		t.Errorf("Stats.String = %q", st.String())
	}
}
