package web_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"

	"github.com/puzzlesolvers/puzzle/web"
)

// A Server is an http.Handler: here it answers one solve in process.
func ExampleNew() {
	s := web.New(web.Config{Logger: slog.New(slog.DiscardHandler)})
	req := httptest.NewRequest("POST", "http://localhost/api/nonogram/solve", strings.NewReader("2 3\n3\n1\n1\n2\n1\n"))
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	body, _ := io.ReadAll(w.Result().Body)
	fmt.Println(w.Code, w.Header().Get("Content-Type"))
	fmt.Print(strings.SplitAfter(string(body), `"solution":["###",".#."]`)[0])
	// Output:
	// 200 application/json
	// {"file":"request","line":1,"status":"unique","rows":2,"cols":3,"solution":["###",".#."]
}
