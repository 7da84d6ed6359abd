package main

import (
	"bytes"
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/judge"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

// fitItems are learner sentences of our own: the source, a partial
// correction and the full correction.
var fitItems = [][3]string{
	{"he go to school every days .", "He goes to school every days .", "He goes to school every day ."},
	{"She have two cat and one dogs .", "She has two cat and one dog .", "She has two cats and one dog ."},
	{"I am agree with you opinion .", "I agree with you opinion .", "I agree with your opinion ."},
	{"They was very happy yesterday and sing .", "They were very happy yesterday and sing .", "They were very happy yesterday and sang ."},
	{"My brother work in a bank since 2010 .", "My brother works in a bank since 2010 .", "My brother has worked in a bank since 2010 ."},
	{"We discussed about the problem in a meeting yesterday .", "We discussed the problem in a meeting yesterday .", "We discussed the problem at a meeting yesterday ."},
	{"There is many peoples in the city .", "There are many peoples in the city .", "There are many people in the city ."},
	{"He don't like to eat vegetable .", "He doesn't like to eat vegetable .", "He doesn't like to eat vegetables ."},
	{"The informations are very usefull for me .", "The information are very useful for me .", "The information is very useful for me ."},
	{"I have went to London two times .", "I have been to London two times .", "I have been to London twice ."},
	{"She is more taller than her sister .", "She is taller than her sister .", "She is taller than her sister ."},
	{"If I will see him , I tell him .", "If I see him , I tell him .", "If I see him , I will tell him ."},
	{"The childrens plays in the garden .", "The children plays in the garden .", "The children play in the garden ."},
	{"I look forward to meet you soon .", "I look forward to meeting you soon .", "I look forward to meeting you soon ."},
	{"Yesterday I buyed a new computer for my self .", "Yesterday I bought a new computer for my self .", "Yesterday I bought a new computer for myself ."},
	{"He explained me the rules of a game .", "He explained the rules of a game .", "He explained the rules of the game to me ."},
	{"Our teacher give us many homeworks .", "Our teacher gives us many homeworks .", "Our teacher gives us a lot of homework ."},
	{"It depend of the weather tomorrow .", "It depends of the weather tomorrow .", "It depends on the weather tomorrow ."},
	{"I am living here since three years .", "I have been living here since three years .", "I have been living here for three years ."},
	{"Can you tell me where is the station ?", "Can you tell me where the station is ?", "Can you tell me where the station is ?"},
}

// writeFitFixture writes a ratings table of fitItems: systems copy (the
// source), partial, full and gold (the correction, the reference), rated
// for 1-4 grammaticality by two raters who mostly agree. skipOutput
// leaves the output of one row empty.
func writeFitFixture(t *testing.T, skipOutput bool) string {
	t.Helper()
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{"item", "system", "annotator", "source", "output", "g"})
	for i, it := range fitItems {
		outputs := []struct {
			system, text string
			a, b         int
		}{
			{"copy", it[0], 2, 1 + i%2},
			{"partial", it[1], 3, 2 + i%2},
			{"full", it[2], 4, 4 - i%3/2},
			{"gold", it[2], 4, 4},
		}
		for _, o := range outputs {
			text := o.text
			if skipOutput && i == 3 && o.system == "partial" {
				text = ""
			}
			item := fmt.Sprintf("s%02d", i+1)
			w.Write([]string{item, o.system, "ann-a", it[0], text, fmt.Sprint(o.a)})
			w.Write([]string{item, o.system, "ann-b", it[0], text, fmt.Sprint(o.b)})
		}
	}
	w.Flush()
	path := filepath.Join(t.TempDir(), "ratings.csv")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCalibrateFit(t *testing.T) {
	path := writeFitFixture(t, false)
	model := filepath.Join(filepath.Dir(path), "model.json")
	out, errOut, code := gecmetric(t, "", "calibrate", "fit", "--human", path, "--format", "csv",
		"--rating", "g=swedish/grammaticality", "--scale", "grammaticality", "--ref-system", "gold", "--folds", "5", "--out", model)
	if code != 0 {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
	for _, want := range []string{"# grammaticality (en, reference form): 20 sentences, 80 outputs, 160 ratings by ann-a, ann-b",
		"cross-validated agreement with the mean of 2 raters (5 folds grouped by sentence, seed 1)", "judge quantity: grammaticality"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	m, err := calibrate.ReadModelFile(model)
	if err != nil {
		t.Fatal(err)
	}
	if m.Form != "reference" || m.Language != "en" || m.Training.Units != 80 || m.Training.Folds != 5 || m.CV.N != 80 {
		t.Errorf("model: form %s, lang %s, training %+v, CV n %d", m.Form, m.Language, m.Training, m.CV.N)
	}
	// The copies were rated worst and the corrections best: a model that
	// learnt anything ranks them so, out of fold.
	if m.CV.Spearman < 0.5 {
		t.Errorf("cross-validated Spearman %.3f, want at least 0.5 on this easy set", m.CV.Spearman)
	}
	// The judge uses it in place of its default grammaticality model.
	dir := t.TempDir()
	write := func(name string, col int) string {
		var lines []string
		for _, it := range fitItems {
			lines = append(lines, it[col])
		}
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
		return p
	}
	src, hyp, ref := write("src.txt", 0), write("hyp.txt", 0), write("ref.txt", 2)
	grammaticality := func(args ...string) []float64 {
		t.Helper()
		out, errOut, code := gecmetric(t, "", append([]string{"judge", "--jsonl", "--source", src, "--hyp", hyp, "--ref", ref}, args...)...)
		if code != 0 {
			t.Fatalf("judge %v: code %d, stderr %s", args, code, errOut)
		}
		var g []float64
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var j struct{ Grammaticality *float64 }
			if err := json.Unmarshal([]byte(line), &j); err != nil || j.Grammaticality == nil {
				t.Fatalf("judge line %q: %v", line, err)
			}
			g = append(g, *j.Grammaticality)
		}
		return g
	}
	def, user := grammaticality(), grammaticality("--model", model)
	if len(user) != len(fitItems) || slices.Equal(def, user) {
		t.Errorf("judge --model gave the default judgements: %v", user)
	}
}

func TestCalibrateFitErrors(t *testing.T) {
	good := writeFitFixture(t, false)
	missing := writeFitFixture(t, true)
	out := filepath.Join(t.TempDir(), "m.json")
	base := func(path string) []string {
		return []string{"calibrate", "fit", "--human", path, "--format", "csv", "--rating", "g=swedish/grammaticality", "--out", out}
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown scale", append(base(good), "--scale", "fluency"), "--scale fluency: no ratings on that scale"},
		{"no scale", base(good), "exactly one --scale"},
		{"bad form", append(base(good), "--scale", "grammaticality", "--form", "sideways"), `--form "sideways"`},
		{"reference without ref-system", append(base(good), "--scale", "grammaticality", "--form", "reference"), "needs --ref-system"},
		{"unknown ref-system", append(base(good), "--scale", "grammaticality", "--ref-system", "oracle"), "--ref-system oracle: no outputs of that system in " + good + " (systems with outputs: copy, full, gold, partial)"},
		{"bad lang", append(base(good), "--scale", "grammaticality", "--lang", "de"), `--lang "de"`},
		{"missing output", append(base(missing), "--scale", "grammaticality", "--ref-system", "gold"), "ratings.csv:28: item \"s04\", system \"partial\": no output text"},
		{"missing source col", append(base(good), "--scale", "grammaticality", "--source-col", "src"), "ratings.csv:2: item \"s01\", system \"copy\": no source text"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, errOut, code := gecmetric(t, "", c.args...)
			if code != 2 || !strings.Contains(errOut, c.want) {
				t.Errorf("code %d, stderr %q; want 2 and %q", code, errOut, c.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("a model was written despite the error")
			}
		})
	}
}

// The default models are fitted once for all tests of the command (about
// 30 s of CPU; long tests only): calibrate defaults and calibrate report share the fit, and
// each gets the fit's log as the first call wrote it.
func init() {
	fit := fitDefaults
	type result struct {
		fitted []judge.Fitted
		log    []byte
		err    error
	}
	var mu sync.Mutex
	memo := map[string]*result{}
	fitDefaults = func(root string, log io.Writer) ([]judge.Fitted, error) {
		mu.Lock()
		defer mu.Unlock()
		r, ok := memo[root]
		if !ok {
			var buf bytes.Buffer
			fitted, err := fit(root, &buf)
			r = &result{fitted, buf.Bytes(), err}
			memo[root] = r
		}
		log.Write(r.log)
		return r.fitted, r.err
	}
}

// TestCalibrateDefaults runs calibrate defaults over the shared data: it
// writes a file for every committed model (the same names) and prints each
// one's cross-validated agreement. (calibrate/judge's
// TestDefaultsReproducible compares the models themselves.) Long, as is
// TestCalibrateReport: both refit every default model (once, shared).
func TestCalibrateDefaults(t *testing.T) {
	testdata.Long(t)
	root := testdata.Dir(t)
	out := t.TempDir()
	stdout, errOut, code := gecmetric(t, "", "calibrate", "defaults", "--data", root, "--out", out)
	if code != 0 {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
	embedded, _ := filepath.Glob(filepath.Join("..", "..", "calibrate", "judge", "models", "*.json"))
	written, _ := filepath.Glob(filepath.Join(out, "*.json"))
	names := func(paths []string) []string {
		var n []string
		for _, p := range paths {
			n = append(n, filepath.Base(p))
		}
		return n
	}
	if len(written) == 0 || !slices.Equal(names(written), names(embedded)) {
		t.Errorf("wrote %v, embedded %v", names(written), names(embedded))
	}
	for _, p := range written {
		if strings.Contains(filepath.Base(p), "-overall-") {
			f, err := os.Open(p)
			if err != nil {
				t.Fatal(err)
			}
			m, err := calibrate.ReadRankModel(f, p)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(stdout, fmt.Sprintf("%-34s pairs %5d ", filepath.Base(p), m.Training.Pairs)) {
				t.Errorf("stdout lacks the pairs line of %s:\n%s", filepath.Base(p), stdout)
			}
			continue
		}
		m, err := calibrate.ReadModelFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(stdout, fmt.Sprintf("%-34s units %5d  CV rho %.3f", filepath.Base(p), m.CV.N, m.CV.Spearman)) {
			t.Errorf("stdout lacks the CV line of %s:\n%s", filepath.Base(p), stdout)
		}
	}
}

// TestCalibrateReport writes the validation report from the refitted
// models: its tables on stdout and a well-formed page with every plot.
func TestCalibrateReport(t *testing.T) {
	testdata.Long(t)
	root := testdata.Dir(t)
	path := filepath.Join(t.TempDir(), "report.html")
	stdout, errOut, code := gecmetric(t, "", "calibrate", "report", "--data", root, "--out", path)
	if code != 0 {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
	for _, want := range []string{"Sottana et al. (2023): agreement with the mean of the three humans", "GPT-4", "second human, doubly rated", "System level"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q", want)
		}
	}
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	checkReport(t, page, 23+1) // the 23 models on a rating scale (29 less the 6 overall rankers) and GUG held out
}

// checkReport checks that page is well-formed (it parses as XML), fetches
// nothing, holds the tables, and has two valid inline PNG plots for each
// of models.
func checkReport(t *testing.T, page []byte, models int) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(page))
	d.Strict = true
	depth := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("report is not well-formed: %v", err)
		}
		switch tok.(type) {
		case xml.StartElement:
			depth++
		case xml.EndElement:
			depth--
		}
	}
	if depth != 0 {
		t.Errorf("unbalanced elements: depth %d at the end", depth)
	}
	if bytes.Contains(page, []byte("http://")) || bytes.Contains(page, []byte("https://")) {
		t.Error("report refers to something outside itself")
	}
	for _, want := range []string{"Sottana et al. (2023)", "Östling et al. (2024)", "GUG", "System level", "<table>", "κ quadratic"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("report lacks %q", want)
		}
	}
	imgs := regexp.MustCompile(`<img [^>]*src="data:image/png;base64,([^"]+)"`).FindAllSubmatch(page, -1)
	if len(imgs) != 2*models {
		t.Errorf("%d inline images, want %d", len(imgs), 2*models)
	}
	for _, m := range imgs {
		b, err := base64.StdEncoding.DecodeString(html.UnescapeString(string(m[1])))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil || cfg.Width < 300 {
			t.Fatalf("inline image: %v, %dx%d", err, cfg.Width, cfg.Height)
		}
	}
}

