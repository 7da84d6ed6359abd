package main

import (
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"

	"github.com/gecmetric/gecmetric/metrics/ged"
)

// A corruption is a sentence being given errors: toks with, per token,
// whether it is an error, and the clean sentence's tags and lemmas ("" for
// inserted tokens).
type corruption struct {
	toks, tags, lemmas []string
	err                []bool
	rng                *rand.Rand
}

var (
	dets      = []string{"a", "an", "the"}
	preps     = []string{"in", "on", "at", "of", "for", "to", "with", "by", "from", "about", "into"}
	agreement = map[string]string{"is": "are", "are": "is", "was": "were", "were": "was", "has": "have", "have": "has", "does": "do", "do": "does", "am": "is"}
	function  = []string{"the", "a", "to", "of", "is", "that", "in", "it", "for", "and"}
	missable  = map[string]bool{"DT": true, "IN": true, "TO": true, "MD": true, "PRP": true, "CC": true, "RP": true, "PRP$": true}
)

// kinds of error and their weights (summing to 1).
var kinds = []struct {
	w  float64
	fn func(*corruption) bool
}{
	{0.18, (*corruption).determiner},
	{0.15, (*corruption).preposition},
	{0.10, (*corruption).agreement},
	{0.10, (*corruption).verbForm},
	{0.10, (*corruption).nounNumber},
	{0.12, (*corruption).spelling},
	{0.05, (*corruption).wordOrder},
	{0.10, (*corruption).missing},
	{0.10, (*corruption).extra},
}

func (c *corruption) apply() bool {
	x := c.rng.Float64()
	for _, k := range kinds {
		if x < k.w {
			return k.fn(c)
		}
		x -= k.w
	}
	return kinds[len(kinds)-1].fn(c)
}

// pick returns a random clean position satisfying ok, or -1.
func (c *corruption) pick(ok func(i int) bool) int {
	var cand []int
	for i := range c.toks {
		if !c.err[i] && ok(i) {
			cand = append(cand, i)
		}
	}
	if len(cand) == 0 {
		return -1
	}
	return cand[c.rng.IntN(len(cand))]
}

func (c *corruption) lower(i int) string { return strings.ToLower(c.toks[i]) }

// replace sets token i to w, keeping an initial capital.
func (c *corruption) replace(i int, w string) {
	if r := []rune(c.toks[i]); len(r) > 0 && unicode.IsUpper(r[0]) && w != "" {
		w = strings.ToUpper(w[:1]) + w[1:]
	}
	c.toks[i] = w
	c.err[i] = true
}

func (c *corruption) delete(i int) {
	c.toks = slices.Delete(c.toks, i, i+1)
	c.err = slices.Delete(c.err, i, i+1)
	c.tags = slices.Delete(c.tags, i, i+1)
	c.lemmas = slices.Delete(c.lemmas, i, i+1)
	if len(c.toks) > 0 {
		c.err[min(i, len(c.toks)-1)] = true
	}
}

func (c *corruption) insert(i int, w string) {
	c.toks = slices.Insert(c.toks, i, w)
	c.err = slices.Insert(c.err, i, true)
	c.tags = slices.Insert(c.tags, i, "")
	c.lemmas = slices.Insert(c.lemmas, i, "")
}

func other(set []string, w string, rng *rand.Rand) string {
	for {
		if x := set[rng.IntN(len(set))]; x != w {
			return x
		}
	}
}

func (c *corruption) determiner() bool {
	switch c.rng.IntN(3) {
	case 0: // wrong determiner
		i := c.pick(func(i int) bool { return slices.Contains(dets, c.lower(i)) })
		if i < 0 {
			return false
		}
		c.replace(i, other(dets, c.lower(i), c.rng))
	case 1: // missing determiner
		i := c.pick(func(i int) bool { return slices.Contains(dets, c.lower(i)) && i+1 < len(c.toks) })
		if i < 0 {
			return false
		}
		c.delete(i)
	default: // extra determiner before a noun or adjective without one
		i := c.pick(func(i int) bool {
			t := c.tags[i]
			return (strings.HasPrefix(t, "NN") && t != "NNP" || strings.HasPrefix(t, "JJ")) && (i == 0 || c.tags[i-1] != "DT" && c.tags[i-1] != "PRP$" && c.tags[i-1] != "POS")
		})
		if i < 0 {
			return false
		}
		c.insert(i, dets[c.rng.IntN(len(dets))])
	}
	return true
}

