// Package floors states the import floors of gecmetric and its test
// proves them: a package may import packages on its own floor or below,
// never one above, so that the house has no upward import and no cycle
// between its rooms.
//
//	floor 6  cmd/...          the CLI: flags, one library call, printing
//	floor 5  annotate         collects human ratings (web app, SQLite store)
//	         htmlreport       results as HTML pages with figures (compare, correlate, edits)
//	floor 4  calibrate/...    relates metric values to human judgements: agreement,
//	                          correlation, fitted models, the judge, the report
//	floor 3  human            scales, ratings, rankings and every file format of them
//	floor 2  corpora/...      M2 and parallel text
//	         metrics/...      M2, ERRANT, GLEU, evidence, significance, compare
//	floor 1  edits/...        alignment, merging, classification; the language packages
//	floor 0  parseerr         the positioned error of every reader (a leaf)
//	         internal/...     small shared helpers (atomicfile, datadir, pairwise, demo)
//
// A package's floor is that of the longest prefix of its import path in
// Floors. Test files are not counted: a test may read real data through a
// higher floor (edits/agreement's tests read M2 with corpora). Generators
// (…/gen, run by go generate) sit on the floor of their folder.
package floors

// Floors maps an import path below the module (a folder and everything
// under it) to its floor. A new top-level folder needs a row here, or
// TestImportFloors fails.
var Floors = map[string]int{
	"parseerr":   0,
	"internal":   0,
	"edits":      1,
	"corpora":    2,
	"metrics":    2,
	"human":      3,
	"calibrate":  4,
	"annotate":   5,
	"htmlreport": 5,
	"cmd":        6,
}
