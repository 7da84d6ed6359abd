// Package degenerate makes the outputs of degenerate "systems": outputs
// that game a metric rather than correct a sentence. A metric or judge that
// ranks any of them above the unchanged input, or above a real system, can
// be fooled; gecmetric's judge learns from them (an output is preferred to
// its degenerate forms) and is tested against them.
//
// Every system maps the lines of a corpus (tokenised sentences) to outputs
// line by line, deterministically:
//
//	constant   the same unrelated fluent sentence on every line
//	other      line i+1's sentence on line i (the last line gets the first):
//	           a real, fluent sentence of the same corpus that means
//	           something else (given the references, another sentence's
//	           correction)
//	delete     every fourth word deleted (the 4th, 8th, ...)
//	truncate   the first half of the tokens (rounded up)
//	shuffle    the tokens in a random order (seeded by the line)
//	append     the sentence followed by line i+1's sentence
//	lowercase  every token lower-cased
package degenerate

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Constant is the sentence of the constant system: fluent, grammatical and
// about nothing any corpus line is about.
var Constant = strings.Fields("The committee will publish its final report on the new railway next spring .")

// Names lists the systems in a fixed order.
var Names = []string{"constant", "other", "delete", "truncate", "shuffle", "append", "lowercase"}

// Outputs returns system's outputs for lines; seed varies the shuffle.
func Outputs(system string, lines [][]string, seed uint64) ([][]string, error) {
	out := make([][]string, len(lines))
	next := func(i int) []string { return lines[(i+1)%len(lines)] }
	for i, l := range lines {
		switch system {
		case "constant":
			out[i] = Constant
		case "other":
			out[i] = next(i)
		case "delete":
			for k, t := range l {
				if (k+1)%4 != 0 {
					out[i] = append(out[i], t)
				}
			}
		case "truncate":
			out[i] = l[:(len(l)+1)/2]
		case "shuffle":
			s := append([]string(nil), l...)
			rng := rand.New(rand.NewPCG(seed, uint64(i)))
			rng.Shuffle(len(s), func(a, b int) { s[a], s[b] = s[b], s[a] })
			out[i] = s
		case "append":
			out[i] = append(append([]string(nil), l...), next(i)...)
		case "lowercase":
			for _, t := range l {
				out[i] = append(out[i], strings.ToLower(t))
			}
		default:
			return nil, fmt.Errorf("degenerate: no system %q (known: %s)", system, strings.Join(Names, ", "))
		}
		if out[i] == nil {
			out[i] = []string{}
		}
	}
	return out, nil
}
