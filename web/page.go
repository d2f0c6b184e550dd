package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
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
// the command line runs without it. In it, {{asset "app.js"}} is the
// file's address with its version: /static/app.js?v=<hash>.
var pageTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("index.html").Funcs(template.FuncMap{"asset": assetURL}).ParseFS(static, "static/index.html"))
})

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
