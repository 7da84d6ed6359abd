package m2_test

import (
	"fmt"
	"github.com/gecmetric/gecmetric/edits"
	"os"
	"strings"

	"github.com/gecmetric/gecmetric/metrics/m2"
)

const exampleGold = `S This are a sentence with two error .
A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0
A 6 7|||R:NOUN:NUM|||errors|||REQUIRED|||-NONE-|||0
A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||1

S Nothing to fix here .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

`

func Example() {
	gold, err := m2.ReadGold(strings.NewReader(exampleGold), "gold.m2")
	if err != nil {
		fmt.Println(err)
		return
	}
	hyps := [][]string{
		m2.Tokenize("This is a sentence with two error ."),
		m2.Tokenize("Nothing to fix there ."),
	}
	res, err := m2.Score(gold, hyps, m2.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(res)
	for i, s := range res.Sentences {
		fmt.Printf("sentence %d: annotator %d, correct/proposed/gold %v\n", i+1, s.Annotators[s.Chosen].ID, s.Stats())
	}
	// Output:
	// Precision   : 0.5000
	// Recall      : 1.0000
	// F_0.5       : 0.5556
	// sentence 1: annotator 1, correct/proposed/gold [1 1 1]
	// sentence 2: annotator 0, correct/proposed/gold [0 1 0]
}

func ExampleResult_WriteVerbose() {
	gold, _ := m2.ReadGold(strings.NewReader(exampleGold), "gold.m2")
	hyps := [][]string{m2.Tokenize("This is a sentence with two errors ."), m2.Tokenize("Nothing to fix here .")}
	res, _ := m2.Score(gold[:1], hyps[:1], m2.Options{})
	res.WriteVerbose(os.Stdout, gold[:1], hyps[:1])
	// Output:
	// >> Annotator: 0
	// SOURCE        : This are a sentence with two error .
	// HYPOTHESIS    : This is a sentence with two errors .
	// EDIT SEQ      : [(1, 2, u'are', u'is'), (6, 7, u'error', u'errors')]
	// GOLD EDITS    : [(1, 2, u'are', [u'is']), (6, 7, u'error', [u'errors'])]
	// CORRECT EDITS : [(1, 2, u'are', u'is'), (6, 7, u'error', u'errors')]
	// # correct     : 2
	// # proposed    : 2
	// # gold        : 2
	// precision     : 1.0
	// recall        : 1.0
	// f_0.5         : 1.0
	// -------------------------------------------
	// >> Annotator: 1
	// SOURCE        : This are a sentence with two error .
	// HYPOTHESIS    : This is a sentence with two errors .
	// EDIT SEQ      : [(1, 2, u'are', u'is'), (6, 7, u'error', u'errors')]
	// GOLD EDITS    : [(1, 2, u'are', [u'is'])]
	// CORRECT EDITS : [(1, 2, u'are', u'is')]
	// # correct     : 1
	// # proposed    : 2
	// # gold        : 1
	// precision     : 0.5
	// recall        : 1.0
	// f_0.5         : 0.555555555556
	// -------------------------------------------
	// >> Chosen Annotator for line 1 : 0
	//
	// CORRECT EDITS  : 2
	// PROPOSED EDITS : 2
	// GOLD EDITS     : 2
	// P = 1.0
	// R = 1.0
	// F_0.5 = 1.0
}

// NewSentence builds the gold from edits read elsewhere (for example from
// corpora's M2 blocks), with the scorer's rules.
func ExampleNewSentence() {
	src := m2.Tokenize("He go to school yesterday .")
	gold := []m2.Sentence{m2.NewSentence(src, []m2.Annotation{
		{Edit: edits.Edit{OStart: 1, OEnd: 2, C: []string{"went"}, Type: "R:VERB:TENSE"}, Coder: 0},
		{Edit: edits.Edit{OStart: 1, OEnd: 2, Alternatives: []string{"went", "has gone"}, C: []string{"went"}, Type: "R:VERB"}, Coder: 1},
	})}
	res, _ := m2.Score(gold, [][]string{m2.Tokenize("He has gone to school yesterday .")}, m2.Options{})
	s := res.Sentences[0]
	fmt.Println(s.Annotators[s.Chosen].ID, s.Annotators[s.Chosen].Correct)
	// Output:
	// 1 [{1 2 go has gone}]
}
