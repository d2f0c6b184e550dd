package sliding

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

func rssLines() string {
	b, _ := os.ReadFile("/proc/self/status")
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmRSS") || strings.HasPrefix(l, "RssAnon") || strings.HasPrefix(l, "RssFile") || strings.HasPrefix(l, "VmHWM") {
			out = append(out, strings.Join(strings.Fields(l), " "))
		}
	}
	return strings.Join(out, ", ")
}

func TestZZMeasureLoad(t *testing.T) {
	if os.Getenv("ZZ_MEASURE") == "" {
		t.Skip()
	}
	huge := os.Getenv("ZZ_HUGE") != ""
	t.Logf("before: %s", rssLines())
	s := &Store{Dir: CacheDir(), HugePages: huge, MayBuild: func(Heuristic) bool { return false }}
	start := time.Now()
	set, err := s.Load(context.Background(), PDB78, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	d := time.Since(start)
	t.Logf("load pdb-78 (huge %v): %v; %s", huge, d, rssLines())
	_ = set
}
