package en

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
)

var ptbMap = map[string]string{"#": "SYM", "$": "SYM", "''": "PUNCT", ",": "PUNCT", "-LRB-": "PUNCT", "-RRB-": "PUNCT", ".": "PUNCT", ":": "PUNCT", "AFX": "ADJ", "CC": "CONJ", "CD": "NUM", "DT": "DET", "EX": "ADV", "FW": "X", "HYPH": "PUNCT", "IN": "PREP", "JJ": "ADJ", "JJR": "ADJ", "JJS": "ADJ", "LS": "PUNCT", "MD": "VERB", "NIL": "X", "NN": "NOUN", "NNP": "NOUN", "NNPS": "NOUN", "NNS": "NOUN", "PDT": "DET", "POS": "PART", "PRP": "PRON", "PRP$": "DET", "RB": "ADV", "RBR": "ADV", "RBS": "ADV", "RP": "PART", "SYM": "SYM", "TO": "PART", "UH": "INTJ", "VB": "VERB", "VBD": "VERB", "VBG": "VERB", "VBN": "VERB", "VBP": "VERB", "VBZ": "VERB", "WDT": "DET", "WP": "PRON", "WP$": "DET", "WRB": "ADV", "``": "PUNCT", `""`: "PUNCT", "SP": "SPACE", "ADD": "X", "GW": "X", "NFP": "X", "XX": "X"}

var depMap = map[string]string{"acomp": "ADJ", "amod": "ADJ", "advmod": "ADV", "det": "DET", "prep": "PREP", "prt": "PART", "punct": "PUNCT"}

func oneSided(toks []edits.Token) string {
	if len(toks) == 1 {
		t := toks[0]
		if t.Tag == "POS" {
			return "NOUN:POSS"
		}
		switch t.Lower {
		case "'d", "'ll", "'m", "n't", "'re", "'s", "'ve":
			return "CONTR"
		}
		if t.Lower == "to" && t.POS == "PART" && t.Dep != "prep" {
			return "VERB:FORM"
		}
	}
	allAux := true
	posSet := map[string]bool{}
	depSet := map[string]bool{}
	for _, t := range toks {
		if t.Dep != "aux" && t.Dep != "auxpass" {
			allAux = false
		}
		p := ptbMap[t.Tag]
		posSet[p] = true
		depSet[t.Dep] = true
	}
	if allAux {
		return "VERB:TENSE"
	}
	if len(posSet) == 1 {
		p := ptbMap[toks[0].Tag]
		if p != "INTJ" && p != "NUM" && p != "SYM" && p != "X" {
			return p
		}
	}
	if len(depSet) == 1 {
		if m, ok := depMap[toks[0].Dep]; ok {
			return m
		}
	}
	if len(posSet) == 2 && posSet["PART"] && posSet["VERB"] {
		return "VERB"
	}
	return "OTHER"
}

func readLines(t *testing.T, p string) [][]string {
	f, err := os.Open(p)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		out = append(out, strings.Fields(sc.Text()))
	}
	return out
}

type m2edit struct {
	a, b int
	typ  string
	c    []string
}

func readM2(t *testing.T, p string) [][]m2edit {
	f, err := os.Open(p)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	var out [][]m2edit
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "S ") {
			out = append(out, nil)
		} else if strings.HasPrefix(l, "A ") {
			parts := strings.Split(l[2:], "|||")
			sp := strings.Fields(parts[0])
			a, _ := strconv.Atoi(sp[0])
			b, _ := strconv.Atoi(sp[1])
			if parts[1] == "noop" {
				continue
			}
			var c []string
			if parts[2] != "-NONE-" && parts[2] != "" {
				c = strings.Fields(parts[2])
			}
			out[len(out)-1] = append(out[len(out)-1], m2edit{a, b, parts[1], c})
		}
	}
	return out
}

