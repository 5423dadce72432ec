package presburger
import "testing"
func TestScratch(t *testing.T) {
	for _, s := range []string{"{ [i] -> [a, b] : 4a <= i <= 4a + 3 and 2b <= a <= 2b + 1 }", "[n] -> { [i] -> [a] : 2a <= i + n <= 2a + 1 and a > n }", "{ [i] -> [floor(i/4), i mod 4, floor(i/2) mod 2] }"} {
		t.Log(MustParseMap(s))
	}
}
