package edits

// AlignBand aligns o and c in bands started at half-width w (widened as
// needed, up to the whole matrix), whatever their size: the banded path of
// Align, for tests that compare it with the whole matrix.
func AlignBand(o, c *Sentence, opts Options, w int) []AlignOp {
	ws := workspaces.Get().(*workspace)
	defer workspaces.Put(ws)
	ops, err := ws.alignBand(o, c, opts.Lev, w, opts.maxCells())
	if err != nil {
		panic(err)
	}
	return ops
}

// AlignFull aligns o and c over the whole matrix, whatever their size.
func AlignFull(o, c *Sentence, opts Options) []AlignOp {
	ws := workspaces.Get().(*workspace)
	defer workspaces.Put(ws)
	return ws.align(o, c, opts.Lev)
}
