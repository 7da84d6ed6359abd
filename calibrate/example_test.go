package calibrate_test

import (
	"fmt"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/human"
)

func ExampleAgreement() {
	// Two annotators rate two systems' outputs of three sentences on the
	// GUG grammaticality scale; "O" (Other) is kept apart.
	csv := `item,system,annotator,g
1,A,ann1,4
1,A,ann2,4
1,B,ann1,2
1,B,ann2,1
2,A,ann1,3
2,A,ann2,3
2,B,ann1,O
2,B,ann2,2
3,A,ann1,4
3,A,ann2,3
3,B,ann1,1
3,B,ann2,1
`
	table := human.RatingTable{Item: "item", System: "system", Annotator: "annotator",
		Scales: map[string]*calibrate.Scale{"g": human.Grammaticality4}}
	rs, err := table.ReadCSV(strings.NewReader(csv), "ratings.csv", ',')
	if err != nil {
		fmt.Println(err)
		return
	}
	ag, _ := calibrate.Agreement(rs)
	p := ag[0].Pairs[0]
	fmt.Printf("units %d, kappa %.3f, quadratic %.3f, interval alpha %.3f\n", p.N, p.Kappa, p.Quadratic, ag[0].Interval)
	for _, m := range calibrate.SystemMeans(rs, true) {
		fmt.Printf("%s mean %.2f over %d, Other %d\n", m.System, m.Mean, m.N, m.Other)
	}
	// Output:
	// units 5, kappa 0.474, quadratic 0.865, interval alpha 0.875
	// A mean 3.50 over 6, Other 0
	// B mean 1.40 over 5, Other 1
}
