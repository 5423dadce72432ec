package pipeline

import (
	"os/exec"
	"testing"

	"github.com/tessera-opt/tessera/internal/liveout"
)

// liveElseSrc has its region in the else branch of an if that is the
// unbraced body of a loop whose header reads the region's iterator i:
// after the region the loop's header runs again and reads i's final
// value, although the code after the loop assigns i first.
const liveElseSrc = `#include <stdio.h>
double A[100];
int main(void) {
  int i, t, n = 5, s = 0;
  i = 3;
  for (t = 0; t < i; t++)
    if (t == 100) s++;
    else
      for (i = 0; i < n; i++)
        A[i] = A[i] + i;
  i = 0;
  printf("%d %d %g\n", t, s + i, A[4]);
  return 0;
}
`

// TestLiveIteratorElseBranch: i is live after the region (the optimized
// program printed "3 0 12" instead of "5 0 20": the loop around was not
// seen, i kept the value it had before the region).
func TestLiveIteratorElseBranch(t *testing.T) {
	res, err := Optimize("else.c", []byte(liveElseSrc), Options{AutoScop: true})
	if err != nil {
		t.Fatal(err)
	}
	rewritten := false
	for _, r := range res.Regions {
		if !r.Kept {
			rewritten = true
			if got := liveout.Iterators(res.File, r.Region); len(got) != 1 || got[0] != "i" {
				t.Errorf("live iterators %v, want [i]", got)
			}
		}
	}
	if !rewritten {
		t.Fatalf("no region rewritten: %v", res.Diags)
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	want := runC(t, gcc, "orig", liveElseSrc, "-O2")
	if got := runC(t, gcc, "opt", string(res.Output), "-O2"); got != want {
		t.Errorf("output %q, want %q\n%s", got, want, res.Output)
	}
}
