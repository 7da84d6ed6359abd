package calibrate

import (
	"errors"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/parseerr"
)

func TestReadMetricScoresRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		is             error
	}{
		{"NaN", "item,system,score\n1,A,0.5\n2,A,NaN\n", `m:3:5: score "NaN" is not a finite number`, nil},
		{"nan in TSV", "system\tscore\nA\tnan\n", `m:2:3: score "nan" is not a finite number`, nil},
		{"+Inf", "system,score\nA,+Inf\n", `m:2:3: score "+Inf" is not a finite number`, nil},
		{"-infinity", "system,score\nA, -infinity\n", `m:2:3: score " -infinity" is not a finite number`, nil},
		{"overflow", "system,score\nA,1e400\n", `m:2:3: score "1e400" is not a number`, nil},
		{"header alone", "item,system,score\n", "m: empty input: no metric scores", parseerr.ErrEmptyInput},
		{"nothing", "", "m: empty input: no metric scores", parseerr.ErrEmptyInput},
		{"blank lines", "\n \n", "m: empty input: no metric scores", parseerr.ErrEmptyInput},
		{"invalid UTF-8", "system,score\n\xff,1\n", "m:2:1: invalid UTF-8: byte 0xff", parseerr.ErrInvalidUTF8},
		{"NUL", "system,score\nA,1\x00\n", "m:2:4: NUL byte", parseerr.ErrNUL},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadMetricScores(strings.NewReader(tc.in), "m")
			if err == nil || err.Error() != tc.want || tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %v, want %s", err, tc.want)
			}
		})
	}
}