// svItems are Swedish learner sentences of our own with corrections.
var svItems = [][2]string{
	{"jag har bott i sverige sedan två år .", "Jag har bott i Sverige i två år ."},
	{"Han gillar att spela fotboll med hans vänner .", "Han gillar att spela fotboll med sina vänner ."},
	{"Igår jag gick till skolan .", "Igår gick jag till skolan ."},
	{"Det är en stor hus .", "Det är ett stort hus ."},
	{"Vi måste att gå nu .", "Vi måste gå nu ."},
	{"Barnen leker i parken varje dagar .", "Barnen leker i parken varje dag ."},
	{"Jag vill att lära mig svenska .", "Jag vill lära mig svenska ."},
	{"Sverige är en land med många sjöar .", "Sverige är ett land med många sjöar ."},
	{"Jag har inte sett honom sedan förra veckan", "Jag har inte sett honom sedan förra veckan ."},
	{"Min mamma laga mat varje kväll .", "Min mamma lagar mat varje kväll ."},
	{"Om jag har tid jag ska hjälpa dig .", "Om jag har tid ska jag hjälpa dig ."},
	{"Vi åkte till stockholm med tåget .", "Vi åkte till Stockholm med tåget ."},
	{"De bodde i en gammal huset .", "De bodde i ett gammalt hus ."},
	{"Jag är intresserad i musik .", "Jag är intresserad av musik ."},
	{"Han sa att han kommer inte i morgon .", "Han sa att han inte kommer i morgon ."},
	{"hon köpte tre äpple och en banan .", "Hon köpte tre äpplen och en banan ."},
}

