package annotate

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver "sqlite"

	"github.com/gecmetric/gecmetric/corpora/tokenize"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
)

// schemaVersion is stored in meta; Open refuses other versions.
const schemaVersion = "1"

const schema = `
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TABLE items(
	id INTEGER PRIMARY KEY,
	source TEXT NOT NULL,
	reference TEXT NOT NULL
) STRICT;
CREATE TABLE outputs(
	item INTEGER NOT NULL REFERENCES items(id),
	system TEXT NOT NULL,
	output TEXT NOT NULL,
	PRIMARY KEY(item, system)
) STRICT;
CREATE TABLE annotators(
	name TEXT PRIMARY KEY,
	token TEXT NOT NULL UNIQUE,
	item_order TEXT NOT NULL,
	next_item INTEGER NOT NULL DEFAULT 0,
	newline TEXT NOT NULL DEFAULT (char(10)) -- line break of the annotator's Swedish-format file
) STRICT;
CREATE TABLE judgements(
	annotator TEXT NOT NULL REFERENCES annotators(name),
	item INTEGER NOT NULL,
	system TEXT NOT NULL,
	post_edit TEXT NOT NULL,
	confirmed TEXT NOT NULL,
	PRIMARY KEY(annotator, item, system),
	FOREIGN KEY(item, system) REFERENCES outputs(item, system)
) STRICT;
CREATE TABLE ratings(
	annotator TEXT NOT NULL,
	item INTEGER NOT NULL,
	system TEXT NOT NULL,
	scale TEXT NOT NULL,
	label TEXT NOT NULL,
	PRIMARY KEY(annotator, item, system, scale),
	FOREIGN KEY(annotator, item, system) REFERENCES judgements(annotator, item, system) ON DELETE CASCADE
) STRICT;
`

// A DB is an annotation task stored in an SQLite file (WAL mode, full
// synchronous commits). It is safe for concurrent use; writes are
// serialised on one connection, and every Confirm is one transaction, so a
// crash keeps every confirmed item and no half of one.
type DB struct {
	db       *sql.DB
	path     string
	Protocol *Protocol
	salt     string // random per task; seeds the annotators' orders
	items    []Item // read-only after Open
	display  string // Task.Display
}

// An Annotator is one person working through the task with their own
// order of items.
type Annotator struct {
	Name  string
	Token string // secret in the annotator's link
	Order []int  // item ids in the order this annotator sees them
	Next  int    // position in Order where the annotator resumes
}

// A Judgement is one annotator's confirmed post-edit and ratings of one
// output.
type Judgement struct {
	Annotator string
	Item      int
	System    string
	PostEdit  string            // equals the output when nothing was changed
	Ratings   map[string]string // scale name → canonical label
	Confirmed time.Time
}

func dsn(path string) string {
	return path + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=foreign_keys(ON)"
}

func openSQL(path string) (*sql.DB, error) {
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("%s: database path must not contain '?' or '#'", path)
	}
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	// One connection: writes are serialised anyway, and a single
	// connection never meets SQLITE_BUSY from itself.
	db.SetMaxOpenConns(1)
	var mode string
	if err := db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if mode != "wal" {
		db.Close()
		return nil, fmt.Errorf("%s: journal mode is %q, want wal", path, mode)
	}
	return db, nil
}