func TestProbe(t *testing.T) {
	dir := "/work/shared/data/conll14-errant/"
	src := readLines(t, dir+"text/source.txt")
	l := New()
	srcAnn := make([]*edits.Sentence, len(src))
	for i, s := range src {
		srcAnn[i] = l.Annotate(s)
	}
	conf := map[string]int{}
	total, agree := 0, 0
	lemTotal, lemAgree := 0, 0
	lemConf := map[string]int{}
	morphTotal, morphAgree := 0, 0
	morphConf := map[string]int{}
	var bad []string
	for _, sys := range []string{"AMU", "CAMB", "CUUI", "IITB", "IPN"} {
		cor := readLines(t, dir+"text/"+sys+".txt")
		m2 := readM2(t, dir+"m2/"+sys+".m2")
		for i := range src {
			cAnn := l.Annotate(cor[i])
			off := 0
			for _, e := range m2[i] {
				cs := e.a + off
				ce := cs + len(e.c)
				off += len(e.c) - (e.b - e.a)
				typ := e.typ[2:]
				var toks []edits.Token
				switch e.typ[0] {
				case 'M':
					toks = cAnn.Tokens[cs:ce]
				case 'U':
					if len(e.c) > 0 {
						continue
					}
					toks = srcAnn[i].Tokens[e.a:e.b]
				case 'R':
					if e.b-e.a == 1 && len(e.c) == 1 {
						o, c := srcAnn[i].Tokens[e.a], cAnn.Tokens[cs]
						same := o.Lemma == c.Lemma
						var want int
						switch typ {
						case "NOUN:NUM", "VERB:SVA", "ADJ:FORM", "NOUN:INFL", "VERB:INFL", "VERB:FORM":
							want = 1
						case "NOUN", "VERB", "ADJ", "ADV":
							want = 0
						default:
							continue
						}
						if typ == "VERB:FORM" && (o.Lower == "to" || c.Lower == "to") {
							continue
						}
						if same && typ != "NOUN:INFL" && typ != "VERB:INFL" {
							mt := morphType(srcAnn[i], cAnn, e.a, cs)
							morphTotal++
							if mt == typ {
								morphAgree++
							} else {
								morphConf[fmt.Sprintf("%s -> %s: %s/%s/%s -> %s/%s/%s  || %s || %s", typ, mt, o.Text, o.Tag, o.Dep, c.Text, c.Tag, c.Dep, ctx(srcAnn[i], e.a), ctx(cAnn, cs))]++
							}
						}
						lemTotal++
						if (want == 1) == same {
							lemAgree++
						} else {
							lemConf[fmt.Sprintf("%s same=%v %s/%s/%s -> %s/%s/%s", typ, same, o.Text, o.Tag, o.Lemma, c.Text, c.Tag, c.Lemma)]++
						}
					}
					continue
				}
				got := oneSided(toks)
				total++
				if got == typ {
					agree++
				} else {
					conf[typ+" -> "+got]++
					if len(bad) < 4000 {
						var b strings.Builder
						for _, tk := range toks {
							fmt.Fprintf(&b, "%s/%s/%s ", tk.Text, tk.Tag, tk.Dep)
						}
						bad = append(bad, fmt.Sprintf("%s want %s got %s: %s", e.typ[:1], typ, got, b.String()))
					}
				}
			}
		}
	}
	t.Logf("one-sided agreement %d/%d = %.4f", agree, total, float64(agree)/float64(total))
	t.Logf("1:1 morph type agreement %d/%d = %.4f", morphAgree, morphTotal, float64(morphAgree)/float64(morphTotal))
	if os.Getenv("PROBE_BAD") != "" {
		for k, v := range morphConf {
			fmt.Println("MORPH", v, k)
		}
	}
	t.Logf("1:1 lemma agreement %d/%d = %.4f", lemAgree, lemTotal, float64(lemAgree)/float64(lemTotal))
	type kv struct {
		k string
		v int
	}
	var kvs []kv
	for k, v := range conf {
		kvs = append(kvs, kv{k, v})
	}
	sort.Slice(kvs, func(i, j int) bool { return kvs[i].v > kvs[j].v })
	for _, x := range kvs {
		t.Logf("%5d %s", x.v, x.k)
	}
	if os.Getenv("PROBE_BAD") != "" {
		for _, b := range bad {
			fmt.Println(b)
		}
		for k, v := range lemConf {
			fmt.Println("LEM", v, k)
		}
	}
}

func precededByAux(o, c *edits.Sentence, oi, ci int) bool {
	ot, ct := o.Tokens[oi], c.Tokens[ci]
	if strings.HasPrefix(ot.Dep, "aux") && strings.HasPrefix(ct.Dep, "aux") {
		oh, ch := auxHead(o, oi), auxHead(c, ci)
		oc := auxChildren(o, oh)
		cc := auxChildren(c, ch)
		if oh < 0 || ch < 0 {
			return false
		}
		for _, x := range oc {
			if o.Tokens[x].Text != ot.Text {
				for _, y := range cc {
					if c.Tokens[y].Text != ct.Text {
						return true
					}
					break
				}
			}
			break
		}
		return false
	}
	return len(auxChildren(o, oi)) > 0 && len(auxChildren(c, ci)) > 0
}

func morphType(o, c *edits.Sentence, oi, ci int) string {
	ot, ct := o.Tokens[oi], c.Tokens[ci]
	op, cp := ptbMap[ot.Tag], ptbMap[ct.Tag]
	open := map[string]bool{"ADJ": true, "ADV": true, "NOUN": true, "VERB": true}
	if !open[op] || !open[cp] {
		return "notopen"
	}
	if op == cp {
		switch op {
		case "ADJ":
			return "ADJ:FORM"
		case "NOUN":
			return "NOUN:NUM"
		case "VERB":
			if precededByAux(o, c, oi, ci) {
				return "VERB:FORM"
			}
			if ot.Tag == "VBG" || ot.Tag == "VBN" || ct.Tag == "VBG" || ct.Tag == "VBN" {
				return "VERB:FORM"
			}
			if ot.Tag == "VBD" || ct.Tag == "VBD" {
				return "VERB:TENSE"
			}
			if ot.Tag == "VBZ" || ct.Tag == "VBZ" {
				return "VERB:SVA"
			}
			if strings.HasPrefix(ot.Dep, "aux") && strings.HasPrefix(ct.Dep, "aux") {
				return "VERB:TENSE"
			}
		}
	}
	if (ot.Dep == "acomp" || ot.Dep == "amod") && (ct.Dep == "acomp" || ct.Dep == "amod") {
		return "ADJ:FORM"
	}
	if op == "ADJ" && ct.Tag == "NNS" {
		return "NOUN:NUM"
	}
	switch ct.Tag {
	case "VBG", "VBN":
		return "VERB:FORM"
	case "VBD":
		return "VERB:TENSE"
	case "VBZ":
		return "VERB:SVA"
	}
	return "MORPH"
}

func ctx(s *edits.Sentence, i int) string {
	var b strings.Builder
	for j := max(0, i-3); j < min(len(s.Tokens), i+3); j++ {
		if j == i {
			b.WriteString("*")
		}
		fmt.Fprintf(&b, "%s/%s ", s.Tokens[j].Text, s.Tokens[j].Tag)
	}
	return b.String()
}