// TestCalibrateFitSwedishAlone fits a reference-free Swedish fluency model
// from a JSON Lines table of pre-tokenised text with its own column names,
// and judges with it.
func TestCalibrateFitSwedishAlone(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i, it := range svItems {
		for _, o := range []struct {
			sys, text string
			f         int
		}{{"copy", it[0], 1 + i%2}, {"fixed", it[1], 4 - i%3/2}} {
			line, _ := json.Marshal(map[string]any{"id": fmt.Sprint(i + 1), "sys": o.sys, "who": "r1", "src": it[0], "hyp": o.text, "f": o.f})
			b.Write(append(line, '\n'))
		}
	}
	ratings, model := filepath.Join(dir, "ratings.jsonl"), filepath.Join(dir, "fluency.json")
	os.WriteFile(ratings, []byte(b.String()), 0o644)
	out, errOut, code := gecmetric(t, "", "calibrate", "fit", "--human", ratings, "--format", "jsonl",
		"--item-col", "id", "--system-col", "sys", "--annotator-col", "who", "--source-col", "src", "--output-col", "hyp",
		"--rating", "f=swedish/fluency", "--scale", "fluency", "--lang", "sv", "--form", "alone", "--tokenized", "--folds", "4", "--out", model)
	if code != 0 {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
	if !strings.Contains(out, "# fluency (sv, alone form): 16 sentences, 32 outputs, 32 ratings by r1") || !strings.Contains(out, "judge quantity: fluency") {
		t.Errorf("stdout:\n%s", out)
	}
	m, err := calibrate.ReadModelFile(model)
	if err != nil {
		t.Fatal(err)
	}
	if m.Language != "sv" || m.Form != "alone" || m.CV.N != 32 || slices.Contains(m.Features, "oc.edits") {
		t.Errorf("model: %s %s, CV n %d, features %v", m.Language, m.Form, m.CV.N, m.Features)
	}
	var hyp []string
	for _, it := range svItems {
		hyp = append(hyp, it[0])
	}
	hypPath := filepath.Join(dir, "hyp.txt")
	os.WriteFile(hypPath, []byte(strings.Join(hyp, "\n")+"\n"), 0o644)
	fluency := func(args ...string) string {
		out, errOut, code := gecmetric(t, "", append([]string{"judge", "--jsonl", "--lang", "sv", "--hyp", hypPath}, args...)...)
		if code != 0 {
			t.Fatalf("judge: code %d, stderr %s", code, errOut)
		}
		var fs []string
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			var j struct{ Fluency *float64 }
			json.Unmarshal([]byte(line), &j)
			if j.Fluency == nil {
				t.Fatalf("no fluency in %s", line)
			}
			fs = append(fs, fmt.Sprintf("%.6f", *j.Fluency))
		}
		return strings.Join(fs, " ")
	}
	if fluency() == fluency("--model", model) {
		t.Error("judge --model gave the default fluency")
	}
	// A model of another language is refused.
	if _, errOut, code := gecmetric(t, "", "judge", "--lang", "en", "--hyp", hypPath, "--model", model); code == 0 || !strings.Contains(errOut, `a model for "sv"`) {
		t.Errorf("judge --lang en with a Swedish model: code %d, stderr %s", code, errOut)
	}
}
