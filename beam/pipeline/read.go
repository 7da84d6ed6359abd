package pipeline

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"

	"github.com/gecmetric/gecmetric/corpora"
)

// A Shard names one file of the test set: Files[Shard] of input Role.
type Shard struct {
	Role, Shard int32
}

// A Line is one sentence as read from a shard: a text line, or an M2 block
// (S line, A lines, each ending in "\n").
type Line struct {
	Role, Shard int32
	Local       int64 // the sentence's number within its shard, from 0
	At          int64 // its line number in the shard file (the S line for M2)
	Text        string
}

// A ShardCount is how many sentences a shard holds; an M2 shard also
// reports the annotator ids it uses.
type ShardCount struct {
	Role, Shard int32
	N           int64
	Coders      []int64
}

// readShardFn reads one shard, emitting its sentences and their count.
type readShardFn struct {
	Cfg Config
}

func (f *readShardFn) ProcessElement(ctx context.Context, sh Shard, emit func(Line), count func(ShardCount)) error {
	in := f.Cfg.inputs()[sh.Role]
	path := in.Files[sh.Shard]
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		return err
	}
	defer r.Close()
	c := ShardCount{Role: sh.Role, Shard: sh.Shard}
	if in.Format == M2 {
		err = scanM2(r, path, func(at int64, block string, coders []int) {
			emit(Line{Role: sh.Role, Shard: sh.Shard, Local: c.N, At: at, Text: block})
			c.N++
			for _, k := range coders {
				if !slices.Contains(c.Coders, int64(k)) {
					c.Coders = append(c.Coders, int64(k))
				}
			}
		})
	} else {
		err = scanText(r, path, func(at int64, line string) {
			emit(Line{Role: sh.Role, Shard: sh.Shard, Local: c.N, At: at, Text: line})
			c.N++
		})
	}
	if err != nil {
		return err
	}
	count(c)
	return nil
}

// scanText calls line for every line of r as corpora.ReadText reads it: a
// UTF-8 byte order mark dropped, lines without "\n" or "\r\n", a final
// line without a break counted, invalid UTF-8 an error naming the line.
func scanText(r io.Reader, name string, line func(at int64, text string)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 64*1024*1024)
	var n int64
	for sc.Scan() {
		n++
		b := sc.Bytes()
		if n == 1 {
			b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
		}
		b = bytes.TrimSuffix(b, []byte("\r"))
		if !utf8.Valid(b) {
			return &corpora.ParseError{File: name, Line: int(n), Err: fmt.Errorf("%w in text line", corpora.ErrInvalidUTF8)}
		}
		line(n, string(b))
	}
	if err := sc.Err(); err != nil {
		return &corpora.ParseError{File: name, Line: int(n + 1), Err: err}
	}
	return nil
}

// scanM2 calls block for every M2 block of r: its S line's number, its
// lines (each with "\n") and the annotator ids of its A lines. Blocks are
// split where corpora.ReadM2 splits them (an S line after a blank line);
// each block is parsed with corpora.ReadM2 when it is scored, which
// reports any syntax error with the file's line numbers.
func scanM2(r io.Reader, name string, block func(at int64, text string, coders []int)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 64*1024*1024)
	var n, at int64
	var cur strings.Builder
	var coders []int
	blank := false
	flush := func() {
		if at != 0 {
			block(at, cur.String(), coders)
		}
		cur.Reset()
		coders = coders[:0]
	}
	for sc.Scan() {
		n++
		l := sc.Text()
		if n == 1 {
			l = strings.TrimPrefix(l, "\xef\xbb\xbf")
		}
		if !utf8.ValidString(l) {
			return &corpora.ParseError{File: name, Line: int(n), Err: fmt.Errorf("%w in M2 line", corpora.ErrInvalidUTF8)}
		}
		t := strings.TrimSuffix(l, "\r")
		if strings.HasPrefix(t, "S ") || t == "S" {
			if at != 0 && !blank {
				return &corpora.ParseError{File: name, Line: int(n), Column: 1,
					Err: fmt.Errorf("%w: S line without a blank line before it (block of line %d not finished)", corpora.ErrM2Syntax, at)}
			}
			flush()
			at, blank = n, false
		}
		if strings.TrimSpace(t) == "" {
			blank = true
		}
		if at == 0 {
			if strings.TrimSpace(t) != "" {
				return &corpora.ParseError{File: name, Line: int(n), Err: fmt.Errorf("%w: line before the first S line", corpora.ErrM2Syntax)}
			}
			continue
		}
		if strings.HasPrefix(t, "A ") {
			if i := strings.LastIndex(t, "|||"); i >= 0 {
				if k, err := strconv.Atoi(strings.TrimSpace(t[i+3:])); err == nil && !slices.Contains(coders, k) {
					coders = append(coders, k)
				}
			}
		}
		cur.WriteString(l)
		cur.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		return &corpora.ParseError{File: name, Line: int(n + 1), Err: err}
	}
	flush()
	return nil
}

