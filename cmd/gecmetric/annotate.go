package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"text/tabwriter"

	"github.com/urfave/cli/v3"

	"github.com/gecmetric/gecmetric/annotate"
	"github.com/gecmetric/gecmetric/calibrate"
	"github.com/gecmetric/gecmetric/internal/atomicfile"
)

// annotateCommand is `gecmetric annotate`: the post-edit annotation
// procedure of seeds 001/004 as a local web app.
func annotateCommand(e *env) *cli.Command {
	dbFlag := &cli.StringFlag{Name: "db", Usage: "task database `FILE` (SQLite)", Required: true}
	newDBFlag := &cli.StringFlag{Name: "db", Usage: "task database `FILE` (SQLite) to create", Required: true, Action: outputPath}
	baseFlag := &cli.StringFlag{Name: "base", Usage: "base `URL` of the annotator links", Value: "http://127.0.0.1:8080"}
	return &cli.Command{
		Name:  "annotate",
		Usage: "collect human ratings and post-edits in a local web app",
		Description: "The procedure of the Swedish GEC evaluation (post-edit each output, rate grammaticality and\n" +
			"fluency, Save to see the reference, rate meaning, Confirm), or the seed 000 / seed 003 scale sets.\n" +
			"Ratings are stored in an SQLite file; each Confirm is one transaction.",
		Commands: []*cli.Command{
			{
				Name:      "init",
				Usage:     "create a task database from a source, system outputs and references",
				ArgsUsage: " ",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "source", Usage: "source sentences `FILE`, one per line", Required: true},
					&cli.StringSliceFlag{Name: "hyp", Aliases: []string{"output"}, Usage: "system output as `NAME=FILE` (repeat), as --hyp names outputs everywhere else (--output: the earlier name)", Required: true},
					&cli.StringFlag{Name: "ref", Usage: "reference `FILE` revealed after Save"},
					&cli.BoolFlag{Name: "show-tokens", Usage: "show raters the text as tokenised in the files (\"changes .\"); by default they see it detokenised (\"changes.\") and post-edit that, which the database and exports keep"},
					&cli.StringFlag{Name: "scales", Usage: "scale set: swell (seeds 001/004), llm-judge (seed 000), grue (seed 003); the names --rating SET/SCALE reads back", Value: "swell"},
					newDBFlag,
					&cli.StringSliceFlag{Name: "annotator", Usage: "add an annotator `NAME` and print their link (repeat)"},
					baseFlag,
				},
				Action: func(ctx context.Context, c *cli.Command) error {
					display := annotate.DisplayDetokenized
					if c.Bool("show-tokens") {
						display = ""
					}
					t, err := annotate.CreateTask(c.String("db"), annotate.Init{Scales: c.String("scales"),
						Source: c.String("source"), Ref: c.String("ref"), Outputs: c.StringSlice("hyp"), Display: display})
					if err != nil {
						return err
					}
					fmt.Fprintf(e.stderr, "gecmetric: created %s: %d items, %d systems, %s scales\n",
						c.String("db"), len(t.Items), len(c.StringSlice("hyp")), t.Protocol.Name)
					return printLinks(e.stdout, c.String("db"), c.StringSlice("annotator"), c.String("base"))
				},
			},
			{
				Name:      "annotators",
				Usage:     "list the annotators' links, adding new annotators first",
				ArgsUsage: "[NAME...]",
				Flags:     []cli.Flag{dbFlag, baseFlag},
				Action: func(ctx context.Context, c *cli.Command) error {
					return printLinks(e.stdout, c.String("db"), c.Args().Slice(), c.String("base"))
				},
			},
			{
				Name:  "serve",
				Usage: "serve the annotation page (localhost only unless --addr says otherwise)",
				Flags: []cli.Flag{
					dbFlag,
					&cli.StringFlag{Name: "addr", Usage: "listen `ADDRESS`", Value: "127.0.0.1:8080"},
				},
				Action: func(ctx context.Context, c *cli.Command) error {
					s, err := annotate.Start(c.String("db"), c.String("addr"))
					if err != nil {
						return err
					}
					if s.Public {
						fmt.Fprintf(e.stderr, "gecmetric: warning: listening on %s, reachable from other machines; tokens travel unencrypted\n", s.Listener.Addr())
					}
					fmt.Fprintf(e.stderr, "gecmetric: serving %s on %s (Ctrl-C to stop)\n", c.String("db"), s.Base)
					if len(s.Annotators) == 0 {
						fmt.Fprintf(e.stderr, "gecmetric: hint: no annotators yet: gecmetric annotate annotators --db %s NAME\n", c.String("db"))
					}
					for _, a := range s.Annotators {
						fmt.Fprintf(e.stderr, "  %s\t%s\n", a.Name, annotate.Link(s.Base, a))
					}
					ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
					defer stop()
					return s.Serve(ctx, e.stderr)
				},
			},
			{
				Name:      "import",
				Usage:     "import annotator files of the Swedish format (creating the database if needed)",
				ArgsUsage: "FILE.json...",
				Flags: []cli.Flag{&cli.StringFlag{Name: "db", Usage: "task database `FILE` (SQLite), created from the first file if missing",
					Required: true, Action: outputPath}},
				Action: func(ctx context.Context, c *cli.Command) error {
					if c.Args().Len() == 0 {
						return usageError{errors.New("annotate import: name at least one annotator file")}
					}
					return annotate.ImportSwellFiles(ctx, c.String("db"), c.Args().Slice())
				},
			},
			{
				Name:  "export",
				Usage: "write the confirmed ratings as Swedish-format JSON or as JSON Lines",
				Flags: []cli.Flag{
					dbFlag,
					&cli.StringFlag{Name: "format", Usage: "swell-json or jsonl", Value: "jsonl"},
					&cli.StringFlag{Name: "annotator", Usage: "only this annotator `NAME` (swell-json to stdout needs one)"},
					&cli.StringFlag{Name: "out", Usage: "jsonl: write the JSON Lines to this `FILE` instead of stdout; swell-json: write DIR/NAME.json for each annotator"},
				},
				Action: func(ctx context.Context, c *cli.Command) error {
					out := c.String("out")
					if c.String("format") == "jsonl" && out != "" {
						// -o is the file the output goes to, as everywhere.
						if err := atomicfile.Check(out); err != nil {
							return err
						}
						return atomicfile.Write(out, func(w io.Writer) error {
							return annotate.Export(w, c.String("db"), "jsonl", c.String("annotator"), "")
						})
					}
					if out != "" {
						if err := atomicfile.CheckDir(out); err != nil {
							return err
						}
					}
					return annotate.Export(e.stdout, c.String("db"), c.String("format"), c.String("annotator"), out)
				},
			},
			{
				Name:  "agreement",
				Usage: "weighted kappa and Krippendorff's alpha between annotators; edit distance to post-edits per system",
				Flags: []cli.Flag{dbFlag},
				Action: func(ctx context.Context, c *cli.Command) error {
					scales, dists, err := annotate.AgreementOf(c.String("db"))
					if err != nil {
						return err
					}
					if len(scales) == 0 {
						fmt.Fprintf(e.stderr, "gecmetric: %s holds no confirmed ratings yet\n", c.String("db"))
						return nil
					}
					printAnnotateAgreement(e.stdout, scales, dists)
					return nil
				},
			},
		},
	}
}

