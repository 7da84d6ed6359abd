package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/corpora/tokenize"
	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/internal/demo"
	"github.com/gecmetric/gecmetric/parseerr"
)

// serveCommand is the engine behind the Python package (python/): a
// long-lived process that answers requests on standard input, one JSON
// object per line, with one JSON object per line on standard output, in
// order. It is hidden from help: people use the other commands.
//
// A request is {"id": N, "op": NAME, "args": {...}}; the answer is
// {"id": N, "ok": true, "result": ...} or {"id": N, "ok": false, "error":
// {"message", "file", "line", "column", "exit", "stderr"}}. The ops:
//
//   - version: {"version"}
//   - language_info: the known languages, [{"code", "name", "rules",
//     "word_list", "package", "diacritics", "installed"}] (langs.Known;
//     installed is false when the word list is missing); a code not
//     listed takes the generic rules
//   - tokenize {texts}: each text split as --tokenize splits raw text
//   - parse {tokens, lang}: each token's annotation (text, lower, tag, pos,
//     lemma, dep) as the edit extraction sees it
//   - annotate {orig, cor, lang, lev, merge}: the typed edits of one pair of
//     token lists, as `gecmetric edits` extracts them (none when equal)
//   - annotate_batch {pairs: [[orig, cor], ...], lang, lev, merge}: the same
//     for many pairs, on all cores
//   - align {orig, cor, lang, lev}: the alignment, as ERRANT's align_seq
//   - merge {orig, cor, lang, align, merge}: the untyped edits of an
//     alignment
//   - classify {orig, cor, lang, edits: [[o_start, o_end, c_start, c_end]]}:
//     each edit typed
//   - import_edit {orig, cor, lang, edit: [o_start, o_end, c_start, c_end
//     (, type)], min, old_cat}: ERRANT's Annotator.import_edit
//   - align_matrices {orig, cor, lang, lev}: ERRANT's Alignment.cost_matrix
//     and op_matrix, {"cost_matrix", "op_matrix"} (see edits.Matrices), for
//     pairs of at most edits.DefaultMaxCells cells
//   - languages: the language codes with rules of their own (the others get
//     the generic rules)
//   - flags {command}: the flags of a command, {"names", "kind"} each, kind
//     "bool", "list" (repeatable) or "value", names the flag's and its
//     aliases', long name first; the Python package checks its keyword
//     arguments with them
//   - demo: the built-in demo set, {"source", "references": [{"name",
//     "lines"}], "hypotheses": [{"name", "lines"}]}, lines without their
//     line ends
//   - run {args, stdin}: the CLI itself, in process (args without the
//     program name): {"exit", "stdout", "stderr"}; a failure is an error
//     whose file and line are those of the input at fault.
//
// An edit is {o_start, o_end, o_str, c_start, c_end, c_str, type}, c_str
// empty for a deletion. The engine ignores SIGINT (the Python process
// handles Ctrl-C) and exits at the end of standard input, or at once when
// its parent process is gone.
func serveCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:   "serve",
		Usage:  "answer JSON requests on standard input (the engine of the Python package)",
		Hidden: true,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "stdio", Usage: "requests on standard input, answers on standard output (the only transport)"},
		},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if !cmd.Bool("stdio") {
				return usageError{errors.New("serve needs --stdio")}
			}
			if f, ok := e.stdin.(*os.File); ok && f == os.Stdin {
				signal.Ignore(os.Interrupt)
				go exitWithParent(os.Getppid())
			}
			return serve(ctx, e.stdin, e.stdout)
		},
	}
}

// exitWithParent exits when the process that started the engine is gone
// (the engine has been handed to another parent), even in the middle of a
// request: nobody is left to read the answer.
func exitWithParent(parent int) {
	for {
		time.Sleep(500 * time.Millisecond)
		if os.Getppid() != parent {
			os.Exit(0)
		}
	}
}

type serveRequest struct {
	ID   int64           `json:"id"`
	Op   string          `json:"op"`
	Args json.RawMessage `json:"args"`
}

