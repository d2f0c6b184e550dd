package main

import (
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestServeSameJSONSlidingQueens checks that the server answers the very
// object the CLI prints for the sliding and queens verbs (times aside),
// through the real binary's serve on loopback.
func TestServeSameJSONSlidingQueens(t *testing.T) {
	base, _, _ := startServe(t)
	timeRE := regexp.MustCompile(`"(time_ms|verify_ms|elapsed_ms)":[0-9.e+-]+`)
	norm := func(s string) string { return timeRE.ReplaceAllString(strings.TrimSpace(s), `"$1":T`) }
	get := func(path string) string {
		t.Helper()
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		content, query string
		args           []string
	}{
		{"8 6 7 2 5 4 3 0 1\n", "", nil},
		{"# a rectangle\n1 2 3 4\n5 0 7 8\n9 6 10 11\n", "", nil},
		{"1 0 3\n4 2 5\n7 8 6\n", "goal=blank-first", []string{"--goal", "blank-first"}},
		{"2 1 3 4 5 6 7 8 0\n", "", nil}, // none: the wrong parity
		{"1 2 3 4 5 6 7 7 0\n", "", nil}, // invalid
		{"4 1 2 3 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0\n", "algo=reduce", []string{"--algo", "reduce"}},
		{"5 1 3 4 2 6 7 8 9 10 11 12 13 14 15 0\n", "heuristic=linear-conflict", []string{"--heuristic", "linear-conflict"}},
	} {
		file := writeTemp(t, dir, "board.txt", tc.content)
		cli, _, _ := runCmd(t, "", append([]string{"sliding", "solve", "--json", file}, tc.args...)...)
		q, _ := url.ParseQuery(tc.query)
		q.Set("name", file)
		_, api := post(t, base+"/api/sliding/solve?"+q.Encode(), tc.content)
		if norm(string(api)) != norm(cli) {
			t.Errorf("sliding %q:\nAPI %s\nCLI %s", tc.content, api, cli)
		}
	}
	for _, tc := range []struct {
		path string
		args []string
	}{
		{"/api/queens/count?n=10", []string{"count", "--workers", "1", "--json", "10"}},
		{"/api/queens/count?n=1", []string{"count", "--workers", "1", "--json", "1"}},
		{"/api/queens/solve?n=6&limit=1000", []string{"solve", "--json", "--limit", "1000", "6"}},
		{"/api/queens/solve?n=8&first_row=3&limit=5", []string{"solve", "--json", "--first-row", "3", "--limit", "5", "8"}},
		{"/api/queens/solve?n=3", []string{"solve", "--json", "--limit", "1000", "3"}},
		{"/api/queens/dominate?n=7", []string{"dominate", "--json", "7"}},
		{"/api/queens/dominate?n=8&independent=1", []string{"dominate", "--json", "--independent", "8"}},
		{"/api/queens/one?n=20", []string{"one", "--json", "20"}},
		{"/api/queens/one?n=200&method=minconflicts&seed=4", []string{"one", "--json", "--method", "minconflicts", "--seed", "4", "200"}},
		{"/api/queens/one?n=1000&quiet=1", []string{"one", "--json", "--quiet", "1000"}},
	} {
		cli, _, _ := runCmd(t, "", append([]string{"queens"}, tc.args...)...)
		if api := get(tc.path); norm(api) != norm(cli) {
			t.Errorf("%s:\nAPI %s\nCLI %s", tc.path, api, cli)
		}
	}
	for _, content := range []string{"n 8\n0:3, 1:6\n", "# none\nn 6\n0:0\n", "n 12\n"} {
		file := writeTemp(t, dir, "inst.txt", content)
		cli, _, _ := runCmd(t, "", "queens", "complete", "--json", file)
		_, api := post(t, base+"/api/queens/complete?name="+url.QueryEscape(file), content)
		if norm(string(api)) != norm(cli) {
			t.Errorf("complete %q:\nAPI %s\nCLI %s", content, api, cli)
		}
	}
}
