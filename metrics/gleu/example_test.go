package gleu_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/gecmetric/gecmetric/metrics/gleu"
)

func lines(ss ...string) [][]string {
	out := make([][]string, len(ss))
	for i, s := range ss {
		out[i] = strings.Fields(s)
	}
	return out
}

func Example() {
	source := lines("She go to the market every mornings .", "I am agree with this opinion .")
	ref0 := lines("She goes to the market every morning .", "I agree with this opinion .")
	ref1 := lines("She goes to the market every morning .", "I agree with this view .")
	hyp := lines("She goes to the market every mornings .", "I agree with this opinion .")

	sc, err := gleu.New(source, ref0, ref1)
	if err != nil {
		panic(err)
	}
	res, err := sc.Score(hyp, gleu.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d iterations\n", len(res.Iterations))
	gleu.WriteScore(os.Stdout, "hyp.txt", res)
	// Output:
	// 500 iterations
	// hyp.txt 0.461342
}
