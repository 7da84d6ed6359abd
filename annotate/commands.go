package annotate

import (
	"context"
	"io"
	"net"
	"os"
	"path/filepath"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
	"github.com/gecmetric/gecmetric/internal/usage"
)

// The functions here are gecmetric annotate's subcommands as library
// calls: each takes the database path and what the flags say, and leaves
// only the printing to the command line.

// An Init describes a new task: gecmetric annotate init.
type Init struct {
	Scales  string   // protocol name: swell, llm-judge or grue
	Source  string   // source sentences file, one per line
	Ref     string   // reference file, revealed after Save; required by swell
	Outputs []string // system outputs as NAME=FILE
	// Display is how raters see the text (Task.Display): "" as given,
	// DisplayDetokenized raw text.
	Display string
}

// CreateTask reads the files of in and creates the task database at path
// (never overwriting one). An unknown protocol, a malformed NAME=FILE or a
// missing reference for swell is a usage error; bad files are
// *parseerr.Error.
func CreateTask(path string, in Init) (*Task, error) {
	p, err := LookupProtocol(in.Scales)
	if err != nil {
		return nil, usage.Wrap(err)
	}
	var systems []SystemFile
	for _, o := range in.Outputs {
		sf, err := ParseSystemFile(o)
		if err != nil {
			return nil, usage.Wrap(err)
		}
		systems = append(systems, sf)
	}
	if p.Name == "swell" && in.Ref == "" {
		return nil, usage.Errorf("the swell procedure reveals a reference after Save: give --ref FILE")
	}
	t, err := ReadTask(p, in.Source, in.Ref, systems)
	if err != nil {
		return nil, err
	}
	t.Display = in.Display
	if err := Create(path, t); err != nil {
		return nil, err
	}
	return t, nil
}

// AddAnnotators adds the named annotators (fresh tokens) to the task at
// path and returns every annotator, in name order.
func AddAnnotators(path string, names []string) ([]Annotator, error) {
	db, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	for _, n := range names {
		if _, err := db.AddAnnotator(n); err != nil {
			return nil, err
		}
	}
	as, err := db.Annotators()
	if err != nil {
		return nil, err
	}
	return as, db.Close()
}

// A Session is a task database opened and a listener bound, ready to
// serve: gecmetric annotate serve.
type Session struct {
	DB         *DB
	Listener   net.Listener
	Base       string      // base URL of the annotator links
	Public     bool        // bound to an address that is not loopback
	Annotators []Annotator // in name order
}

// Start opens the task at path and listens on addr.
func Start(path, addr string) (*Session, error) {
	db, err := Open(path)
	if err != nil {
		return nil, err
	}
	l, err := Listen(addr)
	if err != nil {
		db.Close()
		return nil, err
	}
	as, err := db.Annotators()
	if err != nil {
		l.Close()
		db.Close()
		return nil, err
	}
	s := &Session{DB: db, Listener: l, Base: "http://" + l.Addr().String(), Annotators: as}
	if ta, ok := l.Addr().(*net.TCPAddr); ok && !ta.IP.IsLoopback() {
		s.Public = true
	}
	return s, nil
}

// Serve serves the annotation page until ctx is done, logging to log, and
// closes the database.
func (s *Session) Serve(ctx context.Context, log io.Writer) error {
	defer s.DB.Close()
	srv := NewServer(s.DB)
	srv.Log = log
	return srv.Serve(ctx, s.Listener)
}

// ExportFormats names the formats Export writes.
var ExportFormats = []string{"jsonl", "swell-json"}

// Export writes the confirmed ratings of the task at path: "jsonl" (one
// rating a line, for calibrate; all annotators unless one is named) to w,
// or "swell-json", the Swedish format, one annotator to w, or with dir
// every annotator (or the named one) to dir/NAME.json, each atomically.
func Export(w io.Writer, path, format, annotator, dir string) error {
	if format != "jsonl" && format != "swell-json" {
		return usage.Errorf("unknown --format %q (want swell-json or jsonl)", format)
	}
	db, err := Open(path)
	if err != nil {
		return err
	}
	defer db.Close()
	switch {
	case format == "jsonl":
		return db.WriteJSONL(w, annotator)
	case dir != "":
		return db.writeSwellDir(dir, annotator)
	case annotator == "":
		return usage.Errorf("swell-json holds one annotator: give --annotator NAME or --out DIR")
	}
	return db.WriteSwell(w, annotator)
}

// writeSwellDir writes dir/NAME.json for each annotator (or only one),
// each through a temporary file renamed into place.
func (d *DB) writeSwellDir(dir, only string) error {
	as, err := d.Annotators()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, a := range as {
		if only != "" && a.Name != only {
			continue
		}
		path := filepath.Join(dir, a.Name+".json")
		if err := atomicfile.Write(path, func(w io.Writer) error { return d.WriteSwell(w, a.Name) }); err != nil {
			return err
		}
	}
	return nil
}

// AgreementOf returns the agreement between the annotators of the task at
// path (DB.Agreement): per scale, and the post-edit distances per system.
func AgreementOf(path string) ([]calibrate.AgreementResult, []calibrate.PostEditScore, error) {
	db, err := Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer db.Close()
	return db.Agreement()
}
