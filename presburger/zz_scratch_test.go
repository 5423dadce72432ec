package presburger
import "testing"
func TestScratch(t *testing.T) {
	for _, s := range []string{
		"{ [i] : 0 <= i <= 10 and not (exists e : i = 3e) }",
		"{ [i] : 0 <= i <= 10 and not (exists e : i = 3e and e >= 1) }",
		"{ [i, j] : 0 <= i, j <= 4 and not exists (k : i = 2k + j) }",
		"{ [i] : (exists e : i = 2e) implies i >= 4 }",
	} {
		u, isSet, err := ParseUnion(s)
		if err != nil { t.Logf("%s => ERR %v", s, err); continue }
		str := u.String()
		u2, _, err2 := ParseUnion(str)
		t.Logf("%s\n   => %v %v  reparse-err=%v %v", s, str, isSet, err2,  u2)
	}
}
