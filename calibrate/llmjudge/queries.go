package llmjudge

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/gecmetric/gecmetric/human"
)

// MaxCandidates is the number of corrections per query in the protocol.
const MaxCandidates = 4

// ItemID is the id of a source sentence in the seed-000 queries: the hex
// sha256 of the lower-cased, trimmed source, as Sottana et al.'s
// add_ids_to_potato_data_files.py made them.
func ItemID(source string) string {
	h := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(source))))
	return hex.EncodeToString(h[:])
}

// Queries builds the seed-000 queries of line-aligned texts: for line i,
// the source sources[i] and the outputs outputs[h][i] of systems[h], one
// query for each group of up to MaxCandidates systems in order (so five
// systems cost two queries per line), with Line i+1 and id ItemID. Texts
// are sent as they are, not re-tokenised.
func Queries(sources []string, systems []string, outputs [][]string) ([]human.Query, error) {
	if len(systems) != len(outputs) {
		return nil, fmt.Errorf("llmjudge: %d systems and %d output lists", len(systems), len(outputs))
	}
	for h, o := range outputs {
		if len(o) != len(sources) {
			return nil, fmt.Errorf("llmjudge: system %q has %d lines, the source %d", systems[h], len(o), len(sources))
		}
	}
	var qs []human.Query
	for i, src := range sources {
		for g := 0; g < len(systems); g += MaxCandidates {
			q := human.Query{ID: ItemID(src), Source: src, Line: i + 1}
			for h := g; h < min(g+MaxCandidates, len(systems)); h++ {
				q.Systems = append(q.Systems, systems[h])
				q.Outputs = append(q.Outputs, outputs[h][i])
			}
			if err := checkQuery(q); err != nil {
				return nil, err
			}
			qs = append(qs, q)
		}
	}
	return qs, nil
}

// split cuts every query of more than MaxCandidates candidates into
// queries of up to MaxCandidates (the same id, source and line), as the
// protocol shows four corrections at a time. owner[i] is the index in qs
// of part i.
func split(qs []human.Query) (parts []human.Query, owner []int) {
	for i, q := range qs {
		for g := 0; g < len(q.Systems); g += MaxCandidates {
			p := q
			end := min(g+MaxCandidates, len(q.Systems))
			p.Systems, p.Outputs = q.Systems[g:end:end], q.Outputs[g:end:end]
			parts = append(parts, p)
			owner = append(owner, i)
		}
	}
	return parts, owner
}

// merge puts the results of the parts made by split together again, one
// per query of qs: answered when every part was, else the first part's
// error and reply; cached when every part was.
func merge(qs []human.Query, owner []int, res []Result) []Result {
	if len(res) == len(qs) {
		return res // no query was split
	}
	out := make([]Result, len(qs))
	seen := make([]bool, len(qs))
	for k, r := range res {
		i := owner[k]
		o := &out[i]
		if !seen[i] {
			seen[i] = true
			*o = Result{Query: qs[i], Cached: true}
		}
		o.Cached = o.Cached && r.Cached
		o.Rounded += r.Rounded
		o.IDDiff = o.IDDiff || r.IDDiff
		if o.Err == nil && r.Err != nil {
			o.Err, o.Reply, o.Answers = r.Err, r.Reply, nil
		}
		if o.Err == nil {
			o.Answers = append(o.Answers, r.Answers...)
			o.Reply = r.Reply
		}
	}
	return out
}

// ByLine lays out the answers of queries made by Queries: out[h][i] is
// system h's answer on line i, nil where the query went unanswered.
func ByLine(results []Result, systems []string, lines int) [][]*Answer {
	index := map[string]int{}
	for h, s := range systems {
		index[s] = h
	}
	out := make([][]*Answer, len(systems))
	for h := range out {
		out[h] = make([]*Answer, lines)
	}
	for _, r := range results {
		i := r.Query.Line - 1
		if r.Answers == nil || i < 0 || i >= lines {
			continue
		}
		for k, s := range r.Query.Systems {
			if h, ok := index[s]; ok {
				out[h][i] = &r.Answers[k]
			}
		}
	}
	return out
}

