package calibrate

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate/stat"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

var sottanaAnnotators = []string{"57e2b7c38e00270001b43aba", "5995e3cf9845ef00014de380", "61102f9292f5e6301b5bea45"}

func readSottana(t *testing.T) Ratings {
	t.Helper()
	dir := testdata.Dir(t, "sottana2023-gec-human-gpt4", "data", "outputs", "potato_and_GPT4_full_annotations")
	rs, err := human.Sottana.ReadSottanaDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestSottanaSystemMeans recomputes potato_aggregated/gec.csv (Sottana et
// al. 2023, Table 6's GEC part) from the raw Potato and GPT-4 files: every
// average and standard deviation of every annotator, system and scale must
// equal the shipped value exactly (the shipped CSV prints Python's shortest
// repr of the float64, so equality of floats is equality of all printed
// digits).
func TestSottanaSystemMeans(t *testing.T) {
	rs := readSottana(t)
	f, err := os.Open(testdata.Dir(t, "sottana2023-gec-human-gpt4", "data", "outputs", "potato_aggregated", "gec.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]SystemScore{}
	for _, s := range SystemMeans(rs, false) {
		ann := s.Annotator
		if ann == "gpt4" {
			ann = "gpt4_model"
		}
		got[strings.ToUpper(s.Scale.Name)+" - "+strings.ReplaceAll(s.System, "_", " ")+"|"+ann[:5]] = s
	}
	checked := 0
	for _, row := range rows[1:] {
		for c := 1; c < len(row); c++ {
			head := rows[0][c]
			ann := head[len(head)-5:]
			s, ok := got[row[0]+"|"+ann]
			if !ok {
				t.Errorf("%s %s: not computed", row[0], head)
				continue
			}
			want, err := strconv.ParseFloat(row[c], 64)
			if err != nil {
				t.Fatal(err)
			}
			g := s.Mean
			if strings.HasPrefix(head, "Standard Deviation") {
				g = s.SD
			}
			if g != want {
				t.Errorf("%s %s = %v, shipped %v", row[0], head, g, want)
			}
			if s.N != 100 {
				t.Errorf("%s %s: %d ratings, want 100", row[0], head, s.N)
			}
			checked++
		}
	}
	if checked != 12*8 {
		t.Errorf("checked %d values, want 96", checked)
	}
}

// TestSottanaKrippendorff recomputes every GEC alpha of
// potato_aggregated/krippendorff_alpha_scores.json: Krippendorff's alpha
// over the annotators' rankings of the four systems by mean score, as the
// authors' inter_annotator_agreement.py does, rounded to 4 places.
func TestSottanaKrippendorff(t *testing.T) {
	rs := readSottana(t)
	data, err := os.ReadFile(testdata.Dir(t, "sottana2023-gec-human-gpt4", "data", "outputs", "potato_aggregated", "krippendorff_alpha_scores.json"))
	if err != nil {
		t.Fatal(err)
	}
	var shipped map[string]map[string]map[string]float64
	if err := json.Unmarshal(data, &shipped); err != nil {
		t.Fatal(err)
	}
	means := SystemMeans(rs, false)
	systems := human.Sottana.Systems
	n := 0
	for scale, alphas := range shipped["gec"] {
		for key, want := range alphas {
			level := map[string]stat.Level{"nominal": stat.Nominal, "ordinal": stat.Ordinal, "interval": stat.Interval}[strings.Fields(key)[0]]
			anns := sottanaAnnotators
			if strings.Contains(key, "with GPT-4") && !strings.Contains(key, "without") {
				anns = append(anns[:3:3], "gpt4")
			}
			got := RankAlpha(means, strings.ToLower(scale), anns, systems, level)
			if r := math.Round(got*1e4) / 1e4; r != want {
				t.Errorf("gec %s %s: alpha %.6f rounds to %v, shipped %v", scale, key, got, r, want)
			}
			n++
		}
	}
	if n != 18 {
		t.Errorf("checked %d alphas, want 18", n)
	}
}

// TestSottanaIDs checks the id convention the summary_k mapping relies on
// not at all, but which confirms the files line up: GPT-4's answers cover
// exactly the items the humans rated.
func TestSottanaCoverage(t *testing.T) {
	rs := readSottana(t)
	humanItems := map[string]bool{}
	for _, r := range rs {
		if r.Annotator != "gpt4" {
			humanItems[r.Item] = true
		}
	}
	gpt := rs.By("gpt4")
	if len(gpt) != 100*4*3 || len(humanItems) != 100 {
		t.Fatalf("gpt4 ratings %d (want 1200), human items %d (want 100)", len(gpt), len(humanItems))
	}
	for _, r := range gpt {
		if !humanItems[r.Item] || r.Output == "" {
			t.Fatalf("GPT-4 item %s (%s) not rated by humans or without text", r.Item, r.Pos)
		}
	}
	_ = human.Semantics5
}

// TestSwedishTable4 recomputes Table 4 of Östling et al. (2024) from the
// main rater's (katarina's) annotation files of the three balanced sets:
// mean grammaticality, fluency and meaning preservation per system on the
// 1-4 scale with Other (0) left out, printed to one decimal as the
// authors' analyze_annotations.py does, and the mean normalised
// character-level edit distance from each output to her post-edit, to
// three decimals as in the paper.
func TestSwedishTable4(t *testing.T) {
	rs, err := human.ReadSwedishDir(testdata.Dir(t, "swedish-gec-evaluation", "annotations"), "balanced_*")
	if err != nil {
		t.Fatal(err)
	}
	main := rs.By("katarina")
	want := map[string][4]string{
		"granska": {"3.0", "2.8", "3.5", ".126"},
		"mt":      {"3.3", "3.1", "3.4", ".113"},
		"s2":      {"3.7", "3.6", "3.4", ".076"},
		"mm":      {"3.9", "3.8", "3.9", ".034"},
		"mw":      {"3.9", "3.8", "3.8", ".029"},
	}
	col := map[string]int{"grammaticality": 0, "fluency": 1, "meaning": 2}
	got := map[string]*[4]string{}
	for s := range want {
		got[s] = new([4]string)
	}
	for _, s := range SystemMeans(main, false) {
		if s.N+s.Other != 192 {
			t.Errorf("%s %s: %d ratings, want 192", s.System, s.Scale.Name, s.N+s.Other)
		}
		got[s.System][col[s.Scale.Name]] = strconv.FormatFloat(s.Mean, 'f', 1, 64)
	}
	for _, p := range PostEditDistance(main) {
		if p.N != 192 {
			t.Errorf("%s: %d post-edits, want 192", p.System, p.N)
		}
		got[p.System][3] = strings.TrimPrefix(strconv.FormatFloat(p.Mean, 'f', 3, 64), "0")
	}
	for s, w := range want {
		if *got[s] != w {
			t.Errorf("%s: G F M NLD = %v, paper %v", s, *got[s], w)
		}
	}
}

// TestSwedishKappa computes the human-human agreement on the doubly
// annotated items (the 11 examples × 5 systems of balanced_A that both
// annotators rated) two ways: through Agreement (Other excluded, weights
// by position on the full scale) and as the authors' script does
// (scikit-learn's cohen_kappa_score over every pair, Other included,
// weights by position among the observed values). On these items nobody
// chose Other and no label inside the range used goes unused, so both
// conventions give the same kappa.
func TestSwedishKappa(t *testing.T) {
	rs, err := human.ReadSwedishDir(testdata.Dir(t, "swedish-gec-evaluation", "annotations"), "balanced_A")
	if err != nil {
		t.Fatal(err)
	}
	ag, err := Agreement(rs)
	if err != nil {
		t.Fatal(err)
	}
	if len(ag) != 3 {
		t.Fatalf("%d scales, want 3", len(ag))
	}
	for _, a := range ag {
		if a.Units != 55 || len(a.Pairs) != 1 || a.Pairs[0].N != 55 {
			t.Fatalf("%s: %d units, pairs %+v; want 55 units rated by both", a.Scale.Name, a.Units, a.Pairs)
		}
		// The script's way: raw values of every unit both rated.
		var x, y []float64
		on := rs.OnScale(a.Scale.Name)
		byUnit := map[human.Unit]map[string]float64{}
		for _, r := range on {
			u := human.Unit{Item: r.Item, System: r.System}
			if byUnit[u] == nil {
				byUnit[u] = map[string]float64{}
			}
			v := r.Value
			if r.Other {
				v = 0
			}
			byUnit[u][r.Annotator] = v
		}
		for _, m := range byUnit {
			if k, ok := m["katarina"]; ok {
				if r, ok := m["robert"]; ok {
					x, y = append(x, k), append(y, r)
				}
			}
		}
		p := a.Pairs[0]
		if lwk := stat.CohenKappaValues(x, y, stat.Linear); math.Abs(lwk-p.Linear) > 1e-12 {
			t.Errorf("%s: linear kappa %v, script convention %v", a.Scale.Name, p.Linear, lwk)
		}
		if qwk := stat.CohenKappaValues(x, y, stat.Quadratic); math.Abs(qwk-p.Quadratic) > 1e-12 {
			t.Errorf("%s: quadratic kappa %v, script convention %v", a.Scale.Name, p.Quadratic, qwk)
		}
		t.Logf("%s: n=%d kappa %.4f LWK %.4g QWK %.4g alpha(ordinal) %.4f", a.Scale.Name, p.N, p.Kappa, p.Linear, p.Quadratic, a.Ordinal)
	}
}
