// Command gen fits gecmetric's default judge models from the public rating
// data and writes them to ../../models (run by go generate in package
// judge):
//
//	go run ./internal/gen [-data DIR] [-out DIR]
//
// DIR defaults to $GECMETRIC_DATA, else ../shared/data beside the
// repository root. Fitting is deterministic: the same data gives the same
// files.
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"

	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/internal/datadir"
)

func main() {
	data := flag.String("data", datadir.Root(), "folder of the shared public data")
	out := flag.String("out", "models", "folder to write the models to")
	flag.Parse()
	log.SetFlags(0)
	if *data == "" {
		log.Fatal("no data folder: set GECMETRIC_DATA or pass -data")
	}
	fitted, err := judge.FitDefaults(*data, os.Stderr)
	if err != nil {
		log.Fatal(err)
	}
	old, _ := filepath.Glob(filepath.Join(*out, "*.json"))
	for _, f := range old {
		os.Remove(f)
	}
	if err := judge.WriteModels(*out, fitted); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %d models to %s", len(fitted), *out)
}
