package llmjudge_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/calibrate/llmjudge"
	"github.com/gecmetric/gecmetric/calibrate/llmjudge/llmtest"
	"github.com/gecmetric/gecmetric/human"
	"github.com/gecmetric/gecmetric/internal/testdata"
)

func sottanaDir(t *testing.T) string {
	return testdata.Dir(t, "sottana2023-gec-human-gpt4", "data", "outputs", "potato_and_GPT4_full_annotations")
}

// TestReplaySottana puts the 100 seed-000 queries of Sottana et al. (2023)
// to a server replaying GPT-4's recorded replies, through the whole path
// (prompt, HTTP, parsing, scales, cache), and checks that the answers are
// GPT-4's published ratings and give the agreement figures the published
// files give.
func TestReplaySottana(t *testing.T) {
	dir := sottanaDir(t)
	qs, replies, err := llmtest.Sottana(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != 100 || len(replies) != 100 {
		t.Fatalf("%d queries, %d replies; want 100", len(qs), len(replies))
	}
	srv := llmtest.New(replies)
	defer srv.Close()
	c := &llmjudge.Client{URL: srv.URL, Model: "gpt-4", Cache: t.TempDir(), Concurrency: 4}
	results, st, err := c.Run(context.Background(), qs)
	if err != nil {
		t.Fatal(err)
	}
	// GPT-4 answered semantics 4.5 twice; rounded half to even as the
	// authors' analysis did.
	if st.Done != 100 || st.Requests != 100 || st.Missing != 0 || st.Reasked != 0 || st.Rounded != 2 || st.CacheHits != 0 || st.IDDiffers != 0 {
		t.Errorf("stats %+v", st)
	}
	if st.PromptTokens == 0 || st.CompletionTokens == 0 {
		t.Errorf("no tokens counted: %+v", st)
	}
	all, err := human.Sottana.ReadSottanaDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	published := all.By("gpt4")
	replayed := llmjudge.Ratings(results, "gpt4")
	if len(replayed) != len(published) || len(published) != 1200 {
		t.Fatalf("%d replayed ratings, %d published", len(replayed), len(published))
	}
	for i, p := range published {
		r := replayed[i]
		if r.Item != p.Item || r.System != p.System || r.Scale != p.Scale || r.Label != p.Label || r.Value != p.Value ||
			r.Source != p.Source || r.Output != p.Output {
			t.Fatalf("rating %d: replayed %+v, published %+v", i, r, p)
		}
	}

	// Agreement with the replayed answers in place of the published ones:
	// the same figures, every one.
	humans := all.Where(func(r *human.Rating) bool { return r.Annotator != "gpt4" })
	want := agreementRows(t, all)
	got := agreementRows(t, append(humans.Where(func(*human.Rating) bool { return true }), replayed...))
	if len(got) != len(want) {
		t.Fatalf("%d rows, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row %d: replayed %s\n          published %s", i, got[i], want[i])
		}
	}
	// The figures the issue names: semantics system-rank ordinal alpha
	// 0.8778 among the three humans, 0.3438 with GPT-4 added.
	for _, c := range []struct {
		rs   human.Ratings
		want float64
	}{{humans, 0.8778}, {append(humans.Where(func(*human.Rating) bool { return true }), replayed...), 0.3438}} {
		ag, err := calibrate.Agreement(c.rs.OnScale("semantics"))
		if err != nil {
			t.Fatal(err)
		}
		if got := math.Round(ag[0].RankOrdinal*1e4) / 1e4; got != c.want {
			t.Errorf("semantics system-rank ordinal alpha %v, want %v", got, c.want)
		}
	}

	// A second run costs nothing: every answer from the cache.
	again, st2, err := c.Run(context.Background(), qs)
	if err != nil {
		t.Fatal(err)
	}
	if srv.Requests() != 100 || st2.Requests != 0 || st2.CacheHits != 100 || st2.Rounded != 2 {
		t.Errorf("second run: %d server requests in all, stats %+v", srv.Requests(), st2)
	}
	for i := range again {
		if fmt.Sprint(again[i].Answers) != fmt.Sprint(results[i].Answers) {
			t.Errorf("query %d: cached %v, asked %v", i, again[i].Answers, results[i].Answers)
		}
	}
}

// agreementRows prints every figure of Agreement and SystemMeans, as the
// agreement command does, one string per row.
func agreementRows(t *testing.T, rs human.Ratings) []string {
	t.Helper()
	ag, err := calibrate.Agreement(rs)
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, a := range ag {
		rows = append(rows, fmt.Sprintf("%s %v units %d alpha %.4f %.4f %.4f rank %.4f %.4f %.4f", a.Scale.Name, a.Annotators, a.Units,
			a.Nominal, a.Ordinal, a.Interval, a.RankNominal, a.RankOrdinal, a.RankInterval))
		for _, p := range a.Pairs {
			rows = append(rows, fmt.Sprintf("%s %s %s %d %.4f %.4f %.4f %.4f", a.Scale.Name, p.A, p.B, p.N, p.ObservedAgreement, p.Kappa, p.Linear, p.Quadratic))
		}
	}
	for _, m := range calibrate.SystemMeans(rs, false) {
		rows = append(rows, fmt.Sprintf("%s %s %s %.4f %.4f %d %d", m.Scale.Name, m.System, m.Annotator, m.Mean, m.SD, m.N, m.Other))
	}
	return rows
}
