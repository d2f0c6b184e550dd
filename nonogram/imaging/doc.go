// Package imaging turns pictures (PNG, GIF, JPEG, read with the standard
// library's decoders) into nonograms.
//
// A picture is first scaled to the grid by area averaging: each cell takes
// the mean colour of the part of the picture it covers, every pixel
// weighted by the area it shares with the cell (a box filter, exact for
// fractional overlaps, so shrinking and enlarging are the same
// computation; transparent pixels are laid over white). Then:
//
//   - Black and white, by default: a cell is filled when its luma
//     (Rec. 601: 0.299 R + 0.587 G + 0.114 B, as image/color's GrayModel)
//     is below a threshold, chosen by Otsu's method unless one is given:
//     the threshold that maximizes the between-class variance of the
//     cells' luma histogram (N. Otsu, "A threshold selection method from
//     gray-level histograms", IEEE Trans. Systems, Man, and Cybernetics
//     9(1), 1979).
//   - Dithered: Floyd–Steinberg error diffusion over the cells' luma, each
//     cell's rounding error passed on to its unvisited neighbours with
//     weights 7/16, 3/16, 5/16 and 1/16 (R. W. Floyd and L. Steinberg,
//     "An adaptive algorithm for spatial greyscale", Proc. SID 17(2),
//     1976).
//   - In K colours: median cut (P. Heckbert, "Color image quantization for
//     frame buffer display", SIGGRAPH 1982) over a histogram of the cells'
//     colours at 5 bits a channel, splitting the box of largest squared
//     error along its axis of largest variance at the point that leaves
//     the least squared error (the variance-based cut of Wan, Wong and
//     Prusinkiewicz, "An algorithm for multidimensional data clustering",
//     ACM Trans. Math. Software 14(2), 1988), so that a cluster of one
//     colour is not cut in two; each cell then takes the nearest colour of
//     the palette (the boxes' means). The lightest colour is the
//     background. Every step is deterministic.
//
// Decode checks the picture's size from its header (image.DecodeConfig)
// before it decodes it, and refuses pictures of more than a cap of pixels,
// so that a small file that claims a huge picture costs nothing.
package imaging
