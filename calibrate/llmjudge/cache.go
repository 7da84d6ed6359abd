package llmjudge

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/gecmetric/gecmetric/internal/atomicfile"
)

// A cacheEntry is one answered query on disk: what was asked and the
// reply that was used. It holds no URL, key or header.
type cacheEntry struct {
	Model         string `json:"model"`
	PromptVersion string `json:"prompt_version"`
	Query         string `json:"query"`
	Reply         string `json:"reply"`
	Usage         Usage  `json:"usage"`
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
