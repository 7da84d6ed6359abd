package eval_test

import (
	"fmt"
	"strings"

	"github.com/gecmetric/gecmetric/edits/generic"
	"github.com/gecmetric/gecmetric/metrics/eval"
)

func lines(ss ...string) [][]string {
	out := make([][]string, len(ss))
	for i, s := range ss {
		out[i] = strings.Fields(s)
	}
	return out
}

func ExampleEvaluator() {
	set := &eval.TestSet{
		Source: lines("She go to the market every mornings .", "I am agree with this opinion ."),
		Refs: []eval.Reference{
			{Name: "ref0", Tokens: lines("She goes to the market every morning .", "I agree with this opinion .")},
			{Name: "ref1", Tokens: lines("She goes to the market each morning .", "I agree with this view .")},
		},
	}
	ev, err := eval.New(eval.Config{Lang: generic.New("en"), Version: "example"}, set)
	if err != nil {
		panic(err)
	}
	res, err := ev.Score(eval.System{Name: "sys", Tokens: lines("She goes to the market every mornings .", "I agree with this opinion .")})
	if err != nil {
		panic(err)
	}
	_, _, f := res.ERRANT.Score()
	fmt.Printf("M2 F0.5 %.4f\nERRANT TP %d FP %d FN %d F0.5 %.4f\nGLEU %.6f\n",
		res.M2.F, res.ERRANT.Counts.TP, res.ERRANT.Counts.FP, res.ERRANT.Counts.FN, f, res.GLEU.Mean)
	fmt.Println(ev.Signature())
	// Output:
	// M2 F0.5 0.9091
	// ERRANT TP 2 FP 0 FN 1 F0.5 0.9091
	// GLEU 0.348944
	// gecmetric:example|refs:2,text|tok:none|edits:en+errant+rules|m2:3.2,beta=0.5,max-unchanged=2|errant:cs,beta=0.5|gleu:n=4,iter=500,sampler=py2
}
