package human_test

import (
	"fmt"

	"github.com/gecmetric/gecmetric/human"
)

func ExampleScale_Parse() {
	for _, label := range []string{"Substatial over-correction", "No", "Huge"} {
		name, value, _, err := human.Overcorrection4.Parse(label)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%q → %q = %v\n", label, name, value)
	}
	_, _, other, _ := human.Grammaticality4.Parse("O")
	fmt.Println("GUG O is Other:", other)
	// Output:
	// "Substatial over-correction" → "Substantial over-correction" = 3
	// "No" → "No" = 0
	// unknown label "Huge" on scale overcorrection (want "No", "Minor over-correction", "Moderate over-correction", "Substantial over-correction")
	// GUG O is Other: true
}
