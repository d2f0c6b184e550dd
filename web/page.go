package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"html"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"sync"
	"unicode/utf8"
)

// static holds the page: index.html (the page, with places marked for the
// families: see pageHTML),
// the style sheet, the shared script and one script per family.
//
//go:embed static
var static embed.FS

// pageHTML makes the page from static/index.html, which marks four
// places: {{style.css}} and {{app.js}} take those files' text (the style
// sheet and the shell script come with the page, so that its first paint
// waits for no other request), {{tabs}} a tab button per family, naming
// the scripts its tab needs, and {{panels}} a panel per family. A
// replacement, not html/template: the page has four holes, and a command
// that never serves it should not pay for a template engine at start-up.
func pageHTML(tabs []pageTab) ([]byte, error) {
	page, err := static.ReadFile("static/index.html")
	if err != nil {
		return nil, err
	}
	css, err := static.ReadFile("static/style.css")
	if err != nil {
		return nil, err
	}
	js, err := static.ReadFile("static/app.js")
	if err != nil {
		return nil, err
	}
	if bytes.Contains(css, []byte("</style")) || bytes.Contains(js, []byte("</script")) {
		return nil, errors.New("web: style.css or app.js would end its element early")
	}
	var buttons, panels strings.Builder
	for _, t := range tabs {
		name, title, scripts := html.EscapeString(t.Name), html.EscapeString(t.Title), html.EscapeString(t.Scripts)
		fmt.Fprintf(&buttons, `    <button type="button" role="tab" id="tabbtn-%s" data-tab="%s" aria-controls="tab-%s" aria-selected="false" data-scripts="%s">%s</button>`+"\n",
			name, name, name, scripts, title)
		fmt.Fprintf(&panels, `  <section class="tab" id="tab-%s" role="tabpanel" aria-labelledby="tabbtn-%s" aria-busy="true" hidden></section>`+"\n",
			name, name)
	}
	r := strings.NewReplacer("{{style.css}}", string(css), "{{app.js}}", string(js),
		"{{tabs}}\n", buttons.String(), "{{panels}}\n", panels.String())
	return []byte(r.Replace(string(page))), nil
}

// pagePolicy is the page's Content-Security-Policy: its own files, and
// the two it carries inline, named by their SHA-256.
func pagePolicy() string {
	hash := func(name string) string {
		b, err := static.ReadFile("static/" + name)
		if err != nil {
			panic(err) // the files are part of the binary
		}
		sum := sha256.Sum256(b)
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	return "default-src 'self'; script-src 'self' " + hash("app.js") + "; style-src 'self' " + hash("style.css") +
		"; img-src 'self' data: blob:; object-src 'none'; frame-ancestors 'none'"
}

// staticVersions maps each file of static/ to the start of its SHA-256,
// made when a server first needs it.
var staticVersions = sync.OnceValue(func() map[string]string {
	v := map[string]string{}
	fs.WalkDir(static, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := static.ReadFile(path)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		v[path[len("static/"):]] = hex.EncodeToString(sum[:8])
		return nil
	})
	return v
})

// assetURL is the address of a file of static/ with its version, which
// changes with its content: the page asks for exactly the files of its
// binary, and a browser may keep them for good.
func assetURL(name string) (string, error) {
	v, ok := staticVersions()[name]
	if !ok {
		return "", fs.ErrNotExist
	}
	return "/static/" + name + "?v=" + v, nil
}

// pageTab is a tab of the page: its family's name and title, and the
// addresses of the scripts it needs, in order, separated by spaces (the
// shared ones first; a tab's scripts are loaded when it is first wanted).
type pageTab struct{ Name, Title, Scripts string }

// tabScripts lists the scripts a family's tab needs, in the order they run.
func tabScripts(name string) (string, error) {
	files := []string{"play.js", "download.js"}
	if name == "nonogram" {
		files = append(files, "nonoplay.js")
	}
	var urls []string
	for _, f := range append(files, name+".js") {
		u, err := assetURL(f)
		if err != nil {
			return "", fmt.Errorf("%s: %w", f, err)
		}
		urls = append(urls, u)
	}
	return strings.Join(urls, " "), nil
}

// pageRoutes serves the page at / and its files under /static/.
func (s *Server) pageRoutes(mux *http.ServeMux) {
	var tabs []pageTab
	for _, f := range families {
		scripts, err := tabScripts(f.name)
		if err != nil {
			panic(err) // the scripts are part of the binary
		}
		tabs = append(tabs, pageTab{f.name, f.title, scripts})
	}
	page, err := pageHTML(tabs)
	if err != nil {
		panic(err) // the page is part of the binary
	}
	s.page = page
	s.pageCSP = pagePolicy()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Content-Security-Policy", s.pageCSP)
		w.Write(s.page)
	})
	mux.HandleFunc("GET /static/{name...}", serveStatic)
}

// serveStatic serves a file of the page, the scripts and the style sheet:
// 404 for any other name (a directory, a malformed or non-UTF-8 path, the
// page's template, index.html, which the page at / is made from).
func serveStatic(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !utf8.ValidString(name) || !fs.ValidPath(name) || name == "." || name == "index.html" {
		http.NotFound(w, r)
		return
	}
	f, err := static.Open("static/" + name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	info, err := f.Stat()
	rs, ok := f.(io.ReadSeeker)
	if err != nil || info.IsDir() || !ok {
		http.NotFound(w, r)
		return
	}
	// The version is the content's: an address with the current one is
	// immutable, any other is checked again (If-None-Match, 304).
	version := staticVersions()[name]
	w.Header().Set("ETag", `"`+version+`"`)
	if r.URL.Query().Get("v") == version {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	http.ServeContent(w, r, name, info.ModTime(), rs)
}
