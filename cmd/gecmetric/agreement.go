package main

import (
	"context"
	"fmt"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/human"
)

func agreementCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "agreement",
		Usage: "inter-annotator agreement per scale and system means per annotator",
		Description: "For every scale of --human: Krippendorff's alpha (nominal, ordinal, interval) over all\n" +
			"annotators, the same over the annotators' rankings of the systems by mean rating (as Sottana et\n" +
			"al. 2023 report it), and Cohen's kappa (unweighted, linear, quadratic) for every pair, over units\n" +
			"(item, system) both rated; Other is a missing value. Then each annotator's mean, population\n" +
			"standard deviation and count per system, Other counted apart and never averaged. With a\n" +
			"ranking format (wmt, appraise): pairwise win/loss/tie counts, Expected Wins and TrueSkill per\n" +
			"system, overall and per annotator. --answers NAME=FILE adds a model's seed-000 answers (judge\n" +
			"--llm-url --llm-answers, or gecmetric's own judge --llm-json) as rater NAME.",
		Flags: append(humanFlags(),
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "TrueSkill match-order seed (ranking formats)"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON"},
			answersFlag(),
		),
		Action: func(ctx context.Context, cmd *cli.Command) error {
			if human.IsRankingFormat(cmd.String("format")) {
				rk, err := human.ReadRankings(cmd.String("human"), cmd.String("format"))
				if err != nil {
					return err
				}
				return printRankings(e.stdout, len(rk), calibrate.RankSystemsByAnnotator(rk, cmd.Uint64("seed")), cmd.Uint64("seed"), cmd.Bool("json"))
			}
			rs, err := selection(cmd).ReadRatings()
			if err != nil {
				return err
			}
			if rs, err = withAnswers(cmd, rs); err != nil {
				return err
			}
			ag, err := calibrate.Agreement(rs)
			if err != nil {
				return err
			}
			means := calibrate.SystemMeans(rs, false)
			if cmd.Bool("json") {
				return writeJSON(e.stdout, agreementJSON(ag, means))
			}
			printAgreement(e.stdout, ag, means)
			return nil
		},
	}
}

