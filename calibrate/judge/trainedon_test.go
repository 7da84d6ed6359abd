package judge

import (
	"slices"
	"testing"
)

// TestTrainedOn pins the training sets of the embedded models as their
// metadata names them: the list meta-eval warns with when a judge
// quantity is meta-evaluated on data its models saw. A refit that adds a
// "trained_on" list, or fits on other data, updates this table.
func TestTrainedOn(t *testing.T) {
	tests := []struct {
		lang, q string
		want    []string
	}{
		{"en", Overall, []string{"conll14", "gjg15", "gmeg-fce", "gmeg-wiki", "jfleg", "sottana2023", "tmu-gfm"}},
		{"en", Grammaticality, []string{"tmu-gfm"}},
		{"en", Fluency, []string{"tmu-gfm"}},
		{"en", Meaning, []string{"sottana2023", "tmu-gfm"}},
		{"en", Overcorrection, []string{"sottana2023"}},
		{"en", RemainingErrors, []string{"sottana2023"}},
		{"sv", Overall, []string{"swedish2024"}},
		{"sv", Overcorrection, []string{"sottana2023"}},
		{"sv", Meaning, []string{"swedish2024"}},
	}
	for _, tt := range tests {
		got, err := TrainedOn(tt.lang, tt.q)
		if err != nil {
			t.Errorf("TrainedOn(%s, %s): %v", tt.lang, tt.q, err)
			continue
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("TrainedOn(%s, %s) = %v, want %v", tt.lang, tt.q, got, tt.want)
		}
	}
	if _, err := TrainedOn("xx", Overall); err == nil {
		t.Error("TrainedOn of a language without models: no error")
	}
}

func TestModelTrainedOn(t *testing.T) {
	tests := []struct {
		name, json string
		want       []string
		err        bool
	}{
		{"top-level list wins", `{"trained_on":["gjg15"],"training":{"data":"gug"}}`, []string{"gjg15"}, false},
		{"list in training", `{"training":{"trained_on":["jfleg","gug"],"data":"x"}}`, []string{"jfleg", "gug"}, false},
		{"data string", `{"training":{"data":"sottana2023 (portable features, for sv)"}}`, []string{"sottana2023"}, false},
		{"data list", `{"training":{"data":["GJG15","conll14 refs over input"]}}`, []string{"gjg15", "conll14"}, false},
		{"nothing", `{"training":{}}`, nil, true},
		{"data of another type", `{"training":{"data":3}}`, nil, true},
	}
	for _, tt := range tests {
		got, err := modelTrainedOn([]byte(tt.json))
		if (err != nil) != tt.err || !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %v, %v; want %v (error %v)", tt.name, got, err, tt.want, tt.err)
		}
	}
}
