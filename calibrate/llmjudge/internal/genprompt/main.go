// Command genprompt copies the seed-000 protocol text, Sottana et al.
// (2023)'s gpt4_eval_GEC_instructions.txt, and its MIT licence from the
// public data into package llmjudge (run by go generate there):
//
//	go run ./internal/genprompt [-data DIR]
//
// DIR defaults to $GECMETRIC_DATA, else ../shared/data beside the
// repository root. The text is copied byte for byte: it is the prompt, and
// PromptVersion (and so every cache key) is a hash of it.
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"

	"github.com/gecmetric/gecmetric/internal/datadir"
)

func main() {
	data := flag.String("data", datadir.Root(), "folder of the shared public data")
	flag.Parse()
	log.SetFlags(0)
	if *data == "" {
		log.Fatal("no data folder: set GECMETRIC_DATA or pass -data")
	}
	study := filepath.Join(*data, "sottana2023-gec-human-gpt4")
	for src, dst := range map[string]string{
		filepath.Join(study, "main", "human_and_gpt4_evaluation", "instructions_to_human_reviewers_and_gpt4", "gpt4_eval_GEC_instructions.txt"): "protocol.txt",
		filepath.Join(study, "LICENSE"): "protocol_LICENSE.txt",
	} {
		b, err := os.ReadFile(src)
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
