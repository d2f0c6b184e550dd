package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"os"
	"strings"
	"time"

	"golang.org/x/term"

	"github.com/puzzlesolvers/puzzle/sliding"
)

const slidePlayUsage = `Usage: puzzle sliding play [--size N] [--seed S] [--goal G] [--algo A] [--heuristic H] [--watch] [--delay D] [TILES...|files|-]

On a terminal, a game: slide the tiles yourself with the arrow keys (or
WASD, or hjkl): an arrow moves the tile next to the blank in its direction.
The board is the one given, else a random solvable one of --size, shown
with its seed ("random (seed S)"): --seed S gives the same board again, as
'puzzle sliding shuffle --seed S' does.

	?        hint: the next move of a shortest solution from here, and how
	         many moves that solution has
	u        take back a move
	r        start again from the first position
	!        give up: the computer plays a shortest solution from here
	q        quit (also Esc, Ctrl-C, Ctrl-D)

Hints and give-ups solve like 'puzzle sliding solve' (--algo, --heuristic;
at most --timeout, 30s by default); boards larger than 4×4 get the fast
row-by-row solution instead, which is not the shortest, unless --algo
says otherwise.

With --watch, or when the input or output is not a terminal, it solves
each board and shows the solution one move at a time: on a terminal the
board is redrawn in place every --delay; elsewhere every step is printed.

Examples:

	puzzle sliding play
	puzzle sliding play --size 3 --seed 7
	puzzle sliding play 1 2 3 4 5 6 0 7 8
	puzzle sliding play --watch --delay 100ms 8 6 7 2 5 4 3 0 1
`

// slidingPlayCmd is 'puzzle sliding play': a game on a terminal, else the
// solution animated.
type slidingPlayCmd struct {
	slidingSolveCmd
	size  int
	seed  seedFlag
	watch bool
}

func (c *slidingPlayCmd) define(fs *flag.FlagSet) {
	c.animate, c.play = true, true
	c.slidingSolveCmd.define(fs)
	fs.IntVar(&c.size, "size", 4, "side `N` of the random board when none is given")
	fs.Var(&c.seed, "seed", "random seed `S` of the random board (default: a fresh one, shown)")
	fs.BoolVar(&c.watch, "watch", false, "watch the solution instead of playing")
}

func (c *slidingPlayCmd) run(e *env, v *verb, operands []string) int {
	if c.size < 2 || c.size > sliding.MaxSide {
		return v.usageError(e, "--size must be 2 to %d", sliding.MaxSide)
	}
	in, inFile := e.stdin.(*os.File)
	inTerminal := inFile && isTerminal(in)
	interactive := !c.watch && inTerminal && isTerminal(e.stdout)
	label := "args"
	if len(operands) == 0 && (inTerminal || c.watch) { // no board to read: a random one
		seed := c.seed.seedValue()
		operands = strings.Fields(slidingShuffle(seed, c.size, c.size, c.goalValue()).Line())
		label = fmt.Sprintf("random (seed %d)", seed)
	}
	if !interactive {
		return c.solve(e, v, operands, label)
	}
	opt, err := c.options(e)
	if err != nil {
		return v.usageError(e, "%v", err)
	}
	g := c.goalValue()
	board := c.firstBoard(e, v, operands, label)
	if board == nil {
		return exitFail
	}
	if err := opt.Heuristic.Fits(board.Rows, board.Cols); err != nil {
		return v.usageError(e, "%v", err)
	}
	if !board.Solvable(g) {
		e.errorf("%s: this board cannot reach the %s goal (the parity of its tiles and blank differ)", v.name, g)
		return exitFail
	}
	game := newSlideGame(board, g, c.solver(opt.Options, board))
	if label != "args" {
		game.title = label
	}
	old, err := term.MakeRaw(int(in.Fd()))
	if err != nil {
		e.errorf("%s: %v", v.name, err)
		return exitFail
	}
	defer term.Restore(int(in.Fd()), old)
	out := &crlfWriter{w: e.stdout}
	fmt.Fprint(out, "\x1b[?25l") // hide the cursor
	defer fmt.Fprint(out, "\x1b[?25h\n")
	game.play(e.ctx, in, out, c.delay, true)
	return exitOK
}

// firstBoard reads the first board of the operands (tiles, which label
// names, or files), or says why there is none.
func (c *slidingPlayCmd) firstBoard(e *env, v *verb, operands []string, label string) *sliding.Board {
	read := func(file string, r io.Reader) iter.Seq2[*sliding.Puzzle, error] {
		return sliding.NewReader(r, file).All()
	}
	if allNumbers(operands) {
		tiles := strings.Join(operands, " ")
		operands = nil
		read = func(string, io.Reader) iter.Seq2[*sliding.Puzzle, error] {
			return sliding.NewReader(strings.NewReader(tiles), label).All()
		}
	}
	var board *sliding.Board
	eachPuzzle(e, v.name, operands, read, func(file string, p *sliding.Puzzle, err error) bool {
		if err != nil {
			e.errorf("%s: %v", v.name, err)
		} else {
			board = p.Board
		}
		return false // the first board only
	})
	if board == nil && e.ctx.Err() == nil {
		e.errorf("%s: no board in the input", v.name)
	}
	return board
}

