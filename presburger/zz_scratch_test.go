package presburger
import "testing"
func TestScratch(t *testing.T) {
	for _, s := range []string{
		"{ [i] -> [j] : i <= j <= 2*ceil(i/2) }",
		"{ [i] -> [j] : j = -2floor((-i - 1)/4) }",
	} {
		u, _, _ := ParseUnion(s)
		t.Logf("%-50s => %v", s, u)
	}
}
