package imaging

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // the decoders Decode knows
	_ "image/jpeg"
	_ "image/png"
	"io"
)

// MaxPixels is the default cap of Decode: the largest picture, in pixels,
// it decodes (8192×4096; 128 MB as 8-bit RGBA).
const MaxPixels = 1 << 25

// MaxFileSize bounds the files Decode reads, in bytes.
const MaxFileSize = 64 << 20

// Error is a picture that cannot be read or converted, and its file.
type Error struct {
	File string // the name of the input, "" if unknown
	Msg  string
	Err  error // the decoder's error, if any
}

func (e *Error) Error() string {
	if e.File == "" {
		return "imaging: " + e.Msg
	}
	return e.File + ": " + e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

// Position returns the file the error is about (there are no lines).
func (e *Error) Position() (file string, line int) { return e.File, 0 }

// ErrFormat is wrapped by the error of a file that is no PNG, GIF or JPEG.
var ErrFormat = errors.New("not a PNG, GIF or JPEG image")

// Decode reads a PNG, GIF or JPEG picture from r, named file in errors,
// and returns it with its format ("png", "gif" or "jpeg"). It refuses,
// before decoding, a picture without pixels or of more than maxPixels
// pixels (MaxPixels when maxPixels is 0), and a file over MaxFileSize bytes.
func Decode(ctx context.Context, r io.Reader, file string, maxPixels int) (image.Image, string, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	switch {
	case err != nil:
		return nil, "", &Error{File: file, Msg: fmt.Sprintf("reading: %v", err), Err: err}
	case len(data) > MaxFileSize:
		return nil, "", &Error{File: file, Msg: fmt.Sprintf("larger than %d MB: not read", MaxFileSize>>20)}
	}
	return DecodeBytes(ctx, data, file, maxPixels)
}

// DecodeBytes is Decode of a file's bytes.
func DecodeBytes(ctx context.Context, data []byte, file string, maxPixels int) (image.Image, string, error) {
	if maxPixels <= 0 {
		maxPixels = MaxPixels
	}
	fail := func(err error, format string, args ...any) (image.Image, string, error) {
		return nil, "", &Error{File: file, Msg: fmt.Sprintf(format, args...), Err: err}
	}
	format, err := CheckHeader(data, file, maxPixels)
	if err != nil {
		return nil, "", err
	}
	if err := ctx.Err(); err != nil {
		return fail(err, "%v", err)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return fail(err, "bad %s data: %v", format, err)
	}
	// A GIF's first frame may cover part of its screen only.
	if b := img.Bounds(); b.Empty() || b.Dx() > maxPixels/b.Dy() {
		return fail(nil, "the %s picture is %d×%d pixels", format, b.Dx(), b.Dy())
	}
	return img, format, nil
}

// CheckHeader reads the header of a picture's bytes, without decoding it,
// and returns its format, or the error Decode would give for a file that
// is no PNG, GIF or JPEG, has no pixels or more than maxPixels pixels
// (MaxPixels when maxPixels is 0).
func CheckHeader(data []byte, file string, maxPixels int) (format string, err error) {
	if maxPixels <= 0 {
		maxPixels = MaxPixels
	}
	fail := func(err error, format string, args ...any) (string, error) {
		return "", &Error{File: file, Msg: fmt.Sprintf(format, args...), Err: err}
	}
	if len(data) == 0 {
		return fail(ErrFormat, "empty file: %v", ErrFormat)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	switch {
	case errors.Is(err, image.ErrFormat):
		return fail(ErrFormat, "%v", ErrFormat)
	case err != nil:
		return fail(err, "bad %s header: %v", formatOf(data), err)
	case cfg.Width <= 0 || cfg.Height <= 0:
		return fail(nil, "the %s picture is %d×%d pixels: it has none", format, cfg.Width, cfg.Height)
	case cfg.Width > maxPixels/cfg.Height:
		return fail(nil, "the %s picture is %d×%d pixels, more than the %d this reads", format, cfg.Width, cfg.Height, maxPixels)
	}
	return format, nil
}

// formatOf names the format the file's first bytes announce, for
// messages about a broken header.
func formatOf(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG")):
		return "png"
	case bytes.HasPrefix(data, []byte("GIF8")):
		return "gif"
	case bytes.HasPrefix(data, []byte("\xff\xd8")):
		return "jpeg"
	}
	return "image"
}
