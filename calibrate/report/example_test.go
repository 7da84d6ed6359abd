package report_test

import (
	"fmt"

	"github.com/gecmetric/gecmetric/calibrate/report"
)

// Reliability bins outputs by prediction; a calibrated model's bins lie on
// the diagonal (mean prediction = mean human rating).
func ExampleReliability() {
	pred := []float64{1.2, 1.4, 2.1, 2.3, 3.0, 3.4}
	human := []float64{1, 2, 2, 2, 3, 4}
	for _, b := range report.Reliability(pred, human, 3) {
		fmt.Printf("n %d  predicted %.2f  observed %.2f ± %.2f\n", b.N, b.Predicted, b.Observed, b.StdErr)
	}
	// Output:
	// n 2  predicted 1.30  observed 1.50 ± 0.50
	// n 2  predicted 2.20  observed 2.00 ± 0.00
	// n 2  predicted 3.20  observed 3.50 ± 0.50
}