// Create writes a new task database at path, which must not exist. The
// file appears only when it is complete.
func Create(path string, t *Task) error {
	if err := t.Validate(); err != nil {
		return err
	}
	if err := atomicfile.Check(path); err != nil {
		return err
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s already exists (annotate init never overwrites a task)", path)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	tmp := f.Name()
	f.Close()
	defer func() {
		os.Remove(tmp)
		os.Remove(tmp + "-wal")
		os.Remove(tmp + "-shm")
	}()
	db, err := openSQL(tmp)
	if err != nil {
		return err
	}
	if err := fill(db, t); err != nil {
		db.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := db.Close(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if _, err := os.Stat(tmp + "-wal"); err == nil {
		return fmt.Errorf("%s: write-ahead log was not checkpointed", path)
	}
	return os.Rename(tmp, path)
}

func fill(db *sql.DB, t *Task) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(schema); err != nil {
		return err
	}
	salt := make([]byte, 16)
	rand.Read(salt)
	for k, v := range map[string]string{"version": schemaVersion, "protocol": t.Protocol.Name, "salt": hex.EncodeToString(salt), "display": t.Display} {
		if _, err := tx.Exec(`INSERT INTO meta(key, value) VALUES(?, ?)`, k, v); err != nil {
			return err
		}
	}
	for _, it := range t.Items {
		if _, err := tx.Exec(`INSERT INTO items(id, source, reference) VALUES(?, ?, ?)`, it.ID, it.Source, it.Reference); err != nil {
			return err
		}
		for _, s := range it.Systems() {
			if _, err := tx.Exec(`INSERT INTO outputs(item, system, output) VALUES(?, ?, ?)`, it.ID, s, it.Outputs[s]); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}

// explainOpen says in words why SQLite could not open the database at
// path ("unable to open database file (14)"): a database in WAL mode
// needs its folder writable even to be read, for its -wal and -shm
// files beside it.
func explainOpen(path string, err error) error {
	dir := filepath.Dir(path)
	f, cerr := os.CreateTemp(dir, "."+filepath.Base(path)+".check*")
	if cerr != nil {
		return fmt.Errorf("%s: cannot open the task database: its folder %s takes no new files (%v), and SQLite needs to create %s-wal and %s-shm beside it even to read it; copy it to a writable folder",
			path, dir, cerr.(*os.PathError).Err, filepath.Base(path), filepath.Base(path))
	}
	f.Close()
	os.Remove(f.Name())
	r, rerr := os.Open(path)
	if rerr != nil {
		return fmt.Errorf("%s: cannot read the task database: %v", path, rerr.(*os.PathError).Err)
	}
	r.Close()
	for _, side := range []string{path + "-wal", path + "-shm"} {
		if fi, serr := os.Stat(side); serr == nil && fi.Mode().IsRegular() {
			w, werr := os.OpenFile(side, os.O_RDWR, 0)
			if werr != nil {
				return fmt.Errorf("%s: cannot open the task database: %s cannot be written (%v)", path, side, werr.(*os.PathError).Err)
			}
			w.Close()
		}
	}
	return err
}

// Open opens the task database at path.
func Open(path string) (*DB, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("task database: %w (create one with 'gecmetric annotate init')", err)
	}
	db, err := openSQL(path)
	if err != nil {
		return nil, explainOpen(path, err)
	}
	d := &DB{db: db, path: path}
	if err := d.load(); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return d, nil
}

func (d *DB) load() error {
	meta := map[string]string{}
	rows, err := d.db.Query(`SELECT key, value FROM meta`)
	if err != nil {
		return fmt.Errorf("not a gecmetric task database: %w", err)
	}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			rows.Close()
			return err
		}
		meta[k] = v
	}
	rows.Close()
	if meta["version"] != schemaVersion {
		return fmt.Errorf("task database version %q, want %q", meta["version"], schemaVersion)
	}
	p, err := LookupProtocol(meta["protocol"])
	if err != nil {
		return err
	}
	d.Protocol, d.salt, d.display = p, meta["salt"], meta["display"]
	if d.display != "" && d.display != DisplayDetokenized {
		return fmt.Errorf("task database display %q, want %q or none", d.display, DisplayDetokenized)
	}
	rows, err = d.db.Query(`SELECT id, source, reference FROM items ORDER BY id`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var it Item
		if err := rows.Scan(&it.ID, &it.Source, &it.Reference); err != nil {
			rows.Close()
			return err
		}
		if it.ID != len(d.items) {
			rows.Close()
			return fmt.Errorf("item ids are not 0..n-1 (found %d at %d)", it.ID, len(d.items))
		}
		it.Outputs = map[string]string{}
		d.items = append(d.items, it)
	}
	rows.Close()
	rows, err = d.db.Query(`SELECT item, system, output FROM outputs`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var i int
		var s, o string
		if err := rows.Scan(&i, &s, &o); err != nil {
			return err
		}
		d.items[i].Outputs[s] = o
	}
	return rows.Err()
}

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

// Path returns the database file name.
func (d *DB) Path() string { return d.path }

// Items returns the task's items in id order. The slice is shared: do not modify.
func (d *DB) Items() []Item { return d.items }

// Task returns the task stored in the database.
func (d *DB) Task() *Task { return &Task{Protocol: d.Protocol, Items: d.items, Display: d.display} }

// Shown returns text as the task shows it to raters (Task.Display): raw
// text for a detokenised display, else the text as given. Post-edits are
// written against it, so edit distances and diffs compare with it.
func (d *DB) Shown(text string) string {
	if d.display != DisplayDetokenized {
		return text
	}
	return tokenize.Detokenize(strings.Fields(text))
}

// AddAnnotator adds an annotator with a fresh secret token and an item
// order drawn from the task's salt and the name, and returns it. Adding a
// name twice is an error.
func (d *DB) AddAnnotator(name string) (Annotator, error) {
	return d.addAnnotator(name, nil, 0)
}

func (d *DB) addAnnotator(name string, order []int, next int) (Annotator, error) {
	if err := checkName("annotator", name); err != nil {
		return Annotator{}, err
	}
	if order == nil {
		order = itemOrder(d.salt, name, len(d.items))
	}
	if err := checkOrder(order, len(d.items)); err != nil {
		return Annotator{}, fmt.Errorf("annotator %s: %w", name, err)
	}
	tok := make([]byte, 16)
	rand.Read(tok)
	a := Annotator{Name: name, Token: hex.EncodeToString(tok), Order: order, Next: next}
	js, _ := json.Marshal(order)
	_, err := d.db.Exec(`INSERT INTO annotators(name, token, item_order, next_item) VALUES(?, ?, ?, ?)`, name, a.Token, string(js), next)
	if err != nil {
		if strings.Contains(err.Error(), "UNIQUE") {
			return Annotator{}, fmt.Errorf("annotator %q already exists", name)
		}
		return Annotator{}, fmt.Errorf("adding annotator %s: %w", name, err)
	}
	return a, nil
}

func checkOrder(order []int, n int) error {
	if len(order) != n {
		return fmt.Errorf("item order has %d entries for %d items", len(order), n)
	}
	seen := make([]bool, n)
	for _, i := range order {
		if i < 0 || i >= n || seen[i] {
			return fmt.Errorf("item order is not a permutation of 0..%d (entry %d)", n-1, i)
		}
		seen[i] = true
	}
	return nil
}

// Annotators returns the annotators in name order.
func (d *DB) Annotators() ([]Annotator, error) {
	return d.queryAnnotators(`ORDER BY name`)
}

// AnnotatorByToken returns the annotator whose token is tok.
func (d *DB) AnnotatorByToken(tok string) (Annotator, bool, error) {
	return d.oneAnnotator(`WHERE token = ?`, tok)
}

// Annotator returns the annotator called name.
func (d *DB) Annotator(name string) (Annotator, bool, error) {
	return d.oneAnnotator(`WHERE name = ?`, name)
}

// oneAnnotator returns the annotator a unique column selects, if any.
func (d *DB) oneAnnotator(where string, arg any) (Annotator, bool, error) {
	as, err := d.queryAnnotators(where, arg)
	if err != nil || len(as) == 0 {
		return Annotator{}, false, err
	}
	return as[0], true, nil
}

// queryAnnotators returns the annotators selected by the clause that
// follows the table name (a WHERE or ORDER BY).
func (d *DB) queryAnnotators(clause string, args ...any) ([]Annotator, error) {
	rows, err := d.db.Query(`SELECT name, token, item_order, next_item FROM annotators `+clause, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Annotator
	for rows.Next() {
		var a Annotator
		var js string
		if err := rows.Scan(&a.Name, &a.Token, &js, &a.Next); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(js), &a.Order); err != nil {
			return nil, fmt.Errorf("annotator %s: bad item order: %w", a.Name, err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// SetNext records where annotator name resumes.
func (d *DB) SetNext(name string, pos int) error {
	if pos < 0 || pos >= len(d.items) {
		return fmt.Errorf("position %d out of range 0..%d", pos, len(d.items)-1)
	}
	_, err := d.db.Exec(`UPDATE annotators SET next_item = ? WHERE name = ?`, pos, name)
	return err
}

// A Confirmation is everything an annotator confirms for one item: one
// judgement per output of the item.
type Confirmation struct {
	Annotator string
	Item      int
	Next      int // position where the annotator resumes; -1 leaves it
	Outputs   []Judgement
}

// ErrInvalid is wrapped by errors for confirmations that do not fit the
// task (unknown item or system, a missing or unknown rating).
var ErrInvalid = errors.New("invalid confirmation")

// check validates c against the task and canonicalises its labels. Its
// errors name a system as name(system) does, so that the server can keep
// system names off the page.
func (d *DB) check(c *Confirmation, allowImport bool, name func(system string) string) error {
	if c.Item < 0 || c.Item >= len(d.items) {
		return fmt.Errorf("%w: item %d out of range", ErrInvalid, c.Item)
	}
	it := d.items[c.Item]
	seen := map[string]bool{}
	for i := range c.Outputs {
		j := &c.Outputs[i]
		out, ok := it.Outputs[j.System]
		if !ok {
			return fmt.Errorf("%w: item %d has no %s", ErrInvalid, c.Item, name(j.System))
		}
		if seen[j.System] {
			return fmt.Errorf("%w: item %d: %s given twice", ErrInvalid, c.Item, name(j.System))
		}
		seen[j.System] = true
		if !d.Protocol.PostEdit && !allowImport {
			j.PostEdit = d.Shown(out)
		}
		canon := map[string]string{}
		for name, l := range j.Ratings {
			r, ok := d.Protocol.rated(name)
			if !ok {
				return fmt.Errorf("%w: no scale %q in protocol %s", ErrInvalid, name, d.Protocol.Name)
			}
			cl, _, err := r.Canonical(l)
			if err != nil {
				return fmt.Errorf("%w: item %d: %v", ErrInvalid, c.Item, err)
			}
			canon[r.Scale.Name] = cl
		}
		if !allowImport {
			for _, r := range d.Protocol.Scales {
				if _, ok := canon[r.Scale.Name]; !ok {
					return fmt.Errorf("%w: item %d: no %s rating", ErrInvalid, c.Item, r.Title)
				}
			}
		}
		j.Ratings = canon
	}
	if !allowImport && len(seen) != len(it.Outputs) {
		return fmt.Errorf("%w: item %d has %d outputs, %d confirmed", ErrInvalid, c.Item, len(it.Outputs), len(seen))
	}
	return nil
}

// Confirm stores c in one transaction, replacing what the annotator had
// confirmed for the item before. It returns only once the commit is
// durable.
func (d *DB) Confirm(ctx context.Context, c Confirmation) error {
	return d.confirm(ctx, c, systemName)
}

// confirm is Confirm with errors that name a system as name(system) does.
func (d *DB) confirm(ctx context.Context, c Confirmation, name func(system string) string) error {
	if err := d.check(&c, false, name); err != nil {
		return err
	}
	return d.store(ctx, c, time.Now().UTC())
}

// systemName names a system in errors for those who may know it.
func systemName(system string) string { return fmt.Sprintf("system %q", system) }

func (d *DB) store(ctx context.Context, c Confirmation, at time.Time) error {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := d.storeTx(tx, c, at); err != nil {
		return err
	}
	return tx.Commit()
}

// storeTx writes c within tx, replacing what the annotator had confirmed
// for the item; at is the confirmation time of judgements that carry none.
func (d *DB) storeTx(tx *sql.Tx, c Confirmation, at time.Time) error {
	if _, err := tx.Exec(`DELETE FROM judgements WHERE annotator = ? AND item = ?`, c.Annotator, c.Item); err != nil {
		return err
	}
	for _, j := range c.Outputs {
		t := at
		if !j.Confirmed.IsZero() {
			t = j.Confirmed
		}
		if _, err := tx.Exec(`INSERT INTO judgements(annotator, item, system, post_edit, confirmed) VALUES(?, ?, ?, ?, ?)`,
			c.Annotator, c.Item, j.System, j.PostEdit, t.Format(time.RFC3339Nano)); err != nil {
			return fmt.Errorf("storing item %d system %s: %w", c.Item, j.System, err)
		}
		scales := make([]string, 0, len(j.Ratings))
		for s := range j.Ratings {
			scales = append(scales, s)
		}
		sort.Strings(scales)
		for _, s := range scales {
			if _, err := tx.Exec(`INSERT INTO ratings(annotator, item, system, scale, label) VALUES(?, ?, ?, ?, ?)`,
				c.Annotator, c.Item, j.System, s, j.Ratings[s]); err != nil {
				return err
			}
		}
	}
	if c.Next >= 0 {
		if _, err := tx.Exec(`UPDATE annotators SET next_item = ? WHERE name = ?`, min(c.Next, len(d.items)-1), c.Annotator); err != nil {
			return err
		}
	}
	return nil
}

// Judgements returns the confirmed judgements ordered by annotator, item
// and system; annotator "" means all.
func (d *DB) Judgements(annotator string) ([]Judgement, error) {
	if annotator == "" {
		return d.judgementsWhere("1", nil)
	}
	return d.judgementsWhere("annotator = ?", []any{annotator})
}

func (d *DB) judgementsWhere(where string, args []any) ([]Judgement, error) {
	rows, err := d.db.Query(`SELECT annotator, item, system, post_edit, confirmed FROM judgements WHERE `+where+
		` ORDER BY annotator, item, system`, args...)
	if err != nil {
		return nil, err
	}
	var out []Judgement
	type key struct {
		a   string
		i   int
		sys string
	}
	idx := map[key]int{}
	for rows.Next() {
		var j Judgement
		var at string
		if err := rows.Scan(&j.Annotator, &j.Item, &j.System, &j.PostEdit, &at); err != nil {
			rows.Close()
			return nil, err
		}
		j.Confirmed, _ = time.Parse(time.RFC3339Nano, at)
		j.Ratings = map[string]string{}
		idx[key{j.Annotator, j.Item, j.System}] = len(out)
		out = append(out, j)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = d.db.Query(`SELECT annotator, item, system, scale, label FROM ratings WHERE `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var k key
		var s, l string
		if err := rows.Scan(&k.a, &k.i, &k.sys, &s, &l); err != nil {
			return nil, err
		}
		if n, ok := idx[k]; ok {
			out[n].Ratings[s] = l
		}
	}
	return out, rows.Err()
}

// ConfirmedItems returns the set of item ids annotator has confirmed.
func (d *DB) ConfirmedItems(annotator string) (map[int]bool, error) {
	rows, err := d.db.Query(`SELECT DISTINCT item FROM judgements WHERE annotator = ?`, annotator)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	done := map[int]bool{}
	for rows.Next() {
		var i int
		if err := rows.Scan(&i); err != nil {
			return nil, err
		}
		done[i] = true
	}
	return done, rows.Err()
}

// judgementsOf returns annotator's judgements of one item by system.
func (d *DB) judgementsOf(annotator string, item int) (map[string]Judgement, error) {
	js, err := d.judgementsWhere("annotator = ? AND item = ?", []any{annotator, item})
	if err != nil {
		return nil, err
	}
	out := map[string]Judgement{}
	for _, j := range js {
		out[j.System] = j
	}
	return out, nil
}
