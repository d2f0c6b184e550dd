package web

import (
	"bytes"
	"embed"
	"html/template"
	"io/fs"
	"net/http"
)

// static holds the page: index.html (a template listing the families),
// the style sheet, the shared script and one script per family.
//
//go:embed static
var static embed.FS

var pageTemplate = template.Must(template.ParseFS(static, "static/index.html"))

type pageTab struct{ Name, Title string }

// pageRoutes serves the page at / and its files under /static/.
func (s *Server) pageRoutes(mux *http.ServeMux) {
	var tabs []pageTab
	for _, f := range families {
		tabs = append(tabs, pageTab{f.name, f.title})
	}
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, map[string]any{"Tabs": tabs}); err != nil {
		panic(err) // the template is part of the binary
	}
	s.page = b.Bytes()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(s.page)
	})
	files, _ := fs.Sub(static, "static")
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(files)))
}
