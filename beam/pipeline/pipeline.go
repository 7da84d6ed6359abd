package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

// Outputs name where the pipeline writes; paths may be local or on any
// file system Beam knows (gs://, s3://).
type Outputs struct {
	// Report is the JSON Report.
	Report string
	// EditsPrefix, with Config.Edits, is the prefix of the M2 output:
	// EditsPrefix-000000.m2, -000001.m2, ... each holding ChunkSize
	// sentences in order, so that concatenating them in name order gives
	// `gecmetric edits`'s output.
	EditsPrefix string
	// ChunkSize is the number of sentences per M2 output file; 0 means
	// 100,000.
	ChunkSize int64
}

func init() {
	register.DoFn4x1[context.Context, Shard, func(Line), func(ShardCount), error](&readShardFn{})
	register.DoFn2x3[Line, func(*ShardCount) bool, int64, Line, error](&indexFn{})
	register.DoFn8x1[context.Context, int64, func(*Line) bool, func(*ShardCount) bool,
		func(SentenceStats), func(int64, string), func(string, int64), func(string, JudgeSum), error](&scoreFn{})
	register.DoFn3x2[int, func(*SentenceStats) bool, func(*ShardCount) bool, string, error](&orderedFn{})
	register.DoFn4x1[context.Context, string, func(*string) bool, func(*string) bool, error](&finishFn{})
	register.DoFn3x1[context.Context, int64, func(*Block) bool, error](&writeChunkFn{})
	register.DoFn2x2[int64, string, int64, Block](&chunkFn{})
	register.Function2x1(addInt64)
	register.Function2x1(addJudge)
	register.Function2x1(formatTypeCount)
	register.Function2x1(formatJudge)
	register.Iter1[Line]()
	register.Iter1[ShardCount]()
	register.Iter1[SentenceStats]()
	register.Iter1[Block]()
	register.Iter1[string]()
	register.Iter1[int64]()
	register.Iter1[JudgeSum]()
	register.Emitter1[Line]()
	register.Emitter1[ShardCount]()
	register.Emitter1[SentenceStats]()
	register.Emitter2[int64, string]()
	register.Emitter2[string, int64]()
	register.Emitter2[string, JudgeSum]()
}

func addInt64(a, b int64) int64                { return a + b }
func addJudge(a, b JudgeSum) JudgeSum          { return a.Add(b) }
func formatTypeCount(k string, n int64) string { return k + "\t" + strconv.FormatInt(n, 10) }
func formatJudge(k string, s JudgeSum) string {
	b, _ := json.Marshal(s)
	return k + "\t" + string(b)
}

// Build adds the whole pipeline to s: read and align the inputs, score
// every sentence in parallel, make the order-dependent choices in one
// ordered pass, sum the edit types and judge ratings, and write the
// outputs. version goes into the signature.
func Build(s beam.Scope, cfg Config, out Outputs, version string) error {
	if err := cfg.Check(); err != nil {
		return err
	}
	if out.Report == "" {
		return fmt.Errorf("no report path")
	}
	if cfg.Edits && out.EditsPrefix == "" {
		return fmt.Errorf("the edits output needs a path prefix")
	}
	lines, counts := readAll(s, cfg)
	grouped := beam.GroupByKey(s, lines)
	side := beam.SideInput{Input: counts}
	stats, blocks, types, judged := beam.ParDo4(s.Scope("Score"), &scoreFn{Cfg: cfg}, grouped, side)

	ss := s.Scope("OrderedPass")
	one := beam.GroupByKey(ss, beam.AddFixedKey(ss, stats))
	report := beam.ParDo(ss, &orderedFn{Cfg: cfg, Version: version}, one, side)

	sums := s.Scope("Sums")
	typeLines := beam.ParDo(sums, formatTypeCount, beam.CombinePerKey(sums, addInt64, types))
	judgeLines := beam.ParDo(sums, formatJudge, beam.CombinePerKey(sums, addJudge, judged))

	beam.ParDo0(s.Scope("WriteReport"), &finishFn{Path: out.Report}, report,
		beam.SideInput{Input: typeLines}, beam.SideInput{Input: judgeLines})
	if cfg.Edits {
		ws := s.Scope("WriteEdits")
		size := out.ChunkSize
		if size <= 0 {
			size = 100_000
		}
		chunks := beam.GroupByKey(ws, beam.ParDo(ws, &chunkFn{Size: size}, blocks))
		beam.ParDo0(ws, &writeChunkFn{Prefix: out.EditsPrefix}, chunks)
	}
	return nil
}

// A Block is one sentence's M2 block with its sentence number.
type Block struct {
	Index int64
	Text  string
}

// chunkFn keys each block by its output file.
type chunkFn struct{ Size int64 }

func (f *chunkFn) ProcessElement(idx int64, text string) (int64, Block) {
	return idx / f.Size, Block{Index: idx, Text: text}
}

// writeChunkFn writes one output file of M2 blocks in sentence order.
type writeChunkFn struct{ Prefix string }

func (f *writeChunkFn) ProcessElement(ctx context.Context, chunk int64, blocks func(*Block) bool) error {
	var all []Block
	var b Block
	for blocks(&b) {
		all = append(all, b)
	}
	slices.SortFunc(all, func(a, b Block) int { return int(a.Index - b.Index) })
	var buf bytes.Buffer
	for _, b := range all {
		buf.WriteString(b.Text)
	}
	return WriteFile(ctx, fmt.Sprintf("%s-%06d.m2", f.Prefix, chunk), buf.Bytes())
}

// finishFn adds the edit types and judge means to the report and writes
// it.
type finishFn struct{ Path string }

func (f *finishFn) ProcessElement(ctx context.Context, report string, types, judged func(*string) bool) error {
	var rep Report
	if err := json.Unmarshal([]byte(report), &rep); err != nil {
		return err
	}
	var l string
	for types(&l) {
		parts := strings.SplitN(l, "\t", 3)
		h, _ := strconv.Atoi(parts[0])
		n, _ := strconv.ParseInt(parts[2], 10, 64)
		s := &rep.Systems[h]
		if s.Types == nil {
			s.Types = map[string]int64{}
		}
		s.Types[parts[1]] = n
	}
	for judged(&l) {
		parts := strings.SplitN(l, "\t", 2)
		h, _ := strconv.Atoi(parts[0])
		var js JudgeSum
		if err := json.Unmarshal([]byte(parts[1]), &js); err != nil {
			return err
		}
		s := &rep.Systems[h]
		s.Judge = map[string]float64{}
		for q, name := range JudgeQuantities {
			if js.N[q] > 0 {
				s.Judge[name] = js.Sum[q] / float64(js.N[q])
			}
		}
	}
	out, err := rep.JSON()
	if err != nil {
		return err
	}
	return WriteFile(ctx, f.Path, []byte(out))
}

// WriteFile writes data to path on any Beam file system, through a
// temporary file renamed into place where the file system can rename (the
// local one can), so that no half-written file is left under path.
func WriteFile(ctx context.Context, path string, data []byte) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	target := path
	rn, canRename := fs.(filesystem.Renamer)
	if canRename {
		target = path + ".tmp"
	}
	w, err := fs.OpenWrite(ctx, target)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		w.Close()
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	if canRename {
		return rn.Rename(ctx, target, path)
	}
	return nil
}

// ReadFile reads path from any Beam file system.
func ReadFile(ctx context.Context, path string) ([]byte, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}
