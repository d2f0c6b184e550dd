package buildversion

import "runtime/debug"

// String names the program and the module version, VCS revision and Go
// version the binary was built from: "puzzle v1.2.0 0123456789ab go1.26.8".
func String(program string) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return program + " (unknown version)"
	}
	v := program + " " + bi.Main.Version
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+dirty"
			}
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " " + rev + modified
	}
	v += " " + bi.GoVersion
	if rev == "" && bi.Main.Version == "(devel)" {
		// Built from a checkout without its revision: say how to get it.
		v += " (no VCS revision: built with -buildvcs=false, as GOFLAGS may say; go build -buildvcs=true records it)"
	}
	return v
}
