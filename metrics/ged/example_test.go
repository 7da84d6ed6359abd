package ged_test

import (
	"fmt"
	"strings"

	"github.com/gecmetric/gecmetric/edits/en"
	"github.com/gecmetric/gecmetric/metrics/ged"
)

func ExampleDetector_Probs() {
	d, err := ged.Default()
	if err != nil {
		panic(err)
	}
	s := en.New().Annotate(strings.Fields("She have a apple in her bag ."))
	for i, p := range d.Probs(s, nil) {
		fmt.Printf("%s %.2f\n", s.Tokens[i].Text, p)
	}
	// Output:
	// She 0.00
	// have 0.87
	// a 0.60
	// apple 0.24
	// in 0.17
	// her 0.01
	// bag 0.03
	// . 0.06
}
