package main

import (
	"fmt"
	"log"
	"strings"

	"github.com/gecmetric/gecmetric/calibrate/judge"
)

// gamingTie is how far above the input a degenerate system may score and
// still count as "with" it.
const gamingTie = 0.005

func gaming(root string) {
	j, err := judge.New("en")
	if err != nil {
		log.Fatal(err)
	}
	cs, err := judge.LoadGamingCorpora(root, 0)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("\n## Gaming: degenerate systems over the sources, judged by the embedded models (mean overall, best first; " + judge.GamingOracle + ": per sentence, the degenerate output the judge scores highest)")
	for _, c := range cs {
		for _, refs := range []bool{true, false} {
			rows, err := judge.Gaming(j, c, refs)
			if err != nil {
				log.Fatal(err)
			}
			var cells []string
			for i, r := range rows {
				mark := ""
				switch r.Kind {
				case "input":
					mark = "**"
				case "degenerate", "oracle":
					mark = "_"
				}
				cells = append(cells, fmt.Sprintf("%d %s%s%s %.3f", i+1, mark, r.System, mark, r.Mean))
			}
			v := judge.GamingVerdict(rows, gamingTie)
			verdict := "every degenerate system, and the best of them per sentence, below every real system and below (or within 0.005 of) the input"
			if len(v) > 0 {
				verdict = "FAILS: " + strings.Join(v, "; ")
			}
			fmt.Printf("\n%s, %s: %s\n\n%s\n", c.Name, map[bool]string{true: "with references", false: "without references"}[refs], verdict, strings.Join(cells, " · "))
		}
	}
}
