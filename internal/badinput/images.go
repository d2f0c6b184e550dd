package badinput

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
)

// An ImageCase is a broken picture: its file name (whose extension is its
// format), its bytes, and a phrase its error must hold.
type ImageCase struct {
	Name string
	Data []byte
	Want string
}

// Images returns broken PNG, GIF and JPEG files: cut short, corrupt,
// without pixels, claiming a huge size in a small file, empty, and not a
// picture at all.
func Images() []ImageCase {
	img := image.NewNRGBA(image.Rect(0, 0, 40, 30))
	for y := range 30 {
		for x := range 40 {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x * 6), uint8(y * 8), uint8(x * y), 255})
		}
	}
	var p, g, j bytes.Buffer
	png.Encode(&p, img)
	gif.Encode(&g, img, nil)
	jpeg.Encode(&j, img, nil)
	pngData, gifData, jpgData := p.Bytes(), g.Bytes(), j.Bytes()

	corruptPNG := bytes.Clone(pngData)
	for i := len(corruptPNG) / 2; i < len(corruptPNG)/2+8; i++ {
		corruptPNG[i] ^= 0x5a
	}
	// A GIF whose first block after the header and palette is unknown.
	corruptGIF := bytes.Clone(gifData)
	at := 13 + 3*(2<<(corruptGIF[10]&7))
	for corruptGIF[at] == '!' { // skip extensions
		at += 2
		for corruptGIF[at] != 0 {
			at += int(corruptGIF[at]) + 1
		}
		at++
	}
	corruptGIF[at] = 0x77
	corruptJPG := append([]byte("\xff\xd8\xff\xc0\x00\x03"), bytes.Repeat([]byte{0xab}, 64)...)

	return []ImageCase{
		{"truncated.png", pngData[:len(pngData)/2], "bad png data"},
		{"corrupt.png", corruptPNG, "bad png data"},
		{"truncated.gif", gifData[:len(gifData)/2], "bad gif data"},
		{"corrupt.gif", corruptGIF, "bad gif data"},
		{"truncated.jpg", jpgData[:len(jpgData)/2], "bad jpeg"},
		{"corrupt.jpg", corruptJPG, "bad jpeg header"},
		{"zero.png", PNGHeader(0, 0), "bad png header"},
		{"zero.gif", gifHeader(0, 0), "has none"},
		{"huge.png", PNGHeader(100000, 100000), "more than"},
		{"huge.gif", gifHeader(65535, 65535), "more than"},
		{"huge.jpg", jpegSize(jpgData, 65500, 65500), "more than"},
		{"empty.png", nil, "empty file"},
		{"text.png", []byte("this is not a picture\n"), "not a PNG, GIF or JPEG"},
	}
}

// PNGHeader is a PNG signature and an IHDR chunk of the given size (8-bit
// RGBA), with its checksum, and nothing after.
func PNGHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := make([]byte, 4+13)
	copy(chunk, "IHDR")
	binary.BigEndian.PutUint32(chunk[4:], w)
	binary.BigEndian.PutUint32(chunk[8:], h)
	chunk[12], chunk[13] = 8, 6 // depth, colour type
	binary.Write(&b, binary.BigEndian, uint32(13))
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}

// gifHeader is a GIF header with a logical screen of the given size, a
// two-colour palette and the trailer.
func gifHeader(w, h uint16) []byte {
	b := []byte("GIF89a")
	b = binary.LittleEndian.AppendUint16(b, w)
	b = binary.LittleEndian.AppendUint16(b, h)
	b = append(b, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0x3b)
	return b
}

// jpegSize is a JPEG file whose frame header claims w × h pixels.
func jpegSize(data []byte, w, h uint16) []byte {
	out := bytes.Clone(data)
	if i := bytes.Index(out, []byte{0xff, 0xc0}); i >= 0 {
		binary.BigEndian.PutUint16(out[i+5:], h)
		binary.BigEndian.PutUint16(out[i+7:], w)
	}
	return out
}
