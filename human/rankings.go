package human

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/gecmetric/gecmetric/internal/textcheck"
	"github.com/gecmetric/gecmetric/parseerr"
)

// ReadWMTRankings reads relative rankings in the WMT CSV format (as in
// JFLEG's EACL_exp/mturk/pairwise.csv and WMT 2013-2016):
//
//	srclang,trglang,srcIndex,documentId,segmentId,judgeId,
//	system1Number,...,systemNNumber,system1Id,...,systemNId,system1rank,...,systemNrank
//
// with N ≥ 2 systems a row; rank 1 is best and equal ranks are ties. A row
// with a rank of -1 (a system not ranked) is skipped, as WMT's scripts do.
// Item is srcIndex (segmentId when srcIndex is absent), Annotator judgeId.
func ReadWMTRankings(r io.Reader, name string) ([]Ranking, error) {
	br := bufio.NewReader(r)
	if looksLikeXML(br) {
		return nil, parseErr(name, 1, 1, ErrRatingSyntax, "XML, not WMT's CSV rankings (Appraise XML is --format appraise)")
	}
	cr := csv.NewReader(textcheck.Reader(br, name))
	cr.FieldsPerRecord = -1
	hdr, err := cr.Read()
	if err == io.EOF {
		return nil, parseErr(name, 0, 0, parseerr.ErrEmptyInput, "no header")
	}
	if err != nil {
		return nil, csvErr(name, err)
	}
	col := map[string]int{}
	for i, h := range hdr {
		col[strings.TrimPrefix(strings.TrimSpace(h), "\xef\xbb\xbf")] = i
	}
	item, ok := col["srcIndex"]
	if !ok {
		if item, ok = col["segmentId"]; !ok {
			return nil, parseErr(name, 1, 0, ErrMissingColumn, "no srcIndex or segmentId column")
		}
	}
	judge, ok := col["judgeId"]
	if !ok {
		return nil, parseErr(name, 1, 0, ErrMissingColumn, "no judgeId column")
	}
	var ids, ranks []int
	for k := 1; ; k++ {
		i, ok1 := col[fmt.Sprintf("system%dId", k)]
		j, ok2 := col[fmt.Sprintf("system%drank", k)]
		if !ok1 || !ok2 {
			break
		}
		ids, ranks = append(ids, i), append(ranks, j)
	}
	if len(ids) < 2 {
		return nil, parseErr(name, 1, 0, ErrMissingColumn, "want system1Id/system1rank and system2Id/system2rank columns at least")
	}
	var out []Ranking
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, csvErr(name, err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) != len(hdr) {
			return nil, parseErr(name, line, 0, ErrRatingSyntax, "%d fields, header has %d", len(rec), len(hdr))
		}
		rk := Ranking{Item: rec[item], Annotator: rec[judge], Pos: fmt.Sprintf("%s:%d", name, line)}
		skip := false
		for k := range ids {
			v, err := strconv.Atoi(strings.TrimSpace(rec[ranks[k]]))
			if err != nil {
				return nil, parseErr(name, line, 0, ErrRatingSyntax, "system%drank %q is not an integer", k+1, rec[ranks[k]])
			}
			if v == -1 {
				skip = true
			} else if v < 1 {
				return nil, parseErr(name, line, 0, ErrRatingSyntax, "system%drank %d: ranks start at 1", k+1, v)
			}
			rk.Systems = append(rk.Systems, rec[ids[k]])
			rk.Ranks = append(rk.Ranks, v)
		}
		if !skip {
			out = append(out, rk)
		}
	}
	return out, nil
}

func csvErr(name string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &parseerr.Error{File: name, Line: pe.Line, Column: pe.Column, Err: fmt.Errorf("%w: %v", ErrRatingSyntax, pe.Err)}
	}
	return parseerr.Wrap(name, 0, 0, err)
}

