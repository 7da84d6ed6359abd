package lm_test

import (
	"fmt"
	"strings"

	"github.com/gecmetric/gecmetric/metrics/lm"
)

func ExampleModel_Score() {
	m, err := lm.Default()
	if err != nil {
		panic(err)
	}
	for _, s := range []string{"He goes home .", "He go home ."} {
		sc, tok := m.Score(strings.Fields(s), nil)
		fmt.Printf("%-14s log P %.2f, per token %.2f, end %.2f\n", s, sc.LogProb, tok, sc.End)
	}
	// Output:
	// He goes home . log P -15.45, per token [-3.98 -5.46 -4.26 0.00], end -1.75
	// He go home .   log P -18.42, per token [-3.98 -8.56 -4.54 0.00], end -1.34
}