// WriteAnswers writes the answered results in the seed-000 answer format
// (gpt4_as_annotator/output.jsonl), one line per answered query:
// {"<system>": {"semantics": 5, "grammaticality": "0", "overcorrection":
// "No"}, ..., "id": "..."}, keys in query order and spaced as Python's
// json.dumps wrote the GPT-4 answers. Semantics is written as the number of
// its label (a rounded 4.5 as 4). Unanswered queries are left out.
func WriteAnswers(w io.Writer, results []Result) error {
	bw := bufio.NewWriter(w)
	for _, r := range results {
		if r.Answers == nil {
			continue
		}
		bw.WriteString("{")
		for k, s := range r.Query.Systems {
			a := r.Answers[k]
			fmt.Fprintf(bw, "%s: {\"semantics\": %s, \"grammaticality\": %s, \"overcorrection\": %s}, ",
				jsonString(s), semanticsNumber(a.Semantics), jsonString(a.Grammaticality), jsonString(a.Overcorrection))
		}
		fmt.Fprintf(bw, "\"id\": %s}\n", jsonString(r.Query.ID))
	}
	return bw.Flush()
}

func semanticsNumber(label string) string {
	if _, err := strconv.Atoi(label); err == nil {
		return label
	}
	return jsonString(label)
}

// Ratings returns the answers as ratings by annotator (say, the model's
// name) on the seed-000 scales, three per answered candidate in the order
// of Scales, with the query's texts: the form in which agreement, fitting
// and meta-evaluation take any rater's judgements.
func Ratings(results []Result, annotator string) human.Ratings {
	var out human.Ratings
	for _, r := range results {
		for k, a := range r.Answers {
			for j, l := range a.Labels() {
				sc := Scales[j]
				name, v, _, _ := sc.Parse(l)
				out = append(out, human.Rating{
					Item: r.Query.ID, Source: r.Query.Source, System: r.Query.Systems[k], Output: r.Query.Outputs[k],
					Annotator: annotator, Scale: sc, Label: name, Value: v,
					Pos: fmt.Sprintf("%s answer to query %d", annotator, r.Query.Line),
				})
			}
		}
	}
	return out
}

// RunLines puts line-aligned texts to the model (Queries, then Run) and
// lays the answers out by system and line (ByLine): answers[h][i] is
// systems[h]'s answer on line i, nil where it went unanswered.
func (c *Client) RunLines(ctx context.Context, sources []string, systems []string, outputs [][]string) ([][]*Answer, []Result, Stats, error) {
	qs, err := Queries(sources, systems, outputs)
	if err != nil {
		return nil, nil, Stats{}, err
	}
	res, st, err := c.Run(ctx, qs)
	return ByLine(res, systems, len(sources)), res, st, err
}

// WithAnswers returns rs with the answers of the seed-000 answer file at
// path (WriteAnswers, gpt4_as_annotator/output.jsonl, judge --llm-json) as
// the ratings of rater name, in place of any ratings rs has by name, so
// that a rerun stands in for published answers. The answers take the
// source and output texts of rs's ratings of the same item and system.
func WithAnswers(rs human.Ratings, name, path string) (human.Ratings, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	as, err := human.Sottana.ReadAnswers(bufio.NewReader(f), path, name)
	if err != nil {
		return nil, err
	}
	type text struct{ source, output, group string }
	texts := map[[2]string]text{}
	out := make(human.Ratings, 0, len(rs)+len(as))
	for _, r := range rs {
		if _, ok := texts[[2]string{r.Item, r.System}]; !ok {
			texts[[2]string{r.Item, r.System}] = text{r.Source, r.Output, r.Group}
		}
		if r.Annotator != name {
			out = append(out, r)
		}
	}
	for _, a := range as {
		t := texts[[2]string{a.Item, a.System}]
		a.Source, a.Output, a.Group = t.source, t.output, t.group
		out = append(out, a)
	}
	return out, nil
}
