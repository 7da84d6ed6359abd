package sv_test

import (
	"os"
	"path/filepath"
)

// tempWordList writes a small Latin-1 and UTF-8 word list and returns its
// path.
func tempWordList() string {
	dir, err := os.MkdirTemp("", "svlex")
	if err != nil {
		panic(err)
	}
	p := filepath.Join(dir, "words")
	words := "# test list\nbehöver\nhar\nhär\nhund\nen\njag\nbil\nbilar\nbilarna\nprata\npratar\npratade\nstor\nstora\nstort\n" + "f\xf6r\n" // för in Latin-1
	if err := os.WriteFile(p, []byte(words), 0o644); err != nil {
		panic(err)
	}
	return p
}