// solver returns how the game finds hints: the command's options, with
// the row-by-row method for boards larger than 4×4 unless --algo chose,
// within --timeout (30 s by default).
func (c *slidingPlayCmd) solver(opt sliding.Options, b *sliding.Board) func(context.Context, *sliding.Board) (sliding.Result, error) {
	if len(b.Tiles) > 16 && c.algo.value == string(sliding.AutoAlgorithm) {
		opt.Algorithm = sliding.Reduce
	}
	limit := c.timeout
	if limit == 0 {
		limit = 30 * time.Second
	}
	g := c.goalValue()
	return func(ctx context.Context, b *sliding.Board) (sliding.Result, error) {
		ctx, cancel := context.WithTimeout(ctx, limit)
		defer cancel()
		return sliding.Solve(ctx, &sliding.Puzzle{Board: b, Goal: g}, opt)
	}
}

// crlfWriter ends lines with "\r\n", as a terminal in raw mode needs.
type crlfWriter struct{ w io.Writer }

func (c *crlfWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(c.w, strings.ReplaceAll(string(p), "\n", "\r\n")); err != nil {
		return 0, err
	}
	return len(p), nil
}

// slideGame is a game of the sliding puzzle: the position, the moves
// made, and a message for the player.
type slideGame struct {
	title        string // where the board comes from, "" for the board given
	start, board *sliding.Board
	goal         sliding.Goal
	made         sliding.Moves // the blank's moves so far
	message      string
	gaveUp       bool
	solve        func(context.Context, *sliding.Board) (sliding.Result, error)
}

func newSlideGame(b *sliding.Board, g sliding.Goal, solve func(context.Context, *sliding.Board) (sliding.Result, error)) *slideGame {
	return &slideGame{start: b.Clone(), board: b.Clone(), goal: g, solve: solve}
}

// A gameKey is what a key press asks for.
type gameKey int

const (
	keyNone gameKey = iota
	keyTileUp
	keyTileDown
	keyTileLeft
	keyTileRight
	keyHint
	keyUndo
	keyRestart
	keyGiveUp
	keyQuit
)

// readKey reads one key press: a byte, or an arrow's escape sequence
// (ESC [ A..D, or ESC O A..D).
func readKey(r *bufio.Reader) (gameKey, error) {
	b, err := r.ReadByte()
	if err != nil {
		return keyQuit, err
	}
	switch b {
	case 'w', 'W', 'k', 'K':
		return keyTileUp, nil
	case 's', 'S', 'j', 'J':
		return keyTileDown, nil
	case 'a', 'A', 'h', 'H':
		return keyTileLeft, nil
	case 'd', 'D', 'l', 'L':
		return keyTileRight, nil
	case '?':
		return keyHint, nil
	case 'u', 'U':
		return keyUndo, nil
	case 'r', 'R':
		return keyRestart, nil
	case '!':
		return keyGiveUp, nil
	case 'q', 'Q', 3, 4: // Ctrl-C, Ctrl-D
		return keyQuit, nil
	case 0x1b:
		if r.Buffered() == 0 {
			return keyQuit, nil // Esc alone
		}
		b2, _ := r.ReadByte()
		if b2 != '[' && b2 != 'O' {
			return keyNone, nil
		}
		b3, _ := r.ReadByte()
		switch b3 {
		case 'A':
			return keyTileUp, nil
		case 'B':
			return keyTileDown, nil
		case 'D':
			return keyTileLeft, nil
		case 'C':
			return keyTileRight, nil
		}
	}
	return keyNone, nil
}

// blankMove returns the blank's move that slides a tile the key's way:
// the tile below the blank goes up when the blank goes down.
func blankMove(k gameKey) sliding.Move {
	switch k {
	case keyTileUp:
		return sliding.Down
	case keyTileDown:
		return sliding.Up
	case keyTileLeft:
		return sliding.Right
	default:
		return sliding.Left
	}
}

// tileWay names the way a tile slides when the blank makes move m.
func tileWay(m sliding.Move) string {
	switch m {
	case sliding.Up:
		return "down"
	case sliding.Down:
		return "up"
	case sliding.Left:
		return "right"
	default:
		return "left"
	}
}

// tileMoved returns the tile the blank's move m slides on b.
func tileMoved(b *sliding.Board, m sliding.Move) int {
	x := b.Clone()
	if x.Apply(m) != nil {
		return 0
	}
	return int(b.Tiles[x.Blank()])
}

