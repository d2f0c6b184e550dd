package web

import (
	"bytes"
	"embed"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"sync"
	"unicode/utf8"
)

// static holds the page: index.html (a template listing the families),
// the style sheet, the shared script and one script per family.
//
//go:embed static
var static embed.FS

// pageTemplate is parsed when a server first needs it, not at start-up:
// the command line runs without it.
var pageTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.ParseFS(static, "static/index.html"))
})

type pageTab struct{ Name, Title string }

// pageRoutes serves the page at / and its files under /static/.
func (s *Server) pageRoutes(mux *http.ServeMux) {
	var tabs []pageTab
	for _, f := range families {
		tabs = append(tabs, pageTab{f.name, f.title})
	}
	var b bytes.Buffer
	if err := pageTemplate().Execute(&b, map[string]any{"Tabs": tabs}); err != nil {
		panic(err) // the template is part of the binary
	}
	s.page = b.Bytes()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
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
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, name, info.ModTime(), rs)
}
