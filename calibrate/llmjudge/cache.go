package llmjudge

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
)

// A cacheEntry is one answered query on disk: what was asked and the
// answer parsed from the reply, one per candidate in query order. It
// holds no URL, key or header, and not the reply's text: a reply may be
// padded to megabytes or echo anything (the key among it). Entries
// written before the answers were stored hold the reply instead, which
// is parsed when read.
type cacheEntry struct {
	Model         string   `json:"model"`
	PromptVersion string   `json:"prompt_version"`
	Query         string   `json:"query"`
	Answers       []Answer `json:"answers,omitempty"`
	Rounded       int      `json:"rounded,omitempty"`    // semantics numbers rounded to a label
	IDDiffers     bool     `json:"id_differs,omitempty"` // the reply's id was not the query's
	Reply         string   `json:"reply,omitempty"`      // older entries only
	Usage         Usage    `json:"usage"`
}

// answers returns the entry's answers to q, checked again against the
// scales (a cache file is input like any other) and against strict: an
// answer that needed rounding is asked again under Strict.
func (e cacheEntry) answers(q human.Query, strict bool) ([]Answer, int, bool, error) {
	if e.Answers == nil && e.Reply != "" {
		p, err := parseReply(e.Reply, q, strict)
		return p.answers, p.rounded, p.idDiff, err
	}
	if len(e.Answers) != len(q.Systems) {
		return nil, 0, false, fmt.Errorf("%d answers for %d candidates", len(e.Answers), len(q.Systems))
	}
	if strict && e.Rounded > 0 {
		return nil, 0, false, errors.New("rounded answers, strict reading")
	}
	for _, a := range e.Answers {
		for k, l := range a.Labels() {
			if name, _, other, err := Scales[k].Parse(l); err != nil || other || name != l {
				return nil, 0, false, fmt.Errorf("label %q is not a canonical label of %s", l, Scales[k].Name)
			}
		}
	}
	return e.Answers, e.Rounded, e.IDDiffers, nil
}

// cacheKey names the answer of one query: a hash of the model, the
// prompt version and the query as sent.
func cacheKey(model, query string) string {
	b, _ := json.Marshal([]string{model, PromptVersion, query})
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// cachePath is dir/ab/abcdef….json: 256 subfolders keep folders small.
func cachePath(dir, key string) string {
	return filepath.Join(dir, key[:2], key+".json")
}

// readCache returns the entry of key, or ok=false if there is none (or it
// is not for this model and query: a hash collision is treated as a miss).
func readCache(dir, key, model, query string) (cacheEntry, bool, error) {
	b, err := os.ReadFile(cachePath(dir, key))
	if errors.Is(err, os.ErrNotExist) {
		return cacheEntry{}, false, nil
	}
	if err != nil {
		return cacheEntry{}, false, err
	}
	var e cacheEntry
	if json.Unmarshal(b, &e) != nil || e.Model != model || e.PromptVersion != PromptVersion || e.Query != query {
		return cacheEntry{}, false, nil
	}
	return e, true, nil
}

// staleAfter is the age from which a temporary file in the cache is the
// remains of a killed run (a write takes milliseconds).
const staleAfter = 10 * time.Minute

// cleanCache removes the temporary files (.KEY.json.tmpNNN) that a run
// killed while writing an entry left in dir's subfolders, if older than
// staleAfter (a run beside this one may be writing its own). Errors are
// ignored: a file left is harmless.
func cleanCache(dir string, now time.Time) {
	subs, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, sub := range subs {
		if !sub.IsDir() || len(sub.Name()) != 2 {
			continue
		}
		ents, err := os.ReadDir(filepath.Join(dir, sub.Name()))
		if err != nil {
			continue
		}
		for _, e := range ents {
			if !e.Type().IsRegular() || !strings.HasPrefix(e.Name(), ".") || !strings.Contains(e.Name(), ".json.tmp") {
				continue
			}
			if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > staleAfter {
				os.Remove(filepath.Join(dir, sub.Name(), e.Name()))
			}
		}
	}
}

// writeCache stores e under key atomically: an interrupted run leaves
// either the whole entry or none.
func writeCache(dir, key string, e cacheEntry) error {
	path := cachePath(dir, key)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return atomicfile.Write(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(e)
	})
}
