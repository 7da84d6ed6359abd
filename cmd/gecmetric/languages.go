package main

import (
	"fmt"
	"io"
	"slices"
	"text/tabwriter"

	"github.com/gecmetric/gecmetric/edits"
	"github.com/gecmetric/gecmetric/edits/langs"
)

// langList is the --lang value that lists the known languages.
const langList = "list"

// languageFor returns the extraction rules for a language code: a known
// language's (langs.For), the generic rules for any other code.
func languageFor(code string) edits.Language { return langs.OrGeneric(code) }

// languageCodes are the codes with rules of their own (langs.Codes but
// "generic"), which serve's languages op lists: the Python package's
// errant.load accepts these, as ERRANT's load accepts the languages it has
// modules for.
var languageCodes = slices.DeleteFunc(langs.Codes(), func(c string) bool { return c == langs.Generic })

// writeLanguages prints the known languages, one per line: code, name,
// rules, word list and its Debian package, and whether it is installed.
func writeLanguages(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "code\tlanguage\trules\tword list\tpackage\ttypes of its own")
	for _, k := range langs.Known() {
		wl, pkg, own := k.WordList, k.Package, k.Diacritics
		if wl == "" {
			wl, pkg = "-", "-"
		}
		if own == "" {
			own = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", k.Code, k.Name, k.Rules, wl, pkg, own)
	}
	return tw.Flush()
}

// warnLanguage prints a warning when the word list of the language is not
// installed.
func warnLanguage(e *env, l edits.Language) {
	if note := langs.Missing(l); note != "" {
		fmt.Fprintf(e.stderr, "gecmetric: warning: %s\n", note)
	}
}

// languageInfo is one language of the serve op "language_info".
type languageInfo struct {
	langs.Info
	Installed bool `json:"installed"` // the word list is there (true without one)
}

// languageList returns the known languages for the serve op "language_info".
// Whether a word list is installed is checked without reading it.
func languageList() []languageInfo {
	var out []languageInfo
	for _, k := range langs.Known() {
		out = append(out, languageInfo{Info: k, Installed: langs.Installed(k)})
	}
	return out
}
