package edits_test

import (
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
)

func TestApplyEdits(t *testing.T) {
	src := strings.Fields("He have eat the cake yesterday")
	es := []edits.Edit{
		{OStart: 5, OEnd: 6, C: nil, Type: "U:ADV"},                       // deletion, given out of order
		{OStart: 1, OEnd: 3, C: []string{"has", "eaten"}, Type: "R:VERB"}, // two for two
		{OStart: 3, OEnd: 3, C: []string{"all"}, Type: "M:DET"},           // insertion
		{OStart: 4, OEnd: 5, C: []string{"pie"}, Type: "UNK"},             // detection only
	}
	cor, out := edits.ApplyEdits(src, es)
	if got := strings.Join(cor, " "); got != "He has eaten all the cake" {
		t.Errorf("correction %q", got)
	}
	want := []string{"1-3/1-3", "3-3/3-4", "4-5/5-6", "5-6/6-6"}
	for i, e := range out {
		if got := itoa(e.OStart) + "-" + itoa(e.OEnd) + "/" + itoa(e.CStart) + "-" + itoa(e.CEnd); got != want[i] {
			t.Errorf("edit %d: %s, want %s", i, got, want[i])
		}
	}
	if strings.Join(out[2].C, " ") != "pie" {
		t.Errorf("detection edit lost its pseudo-correction: %v", out[2].C)
	}
}

func TestMinimise(t *testing.T) {
	e := edits.Minimise(edits.Edit{OStart: 1, OEnd: 3, CStart: 1, CEnd: 3, O: []string{"has", "eaten"}, C: []string{"was", "eaten"}})
	if e.OStart != 1 || e.OEnd != 2 || e.CEnd != 2 || strings.Join(e.C, " ") != "was" {
		t.Errorf("Minimise = %+v", e)
	}
	e = edits.Minimise(edits.Edit{OStart: 0, OEnd: 1, CStart: 0, CEnd: 1, O: []string{"a"}, C: []string{"a"}})
	if len(e.O) != 0 || len(e.C) != 0 || e.OStart != 1 || e.OEnd != 1 {
		t.Errorf("Minimise of identical sides = %+v", e)
	}
}

func TestReclassify(t *testing.T) {
	src := sent("He have eaten the cake .")
	gold := []edits.Edit{
		{OStart: 1, OEnd: 3, C: []string{"has", "eaten"}, Type: "Vt"},
		{OStart: 5, OEnd: 6, Type: "Wform"},
		{OStart: 4, OEnd: 5, C: []string{"cakes"}, Type: "Um"},
	}
	var got []string
	for _, e := range edits.Reclassify(xx, src, gold) {
		got = append(got, spanString(e)+":"+e.Type)
	}
	if s := strings.Join(got, " "); s != "1-2:has:R:SPELL 4-5:cakes:UNK 5-6::U:PUNCT" {
		t.Errorf("Reclassify = %s", s)
	}
	noop := []edits.Edit{edits.Noop()}
	if out := edits.Reclassify(xx, src, noop); len(out) != 1 || !out[0].IsNoop() {
		t.Errorf("noop: %v", out)
	}
}

func TestReextract(t *testing.T) {
	src := sent("He have eaten the cake .")
	gold := []edits.Edit{
		{OStart: 1, OEnd: 3, C: []string{"has", "eaten"}, Type: "Vt"},
		{OStart: 4, OEnd: 5, C: []string{"cakes"}, Type: "Um"},
		{OStart: 0, OEnd: 1, C: []string{"he"}, Type: "Mec"},
	}
	var got []string
	for _, e := range edits.Reextract(xx, src, gold, edits.Options{}) {
		got = append(got, spanString(e)+":"+e.Type)
	}
	if s := strings.Join(got, " "); s != "0-1:he:R:ORTH 1-2:has:R:SPELL 4-5:cakes:UNK" {
		t.Errorf("Reextract = %s", s)
	}
}