func printAgreement(w io.Writer, ag []calibrate.AgreementResult, means []calibrate.SystemScore) {
	for _, a := range ag {
		fmt.Fprintf(w, "# %s (%s): %d annotators, %d units rated by two or more\n", a.Scale.Name, a.Scale.Direction, len(a.Annotators), a.Units)
		fmt.Fprintf(w, "krippendorff_alpha nominal %s ordinal %s interval %s\n", num(a.Nominal), num(a.Ordinal), num(a.Interval))
		fmt.Fprintf(w, "system_rank_alpha  nominal %s ordinal %s interval %s\n", num(a.RankNominal), num(a.RankOrdinal), num(a.RankInterval))
		if len(a.Pairs) > 0 {
			fmt.Fprintf(w, "%-26s %-26s %5s %8s %8s %8s %8s\n", "annotator_a", "annotator_b", "n", "agree", "kappa", "linear", "quadr")
			for _, p := range a.Pairs {
				fmt.Fprintf(w, "%-26s %-26s %5d %8s %8s %8s %8s\n", p.A, p.B, p.N, num(p.ObservedAgreement), num(p.Kappa), num(p.Linear), num(p.Quadratic))
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, "# system means per annotator (population sd; Other not averaged)")
	fmt.Fprintf(w, "%-16s %-20s %-26s %8s %8s %5s %5s\n", "scale", "system", "annotator", "mean", "sd", "n", "other")
	for _, m := range means {
		fmt.Fprintf(w, "%-16s %-20s %-26s %8s %8s %5d %5d\n", m.Scale.Name, m.System, m.Annotator, num(m.Mean), num(m.SD), m.N, m.Other)
	}
}

func agreementJSON(ag []calibrate.AgreementResult, means []calibrate.SystemScore) any {
	type pair struct {
		A, B      string
		N         int
		Agree     jsonNum `json:"observed_agreement"`
		Kappa     jsonNum `json:"kappa"`
		Linear    jsonNum `json:"kappa_linear"`
		Quadratic jsonNum `json:"kappa_quadratic"`
	}
	type scale struct {
		Scale      string   `json:"scale"`
		Annotators []string `json:"annotators"`
		Units      int      `json:"units"`
		Nominal    jsonNum  `json:"alpha_nominal"`
		Ordinal    jsonNum  `json:"alpha_ordinal"`
		Interval   jsonNum  `json:"alpha_interval"`
		RankNom    jsonNum  `json:"system_rank_alpha_nominal"`
		RankOrd    jsonNum  `json:"system_rank_alpha_ordinal"`
		RankInt    jsonNum  `json:"system_rank_alpha_interval"`
		Pairs      []pair   `json:"pairs"`
	}
	type mean struct {
		Scale     string  `json:"scale"`
		System    string  `json:"system"`
		Annotator string  `json:"annotator"`
		Mean      jsonNum `json:"mean"`
		SD        jsonNum `json:"sd"`
		N         int     `json:"n"`
		Other     int     `json:"other"`
	}
	out := struct {
		Agreement []scale `json:"agreement"`
		Means     []mean  `json:"system_means"`
	}{}
	for _, a := range ag {
		s := scale{Scale: a.Scale.Name, Annotators: a.Annotators, Units: a.Units,
			Nominal: jsonNum(a.Nominal), Ordinal: jsonNum(a.Ordinal), Interval: jsonNum(a.Interval),
			RankNom: jsonNum(a.RankNominal), RankOrd: jsonNum(a.RankOrdinal), RankInt: jsonNum(a.RankInterval)}
		for _, p := range a.Pairs {
			s.Pairs = append(s.Pairs, pair{p.A, p.B, p.N, jsonNum(p.ObservedAgreement), jsonNum(p.Kappa), jsonNum(p.Linear), jsonNum(p.Quadratic)})
		}
		out.Agreement = append(out.Agreement, s)
	}
	for _, m := range means {
		out.Means = append(out.Means, mean{m.Scale.Name, m.System, m.Annotator, jsonNum(m.Mean), jsonNum(m.SD), m.N, m.Other})
	}
	return out
}

func printRankings(w io.Writer, n int, groups []calibrate.AnnotatorRanks, seed uint64, asJSON bool) error {
	type row struct {
		Annotator    string  `json:"annotator"`
		System       string  `json:"system"`
		Wins         int     `json:"wins"`
		Losses       int     `json:"losses"`
		Ties         int     `json:"ties"`
		ExpectedWins jsonNum `json:"expected_wins"`
		Mu           float64 `json:"trueskill_mu"`
		Sigma        float64 `json:"trueskill_sigma"`
	}
	var rows []row
	for _, g := range groups {
		for _, s := range g.Systems {
			rows = append(rows, row{g.Annotator, s.System, s.Wins, s.Losses, s.Ties, jsonNum(s.ExpectedWins), s.Mu, s.Sigma})
		}
	}
	if asJSON {
		return writeJSON(w, rows)
	}
	fmt.Fprintf(w, "# %d rankings; TrueSkill with WMT parameters, matches shuffled with seed %d\n", n, seed)
	fmt.Fprintf(w, "%-16s %-12s %6s %6s %6s %8s %8s %8s\n", "annotator", "system", "wins", "losses", "ties", "exp_wins", "ts_mu", "ts_sigma")
	for _, r := range rows {
		fmt.Fprintf(w, "%-16s %-12s %6d %6d %6d %8s %8.3f %8.3f\n", r.Annotator, r.System, r.Wins, r.Losses, r.Ties, num(float64(r.ExpectedWins)), r.Mu, r.Sigma)
	}
	return nil
}