// An indexed line is a Line keyed by its sentence number in the whole
// input.
type indexFn struct {
	Cfg    Config
	offset [][]int64 // [role][shard] → sentences before the shard
}

func (f *indexFn) ProcessElement(l Line, counts func(*ShardCount) bool) (int64, Line, error) {
	if f.offset == nil {
		off, err := offsets(&f.Cfg, counts)
		if err != nil {
			return 0, Line{}, err
		}
		f.offset = off
	}
	return f.offset[l.Role][l.Shard] + l.Local, l, nil
}

// offsets turns the shard counts into each shard's first sentence number,
// and checks that every input has as many sentences as the first.
func offsets(cfg *Config, counts func(*ShardCount) bool) ([][]int64, error) {
	ins := cfg.inputs()
	n := make([][]int64, len(ins))
	for r := range ins {
		n[r] = make([]int64, len(ins[r].Files))
	}
	var c ShardCount
	for counts(&c) {
		n[c.Role][c.Shard] = c.N
	}
	off := make([][]int64, len(ins))
	total := make([]int64, len(ins))
	for r := range ins {
		off[r] = make([]int64, len(n[r]))
		for s := range n[r] {
			off[r][s] = total[r]
			total[r] += n[r][s]
		}
	}
	for r := 1; r < len(ins); r++ {
		if total[r] != total[0] {
			what := func(r int) string {
				if ins[r].Format == M2 {
					return "sentences"
				}
				return "lines"
			}
			return nil, &corpora.ParseError{File: ins[r].Name,
				Err: fmt.Errorf("%w: %d %s, but %s has %d", corpora.ErrLineCount, total[r], what(r), ins[0].Name, total[0])}
		}
	}
	return off, nil
}

// readAll reads every input of cfg and returns its lines keyed by
// sentence number, and the shard counts.
func readAll(s beam.Scope, cfg Config) (lines, counts beam.PCollection) {
	s = s.Scope("Read")
	var shards []Shard
	for r, in := range cfg.inputs() {
		for k := range in.Files {
			shards = append(shards, Shard{Role: int32(r), Shard: int32(k)})
		}
	}
	sh := beam.Reshuffle(s, beam.CreateList(s, shards))
	raw, counts := beam.ParDo2(s, &readShardFn{Cfg: cfg}, sh)
	lines = beam.ParDo(s, &indexFn{Cfg: cfg}, raw, beam.SideInput{Input: counts})
	return lines, counts
}

// LooksLikeM2 reports whether a file starting with head is M2 by
// `gecmetric eval`'s test: an "S " first line followed by an "A " line or
// a blank line.
func LooksLikeM2(head []byte) bool {
	lines := strings.SplitN(string(head), "\n", 3)
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "S ") {
		return false
	}
	second := strings.TrimRight(lines[1], "\r")
	return strings.HasPrefix(second, "A ") || strings.TrimSpace(second) == ""
}