// play runs the game until the player quits or the input ends, drawing
// the board after every key; redraw clears the screen first (a terminal).
func (g *slideGame) play(ctx context.Context, in io.Reader, out io.Writer, delay time.Duration, redraw bool) {
	r := bufio.NewReader(in)
	g.draw(out, redraw)
	for ctx.Err() == nil {
		k, err := readKey(r)
		if err != nil || k == keyQuit {
			return
		}
		if k == keyGiveUp {
			g.giveUp(ctx, out, delay, redraw)
		} else {
			g.press(ctx, k)
		}
		g.draw(out, redraw)
	}
}

// press does what key k asks, but giving up.
func (g *slideGame) press(ctx context.Context, k gameKey) {
	solved := g.board.IsGoal(g.goal)
	g.message = ""
	switch k {
	case keyTileUp, keyTileDown, keyTileLeft, keyTileRight:
		if solved {
			g.message = "Solved already: r starts again, q quits."
			return
		}
		m := blankMove(k)
		if g.board.Apply(m) != nil {
			g.message = "No tile can slide that way."
			return
		}
		g.made = append(g.made, m)
		if g.board.IsGoal(g.goal) {
			g.message = fmt.Sprintf("Solved in %s!", plural(len(g.made), "move"))
			if res, err := g.solve(ctx, g.start); err == nil && res.Optimal {
				g.message += fmt.Sprintf(" The fewest possible: %d.", len(res.Moves))
			}
		}
	case keyUndo:
		if len(g.made) == 0 {
			g.message = "Nothing to take back."
			return
		}
		g.board = g.start.Clone()
		g.made = g.made[:len(g.made)-1]
		for _, m := range g.made {
			g.board.Apply(m)
		}
	case keyRestart:
		g.board, g.made, g.gaveUp = g.start.Clone(), nil, false
	case keyHint:
		if solved {
			g.message = "Solved already."
			return
		}
		m, res, err := g.hint(ctx)
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			g.message = "No hint: the search ran out of time."
		case err != nil:
			g.message = fmt.Sprintf("No hint: %v.", err)
		default:
			what := "the shortest solution from here"
			if !res.Optimal {
				what = "a solution from here (not the shortest)"
			}
			g.message = fmt.Sprintf("Hint: slide %d %s; %s has %s.", tileMoved(g.board, m), tileWay(m), what, plural(len(res.Moves), "move"))
		}
	}
}

// hint returns the first move of a solution from the position (the
// blank's move), and the solution.
func (g *slideGame) hint(ctx context.Context) (sliding.Move, sliding.Result, error) {
	res, err := g.solve(ctx, g.board)
	if err == nil && len(res.Moves) == 0 {
		err = errors.New("the board is solved")
	}
	if err != nil {
		return 0, res, err
	}
	return res.Moves[0], res, nil
}

// giveUp lets the computer play a shortest solution from the position,
// one move every delay.
func (g *slideGame) giveUp(ctx context.Context, out io.Writer, delay time.Duration, redraw bool) {
	if g.board.IsGoal(g.goal) {
		g.message = "Solved already."
		return
	}
	res, err := g.solve(ctx, g.board)
	if err != nil {
		g.message = fmt.Sprintf("The computer could not solve it: %v.", err)
		return
	}
	for i, m := range res.Moves {
		g.board.Apply(m)
		g.made = append(g.made, m)
		g.message = fmt.Sprintf("The computer plays: %d of %d.", i+1, len(res.Moves))
		g.draw(out, redraw)
		select {
		case <-ctx.Done():
			return
		case <-time.After(delay):
		}
	}
	g.gaveUp = true
	what := "a shortest solution"
	if !res.Optimal {
		what = "a solution (not the shortest)"
	}
	g.message = fmt.Sprintf("The computer played %s: %s.", what, plural(len(res.Moves), "move"))
}

// draw shows the board, the count of moves and the message.
func (g *slideGame) draw(out io.Writer, redraw bool) {
	var b strings.Builder
	if redraw {
		b.WriteString("\x1b[H\x1b[2J")
	}
	fmt.Fprintf(&b, "%d×%d sliding puzzle, goal %s", g.board.Rows, g.board.Cols, g.goal)
	if g.title != "" {
		fmt.Fprintf(&b, ", %s", g.title)
	}
	b.WriteString("\n\n")
	b.WriteString(g.board.Pretty())
	fmt.Fprintf(&b, "\nmoves: %d\n", len(g.made))
	if g.message != "" {
		b.WriteString(g.message + "\n")
	}
	b.WriteString("arrows, WASD or hjkl slide a tile; ? hint, u undo, r restart, ! give up, q quit\n")
	if !redraw {
		b.WriteString("\n")
	}
	io.WriteString(out, b.String())
}
