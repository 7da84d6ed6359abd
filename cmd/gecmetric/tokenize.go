package main

import (
	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/corpora/tokenize"
)

// tokenizeFlags are --tokenize and --no-tokenize-check, shared by eval,
// compare, judge and edits.
func tokenizeFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "tokenize", Usage: "tokenise raw text files (punctuation and contractions split off, as in the CoNLL-2014 references); tokenised text and M2 files are left alone"},
		&cli.BoolFlag{Name: "no-tokenize-check", Usage: "score raw text as it is (a raw hypothesis against tokenised references, or a raw source and references), with a warning, instead of stopping"},
	}
}

// policyOf reads the tokenisation flags.
func policyOf(cmd *cli.Command) tokenize.Policy {
	return tokenize.Policy{Tokenize: cmd.Bool("tokenize"), NoCheck: cmd.Bool("no-tokenize-check")}
}
