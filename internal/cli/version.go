package cli

import "runtime/debug"

// Version returns tessera's version: the module version the binary was
// built from (go install ...@v1.2.3), else "devel", followed by the
// version control revision when the build recorded one.
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	v := info.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev != "" && v == "devel" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " (" + rev + modified + ")"
	}
	return v
}