type serveError struct {
	Message string `json:"message"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Exit    int    `json:"exit,omitempty"`
	Stderr  string `json:"stderr,omitempty"`
}

type serveResponse struct {
	ID     int64       `json:"id"`
	OK     bool        `json:"ok"`
	Result any         `json:"result,omitempty"`
	Error  *serveError `json:"error,omitempty"`
}

// serve answers the requests of r on w until r ends.
func serve(ctx context.Context, r io.Reader, w io.Writer) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<30)
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	s := &server{langs: map[string]edits.Language{}}
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var req serveRequest
		var resp serveResponse
		if err := json.Unmarshal(line, &req); err != nil {
			resp = serveResponse{ID: req.ID, Error: &serveError{Message: "bad request: " + err.Error()}}
		} else {
			resp = s.answer(ctx, &req)
		}
		if err := enc.Encode(resp); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
	}
	return sc.Err()
}

// server holds what requests share: the languages, annotated once.
type server struct {
	mu    sync.Mutex
	langs map[string]edits.Language
}

func (s *server) lang(code string) edits.Language {
	if code == "" {
		code = defaultLang
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.langs[code]
	if !ok {
		l = languageFor(code)
		s.langs[code] = l
	}
	return l
}

// pairArgs are the arguments of the ops on one sentence pair.
type pairArgs struct {
	Orig    []string          `json:"orig"`
	Cor     []string          `json:"cor"`
	Pairs   [][2][]string     `json:"pairs"`
	Lang    string            `json:"lang"`
	Lev     bool              `json:"lev"`
	Merge   string            `json:"merge"`
	Align   []alignOp         `json:"align"`
	Edits   [][4]int          `json:"edits"`
	Edit    []json.RawMessage `json:"edit"`
	Min     bool              `json:"min"`
	OldCat  bool              `json:"old_cat"`
	Texts   []string          `json:"texts"`
	Tokens  []string          `json:"tokens"`
	Args    []string          `json:"args"`
	Command string            `json:"command"`
	Stdin   string            `json:"stdin"`
}

func (a *pairArgs) options() (edits.Options, error) {
	merge := a.Merge
	if merge == "" {
		merge = "rules"
	}
	m, err := edits.ParseMergeStrategy(merge)
	return edits.Options{Merge: m, Lev: a.Lev}, err
}

// jsonEdit is an edit as ERRANT's Python Edit has it: source span and
// tokens, correction span and tokens, type. The serve ops answer with it;
// `edits --format json` writes it with the coder (codedEdit).
type jsonEdit struct {
	OStart int    `json:"o_start"`
	OEnd   int    `json:"o_end"`
	OStr   string `json:"o_str"`
	CStart int    `json:"c_start"`
	CEnd   int    `json:"c_end"`
	CStr   string `json:"c_str"`
	Type   string `json:"type"`
}

func jsonEdits(es []edits.Edit) []jsonEdit {
	out := make([]jsonEdit, len(es))
	for i, e := range es {
		out[i] = jsonEdit{e.OStart, e.OEnd, strings.Join(e.O, " "), e.CStart, e.CEnd, strings.Join(e.C, " "), e.Type}
	}
	return out
}

// alignOp is one step of ERRANT's align_seq: op ("M", "S", "I", "D",
// "T2", ...) and the spans.
type alignOp struct {
	Op     string `json:"op"`
	OStart int    `json:"o_start"`
	OEnd   int    `json:"o_end"`
	CStart int    `json:"c_start"`
	CEnd   int    `json:"c_end"`
}

func (s *server) answer(ctx context.Context, req *serveRequest) (resp serveResponse) {
	resp.ID = req.ID
	defer func() {
		if p := recover(); p != nil {
			resp = serveResponse{ID: req.ID, Error: &serveError{Message: fmt.Sprintf("internal error in %s: %v", req.Op, p)}}
		}
	}()
	var a pairArgs
	if len(req.Args) > 0 {
		if err := json.Unmarshal(req.Args, &a); err != nil {
			resp.Error = &serveError{Message: fmt.Sprintf("bad arguments of %s: %v", req.Op, err)}
			return resp
		}
	}
	result, err := s.do(ctx, req.Op, &a)
	if err != nil {
		var se *serveError
		if !errors.As(err, &se) {
			se = &serveError{Message: err.Error()}
		}
		resp.Error = se
		return resp
	}
	resp.OK, resp.Result = true, result
	return resp
}

func (s *server) do(ctx context.Context, op string, a *pairArgs) (any, error) {
	switch op {
	case "version":
		return map[string]string{"version": version}, nil
	case "language_info":
		return languageList(), nil
	case "tokenize":
		out := make([][]string, len(a.Texts))
		for i, t := range a.Texts {
			out[i] = nonNilStrings(tokenize.Tokenize(t))
		}
		return out, nil
	case "parse":
		sent := s.lang(a.Lang).Annotate(a.Tokens)
		type tok struct {
			Text  string `json:"text"`
			Lower string `json:"lower"`
			Tag   string `json:"tag"`
			POS   string `json:"pos"`
			Lemma string `json:"lemma"`
			Dep   string `json:"dep"`
		}
		out := make([]tok, len(sent.Tokens))
		for i, t := range sent.Tokens {
			out[i] = tok{t.Text, t.Lower, t.Tag, t.POS, t.Lemma, t.Dep}
		}
		return out, nil
	case "annotate":
		opt, err := a.options()
		if err != nil {
			return nil, err
		}
		es, err := extractPair(s.lang(a.Lang), a.Orig, a.Cor, opt)
		if err != nil {
			return nil, err
		}
		return jsonEdits(es), nil
	case "annotate_batch":
		opt, err := a.options()
		if err != nil {
			return nil, err
		}
		lang := s.lang(a.Lang)
		out := make([][]jsonEdit, len(a.Pairs))
		errs := make([]error, len(a.Pairs))
		edits.Parallel(len(a.Pairs), func(i int) {
			es, err := extractPair(lang, a.Pairs[i][0], a.Pairs[i][1], opt)
			out[i], errs[i] = jsonEdits(es), err
		})
		for i, err := range errs {
			if err != nil {
				return nil, fmt.Errorf("pair %d: %w", i+1, err)
			}
		}
		return out, nil
	case "align":
		opt, err := a.options()
		if err != nil {
			return nil, err
		}
		lang := s.lang(a.Lang)
		o := lang.Annotate(a.Orig)
		ops, err := edits.AlignBounded(o, edits.AnnotateCorrection(lang, o, a.Cor), opt)
		if err != nil {
			return nil, err
		}
		out := make([]alignOp, len(ops))
		for i, op := range ops {
			name := string(rune(op.Op))
			if op.Op == edits.Transpose {
				name = fmt.Sprintf("T%d", op.OEnd-op.OStart)
			}
			out[i] = alignOp{name, op.OStart, op.OEnd, op.CStart, op.CEnd}
		}
		return out, nil
	case "merge":
		opt, err := a.options()
		if err != nil {
			return nil, err
		}
		lang := s.lang(a.Lang)
		o := lang.Annotate(a.Orig)
		c := edits.AnnotateCorrection(lang, o, a.Cor)
		ops := make([]edits.AlignOp, len(a.Align))
		for i, op := range a.Align {
			if op.Op == "" || !strings.Contains("MSIDT", op.Op[:1]) || op.OStart < 0 || op.OEnd > len(a.Orig) ||
				op.OStart > op.OEnd || op.CStart < 0 || op.CEnd > len(a.Cor) || op.CStart > op.CEnd {
				return nil, fmt.Errorf("alignment step %d: %q [%d, %d) [%d, %d) is not a step of these sentences", i+1, op.Op, op.OStart, op.OEnd, op.CStart, op.CEnd)
			}
			ops[i] = edits.AlignOp{Op: edits.Op(op.Op[0]), OStart: op.OStart, OEnd: op.OEnd, CStart: op.CStart, CEnd: op.CEnd}
		}
		return jsonEdits(edits.Merge(lang, o, c, ops, opt.Merge)), nil
	case "classify":
		lang := s.lang(a.Lang)
		o := lang.Annotate(a.Orig)
		c := edits.AnnotateCorrection(lang, o, a.Cor)
		types := make([]string, len(a.Edits))
		for i, sp := range a.Edits {
			if err := checkSpan(sp, len(a.Orig), len(a.Cor)); err != nil {
				return nil, fmt.Errorf("edit %d: %w", i+1, err)
			}
			types[i] = lang.Classify(o, c, edits.NewEdit(o, c, sp[0], sp[1], sp[2], sp[3]))
		}
		return types, nil
	case "align_matrices":
		n, m := len(a.Orig)+1, len(a.Cor)+1
		if n*m > edits.DefaultMaxCells {
			return nil, fmt.Errorf("alignment matrices of %d × %d cells: more than %d", n, m, edits.DefaultMaxCells)
		}
		lang := s.lang(a.Lang)
		o := lang.Annotate(a.Orig)
		mat := edits.AlignMatrices(o, edits.AnnotateCorrection(lang, o, a.Cor), a.Lev)
		return map[string]any{"cost_matrix": mat.Cost, "op_matrix": mat.Op}, nil
	case "languages":
		return languageCodes, nil
	case "flags":
		return commandFlags(a.Command)
	case "demo":
		return demoFiles(), nil
	case "import_edit":
		return s.importEdit(a)
	case "run":
		return runInProcess(ctx, a.Args, a.Stdin)
	}
	return nil, fmt.Errorf("unknown op %q", op)
}

// importEdit is ERRANT's Annotator.import_edit: an edit given by its spans
// (and a type, kept with old_cat), minimised with min, typed unless
// old_cat.
func (s *server) importEdit(a *pairArgs) (any, error) {
	if len(a.Edit) != 4 && len(a.Edit) != 5 {
		return nil, fmt.Errorf("an edit is [o_start, o_end, c_start, c_end] or with a type fifth, not %d fields", len(a.Edit))
	}
	var sp [4]int
	for i := range 4 {
		if err := json.Unmarshal(a.Edit[i], &sp[i]); err != nil {
			return nil, fmt.Errorf("edit field %d: want an integer: %v", i+1, err)
		}
	}
	typ := ""
	if len(a.Edit) == 5 {
		if err := json.Unmarshal(a.Edit[4], &typ); err != nil {
			return nil, fmt.Errorf("edit field 5: want a type string: %v", err)
		}
	}
	if err := checkSpan(sp, len(a.Orig), len(a.Cor)); err != nil {
		return nil, err
	}
	lang := s.lang(a.Lang)
	o := lang.Annotate(a.Orig)
	c := edits.AnnotateCorrection(lang, o, a.Cor)
	e := edits.NewEdit(o, c, sp[0], sp[1], sp[2], sp[3])
	if a.Min {
		e = edits.Minimise(e)
	}
	if a.OldCat {
		e.Type = typ
	} else {
		e.Type = lang.Classify(o, c, e)
	}
	return jsonEdits([]edits.Edit{e})[0], nil
}

func checkSpan(sp [4]int, no, nc int) error {
	if sp[0] < 0 || sp[1] < sp[0] || sp[1] > no || sp[2] < 0 || sp[3] < sp[2] || sp[3] > nc {
		return fmt.Errorf("span [%d, %d) -> [%d, %d) is outside the sentences (%d and %d tokens)", sp[0], sp[1], sp[2], sp[3], no, nc)
	}
	return nil
}

// extractPair is one pair of `gecmetric edits`: no edits when the tokens
// are the same, else the source annotated and extracted against the
// correction annotated after it.
func extractPair(lang edits.Language, orig, cor []string, opt edits.Options) ([]edits.Edit, error) {
	if strings.Join(orig, " ") == strings.Join(cor, " ") {
		return nil, nil
	}
	src := lang.Annotate(orig)
	return edits.ExtractBounded(lang, src, edits.AnnotateCorrection(lang, src, cor), opt)
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// runResult is the run op's answer.
type runResult struct {
	Exit   int    `json:"exit"`
	Stdout string `json:"stdout"`
	Stderr string `json:"stderr"`
}

// runInProcess runs the CLI with args and stdin; a failure (exit status
// other than 0) is a serveError with the CLI's message and, when an input
// is at fault, its file and line.
func runInProcess(ctx context.Context, args []string, stdin string) (any, error) {
	if len(args) > 0 && args[0] == "serve" {
		return nil, errors.New("run: serve cannot run inside serve")
	}
	var out, errOut bytes.Buffer
	code, err := runErr(ctx, append([]string{"gecmetric"}, args...), strings.NewReader(stdin), &out, &errOut)
	var ee *exitError
	if code == 0 || (code == 1 && errors.As(err, &ee)) {
		// Exit status 1 is a check that failed (compare's regression
		// gate): a result, not an error.
		return runResult{Exit: code, Stdout: out.String(), Stderr: errOut.String()}, nil
	}
	se := &serveError{Exit: code, Stderr: errOut.String(), Message: strings.TrimSpace(errOut.String())}
	if err != nil {
		se.Message = err.Error()
		var pe *parseerr.Error
		var re *tokenize.RawError
		switch {
		case errors.As(err, &pe):
			se.File, se.Line, se.Column = pe.File, pe.Line, pe.Column
		case errors.As(err, &re):
			se.File, se.Line = re.File, re.Share.First
		}
	}
	return nil, se
}

func (e *serveError) Error() string { return e.Message }

// flagInfo is one flag of a command, for the flags op.
type flagInfo struct {
	Names []string `json:"names"`
	Kind  string   `json:"kind"`
}

// commandFlags lists the flags of the command named name (help aside).
func commandFlags(name string) ([]flagInfo, error) {
	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	for _, c := range commands(e) {
		if c.Name != name || c.Hidden {
			continue
		}
		setUpCommand(e, c)
		var out []flagInfo
		for _, f := range c.Flags {
			kind := "value"
			switch f.(type) {
			case *cli.BoolFlag:
				kind = "bool"
			case *cli.StringSliceFlag, *cli.IntSliceFlag, *cli.FloatSliceFlag:
				kind = "list"
			}
			out = append(out, flagInfo{Names: f.Names(), Kind: kind})
		}
		return out, nil
	}
	return nil, fmt.Errorf("flags: no command %q", name)
}

// demoFile is one file of the demo set, for the demo op.
type demoFile struct {
	Name  string   `json:"name"`
	Lines []string `json:"lines"`
}

// demoFiles is the built-in demo set (package demo) as the demo op gives it.
func demoFiles() map[string]any {
	list := func(fs []demo.File) []demoFile {
		out := make([]demoFile, len(fs))
		for i, f := range fs {
			out[i] = demoFile{f.Name, f.Lines()}
		}
		return out
	}
	return map[string]any{
		"source":     demo.Source().Lines(),
		"references": list(demo.References()),
		"hypotheses": list(demo.Hypotheses()),
	}
}
