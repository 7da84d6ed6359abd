package edits

import (
	"sync"

	"github.com/jdkato/prose/v3/tokenize"
)

// tokenizers pools prose tokenizers, whose thread safety the library does
// not promise.
var tokenizers = sync.Pool{New: func() any { return tokenize.New() }}

// Tokenize splits raw text into Penn-Treebank-style tokens with prose's
// English tokenizer ("don't." → "do", "n't", "."), for outputs that were
// not tokenised as their references were. Text that is already tokenised
// should be split on spaces instead (strings.Fields): re-tokenising it can move
// token boundaries that the references rely on.
func Tokenize(text string) []string {
	tk := tokenizers.Get().(*tokenize.Tokenizer)
	defer tokenizers.Put(tk)
	ts := tk.Tokenize(text)
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Text
	}
	return out
}