// printLinks adds the named annotators to the task at path and prints
// every annotator's link.
func printLinks(w io.Writer, path string, names []string, base string) error {
	as, err := annotate.AddAnnotators(path, names)
	if err != nil {
		return err
	}
	for _, a := range as {
		fmt.Fprintf(w, "%s\t%s\n", a.Name, annotate.Link(base, a))
	}
	return nil
}

func printAnnotateAgreement(w io.Writer, scales []calibrate.AgreementResult, dists []calibrate.PostEditScore) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "scale\tannotators\tunits\tstatistic\tvalue")
	for _, s := range scales {
		fmt.Fprintf(tw, "%s\tall\t%d\tKrippendorff alpha (ordinal)\t%s\n", s.Scale.Name, s.Units, num(s.Ordinal))
		fmt.Fprintf(tw, "%s\tall\t%d\tKrippendorff alpha (interval)\t%s\n", s.Scale.Name, s.Units, num(s.Interval))
		for _, p := range s.Pairs {
			fmt.Fprintf(tw, "%s\t%s-%s\t%d\tCohen kappa (linear)\t%s\n", s.Scale.Name, p.A, p.B, p.N, num(p.Linear))
			fmt.Fprintf(tw, "%s\t%s-%s\t%d\tCohen kappa (quadratic)\t%s\n", s.Scale.Name, p.A, p.B, p.N, num(p.Quadratic))
		}
	}
	tw.Flush()
	if len(dists) == 0 {
		return
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "system\tpost-edits\tmean normalised edit distance (characters)")
	for _, d := range dists {
		fmt.Fprintf(tw, "%s\t%d\t%.4f\n", d.System, d.N, d.Mean)
	}
	tw.Flush()
}