// ReadAppraiseRankings reads rankings exported by the Appraise evaluation
// system, the format of the public CoNLL-2014 ranking sets (Grundkiewicz et
// al. 2015; cnap/gec-ranking's all_judgments.xml):
//
//	<appraise-results>
//	  <ranking-result source-language="en" target-language="en" id="...">
//	    <ranking-item id="62" user="annot2" doc-id="none" duration="...">
//	      <translation system="AMU" rank="4"/>
//	      <translation system="RAC,UFC" rank="1"/>
//	    </ranking-item>
//	  </ranking-result>
//	</appraise-results>
//
// A system attribute listing several systems separated by commas or white
// space (identical outputs shown once: cnap/gec-ranking uses commas,
// Grundkiewicz et al.'s judgments.xml spaces) gives each of them the rank.
// Item is the ranking-item's src-id (the judged sentence's 0-based index in
// the system outputs, as in judgments.xml), or its id when there is no
// src-id; Annotator is its user. Items marked skipped="true" (the annotator
// skipped the sentence; judgments.xml has 13) carry no ranking and are left
// out.
func ReadAppraiseRankings(r io.Reader, name string) ([]Ranking, error) {
	dec := xml.NewDecoder(textcheck.Reader(r, name))
	var out []Ranking
	var cur *Ranking
	for {
		line, _ := dec.InputPos()
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if pe, ok := errors.AsType[*parseerr.Error](err); ok {
			return nil, pe // not text (package textcheck)
		}
		if err != nil {
			l, _ := dec.InputPos()
			return nil, parseErr(name, l, 0, ErrRatingSyntax, "%v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "ranking-item":
				if cur != nil {
					return nil, parseErr(name, line, 0, ErrRatingSyntax, "nested ranking-item")
				}
				item := attr(t, "src-id")
				if item == "" {
					item = attr(t, "id")
				}
				cur = &Ranking{Item: item, Annotator: attr(t, "user"), Pos: fmt.Sprintf("%s:%d", name, line)}
				if cur.Item == "" {
					return nil, parseErr(name, line, 0, ErrMissingColumn, "ranking-item without src-id or id")
				}
				if attr(t, "skipped") == "true" {
					if err := dec.Skip(); err != nil {
						l, _ := dec.InputPos()
						return nil, parseErr(name, l, 0, ErrRatingSyntax, "%v", err)
					}
					cur = nil
				}
			case "translation":
				if cur == nil {
					return nil, parseErr(name, line, 0, ErrRatingSyntax, "translation outside a ranking-item")
				}
				sys, rs := attr(t, "system"), attr(t, "rank")
				rank, err := strconv.Atoi(strings.TrimSpace(rs))
				if err != nil || rank < 1 {
					return nil, parseErr(name, line, 0, ErrRatingSyntax, "rank %q is not a positive integer", rs)
				}
				if strings.TrimSpace(sys) == "" {
					return nil, parseErr(name, line, 0, ErrMissingColumn, "translation without system")
				}
				for _, s := range strings.FieldsFunc(sys, func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
					cur.Systems = append(cur.Systems, s)
					cur.Ranks = append(cur.Ranks, rank)
				}
			}
		case xml.EndElement:
			if t.Name.Local == "ranking-item" && cur != nil {
				if len(cur.Systems) < 2 {
					return nil, parseErr(name, line, 0, ErrRatingSyntax, "ranking-item %s ranks %d systems, want 2 or more", cur.Item, len(cur.Systems))
				}
				out = append(out, *cur)
				cur = nil
			}
		}
	}
	if cur != nil {
		return nil, parseErr(name, 0, 0, ErrRatingSyntax, "unterminated ranking-item %s", cur.Item)
	}
	return out, nil
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// looksLikeXML reports whether r's first bytes, after a byte-order mark and
// white space, open an XML tag: a file given in the wrong format.
func looksLikeXML(r *bufio.Reader) bool {
	head, _ := r.Peek(512)
	head = bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
	return len(head) > 0 && head[0] == '<'
}