func (c *corruption) preposition() bool {
	i := c.pick(func(i int) bool {
		return slices.Contains(preps, c.lower(i)) && (c.tags[i] == "IN" || c.tags[i] == "TO")
	})
	if i < 0 {
		return false
	}
	if c.rng.IntN(4) == 0 && i+1 < len(c.toks) {
		c.delete(i)
	} else {
		c.replace(i, other(preps, c.lower(i), c.rng))
	}
	return true
}

func (c *corruption) agreement() bool {
	i := c.pick(func(i int) bool {
		_, ok := agreement[c.lower(i)]
		return ok || (c.tags[i] == "VBZ" || c.tags[i] == "VBP") && c.lemmas[i] != ""
	})
	if i < 0 {
		return false
	}
	if w, ok := agreement[c.lower(i)]; ok {
		c.replace(i, w)
		return true
	}
	infl := ged.Inflections(c.lemmas[i], true)
	if len(infl) < 2 {
		return false
	}
	if c.tags[i] == "VBZ" {
		c.replace(i, infl[0]) // base form
	} else {
		c.replace(i, infl[1]) // third person singular
	}
	return true
}

func (c *corruption) verbForm() bool {
	i := c.pick(func(i int) bool { return strings.HasPrefix(c.tags[i], "VB") && c.lemmas[i] != "" && c.lower(i) != "be" })
	if i < 0 {
		return false
	}
	infl := slices.DeleteFunc(ged.Inflections(c.lemmas[i], true), func(w string) bool { return w == c.lower(i) })
	if len(infl) == 0 {
		return false
	}
	c.replace(i, infl[c.rng.IntN(len(infl))])
	return true
}

func (c *corruption) nounNumber() bool {
	i := c.pick(func(i int) bool { return (c.tags[i] == "NN" || c.tags[i] == "NNS") && c.lemmas[i] != "" })
	if i < 0 {
		return false
	}
	infl := ged.Inflections(c.lemmas[i], false)
	if len(infl) < 2 {
		return false
	}
	w := infl[1]
	if c.tags[i] == "NNS" {
		w = infl[0]
	}
	if w == c.lower(i) {
		return false
	}
	c.replace(i, w)
	return true
}

func (c *corruption) spelling() bool {
	i := c.pick(func(i int) bool {
		w := c.toks[i]
		if len(w) < 4 {
			return false
		}
		for _, r := range w {
			if r < 'a' || r > 'z' {
				return false
			}
		}
		return true
	})
	if i < 0 {
		return false
	}
	b := []byte(c.toks[i])
	k := 1 + c.rng.IntN(len(b)-1)
	switch c.rng.IntN(4) {
	case 0:
		b = slices.Delete(b, k, k+1)
	case 1:
		b = slices.Insert(b, k, b[k-1])
	case 2:
		if k+1 < len(b) {
			b[k], b[k+1] = b[k+1], b[k]
		} else {
			b[k-1], b[k] = b[k], b[k-1]
		}
	default:
		b[k] = "aeioustnrl"[c.rng.IntN(10)]
	}
	if string(b) == c.toks[i] {
		return false
	}
	c.toks[i] = string(b)
	c.err[i] = true
	return true
}

func isWordTok(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return w != ""
}

func (c *corruption) wordOrder() bool {
	i := c.pick(func(i int) bool {
		return i+1 < len(c.toks) && !c.err[i+1] && isWordTok(c.toks[i]) && isWordTok(c.toks[i+1]) && c.lower(i) != c.lower(i+1)
	})
	if i < 0 {
		return false
	}
	c.toks[i], c.toks[i+1] = c.toks[i+1], c.toks[i]
	c.tags[i], c.tags[i+1] = c.tags[i+1], c.tags[i]
	c.lemmas[i], c.lemmas[i+1] = c.lemmas[i+1], c.lemmas[i]
	c.err[i], c.err[i+1] = true, true
	return true
}

func (c *corruption) missing() bool {
	i := c.pick(func(i int) bool { return missable[c.tags[i]] && i+1 < len(c.toks) })
	if i < 0 {
		return false
	}
	c.delete(i)
	return true
}

func (c *corruption) extra() bool {
	i := c.rng.IntN(len(c.toks))
	if c.err[i] {
		return false
	}
	if c.rng.IntN(3) == 0 && isWordTok(c.toks[i]) {
		c.insert(i+1, c.toks[i]) // a doubled word
		return true
	}
	c.insert(i, function[c.rng.IntN(len(function))])
	return true
}
