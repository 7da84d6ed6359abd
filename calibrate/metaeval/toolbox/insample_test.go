package toolbox

import (
	"slices"
	"testing"

	"github.com/gecmetric/gecmetric/human"
)

func TestRankingSets(t *testing.T) {
	rk := func(systems ...string) []human.Ranking {
		return []human.Ranking{{Item: "1", Systems: systems, Ranks: make([]int, len(systems))}}
	}
	tests := []struct {
		name string
		in   []human.Ranking
		want []string
	}{
		{"GJG15's systems", rk("AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "UMC"), []string{"gjg15"}},
		{"too few to tell", rk("AMU", "CAMB", "CUUI"), nil},
		{"JFLEG's systems", rk("AMU", "CAMB", "NMT", "orig", "turk"), []string{"jfleg"}},
		{"a system of neither", rk("AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "mine"), nil},
	}
	for _, tt := range tests {
		if got := RankingSets(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestInSample(t *testing.T) {
	tests := []struct {
		metric string
		sets   []string
		want   []string
	}{
		// The overall ranker learnt from GJG15's rankings; the
		// grammaticality model from GUG only.
		{"judge:overall", []string{"gjg15"}, []string{"gjg15"}},
		{"judge-noref:overall", []string{"gjg15"}, []string{"gjg15"}},
		{"judge:grammaticality", []string{"gjg15"}, nil},
		{"judge:meaning", []string{"sottana2023"}, []string{"sottana2023"}},
		{"m2", []string{"gjg15"}, nil},
		{"judge:overall", nil, nil},
	}
	for _, tt := range tests {
		if got := InSample(tt.metric, "en", tt.sets); !slices.Equal(got, tt.want) {
			t.Errorf("InSample(%s, %v) = %v, want %v", tt.metric, tt.sets, got, tt.want)
		}
	}
}
