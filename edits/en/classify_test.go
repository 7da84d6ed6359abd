package en

import (
	"testing"

	"github.com/gecmetric/gecmetric/edits"
)

// classifyCase is one edit of a hand-annotated sentence pair.
type classifyCase struct {
	name   string
	o, c   string // annotated sentences, see handTagged
	span   [4]int // OStart, OEnd, CStart, CEnd
	want   string
	family string // the rule (family) expected to decide
}

// The examples of ERRANT's type table (Bryant et al. 2017, ERRANT's
// README) in sentences of our own, with the tags, lemmas and labels spaCy
// gives them, and further rows for each rule family.
var classifyCases = []classifyCase{
	// Missing and unnecessary tokens (one-sided rules).
	{"M:DET", "I/PRP/-PRON-/nsubj saw/VBD/see/ROOT cat/NN/=/dobj",
		"I/PRP/-PRON-/nsubj saw/VBD/see/ROOT the/DT/=/det cat/NN/=/dobj",
		[4]int{2, 2, 2, 3}, "M:DET", "one POS"},
	{"U:PREP", "He/PRP/-PRON-/nsubj entered/VBD/enter/ROOT into/IN/=/prep the/DT/=/det room/NN/=/pobj",
		"He/PRP/-PRON-/nsubj entered/VBD/enter/ROOT the/DT/=/det room/NN/=/dobj",
		[4]int{2, 3, 2, 2}, "U:PREP", "one POS"},
	{"U:NOUN:POSS", "John/NNP/john/poss 's/POS/'s/case car/NN/=/ROOT",
		"John/NNP/john/compound car/NN/=/ROOT",
		[4]int{1, 2, 1, 1}, "U:NOUN:POSS", "possessive suffix"},
	{"M:CONTR", "I/PRP/-PRON-/nsubj do/VBP/do/aux go/VB/=/ROOT",
		"I/PRP/-PRON-/nsubj do/VBP/do/aux n't/RB/not/neg go/VB/=/ROOT",
		[4]int{2, 2, 2, 3}, "M:CONTR", "contraction"},
	{"M:VERB:FORM infinitival to", "I/PRP/-PRON-/nsubj want/VBP/=/ROOT go/VB/=/xcomp",
		"I/PRP/-PRON-/nsubj want/VBP/=/ROOT to/TO/=/aux go/VB/=/xcomp",
		[4]int{2, 2, 2, 3}, "M:VERB:FORM", "infinitival to"},
	{"M:PREP not infinitival to", "I/PRP/-PRON-/nsubj went/VBD/go/ROOT school/NN/=/pobj",
		"I/PRP/-PRON-/nsubj went/VBD/go/ROOT to/IN/=/prep school/NN/=/pobj",
		[4]int{2, 2, 2, 3}, "M:PREP", "one POS"},
	{"M:VERB:TENSE auxiliaries", "I/PRP/-PRON-/nsubj eaten/VBN/eat/ROOT",
		"I/PRP/-PRON-/nsubj have/VBP/=/aux eaten/VBN/eat/ROOT",
		[4]int{1, 1, 1, 2}, "M:VERB:TENSE", "auxiliaries only"},
	{"M:PUNCT", "Yes/UH/=/intj I/PRP/-PRON-/nsubj do/VBP/=/ROOT",
		"Yes/UH/=/intj ,/,/,/punct I/PRP/-PRON-/nsubj do/VBP/=/ROOT",
		[4]int{1, 1, 1, 2}, "M:PUNCT", "one POS"},
	{"M:VERB phrasal", "I/PRP/-PRON-/nsubj want/VBP/=/ROOT ./././punct",
		"I/PRP/-PRON-/nsubj want/VBP/=/ROOT to/TO/=/aux go/VB/=/xcomp ./././punct",
		[4]int{2, 2, 2, 4}, "M:VERB", "to-infinitive or phrasal verb"},
	{"U:OTHER mixed", "It/PRP/-PRON-/nsubj is/VBZ/be/ROOT of/IN/=/prep the/DT/=/det best/JJS/good/pobj",
		"It/PRP/-PRON-/nsubj is/VBZ/be/ROOT best/JJS/good/acomp",
		[4]int{2, 4, 2, 2}, "U:OTHER", "none"},
	{"M:ADV by dependency", "I/PRP/-PRON-/nsubj go/VBP/=/ROOT",
		"I/PRP/-PRON-/nsubj very/RB/=/advmod often/RB/=/advmod go/VBP/=/ROOT",
		[4]int{1, 1, 1, 3}, "M:ADV", "one POS"},
	{"U:NUM is rare, OTHER", "I/PRP/-PRON-/nsubj have/VBP/=/ROOT 3/CD/=/nummod cats/NNS/cat/dobj",
		"I/PRP/-PRON-/nsubj have/VBP/=/ROOT cats/NNS/cat/dobj",
		[4]int{2, 3, 2, 2}, "U:OTHER", "none"},

	// Unchanged and case-only endings.
	{"UNK same to same", "a/DT/=/det cat/NN/=/ROOT", "a/DT/=/det cat/NN/=/ROOT",
		[4]int{1, 2, 1, 2}, "UNK", "same text"},
	{"M:DET ignoring final case change", "Doctor/NN/doctor/nsubj came/VBD/come/ROOT",
		"The/DT/the/det doctor/NN/=/nsubj came/VBD/come/ROOT",
		[4]int{0, 1, 0, 2}, "M:DET", "case change at the end"},
	{"R:PUNCT ignoring final case change", "I/PRP/-PRON-/nsubj left/VBD/leave/ROOT ,/,/,/punct since/IN/=/mark",
		"I/PRP/-PRON-/nsubj left/VBD/leave/ROOT ././././punct Since/IN/since/mark",
		[4]int{2, 4, 2, 4}, "R:PUNCT", "case change at the end"},

	// ORTH and WO.
	{"R:ORTH case", "i/PRP/-PRON-/nsubj agree/VBP/=/ROOT", "I/PRP/-PRON-/nsubj agree/VBP/=/ROOT",
		[4]int{0, 1, 0, 1}, "R:ORTH", "ORTH"},
	{"R:ORTH whitespace", "my/PRP$/-PRON-/poss Bestfriend/NN/bestfriend/ROOT",
		"my/PRP$/-PRON-/poss best/JJS/good/amod friend/NN/=/ROOT",
		[4]int{1, 2, 1, 3}, "R:ORTH", "ORTH"},
	{"R:WO", "I/PRP/-PRON-/nsubj only/RB/=/advmod can/MD/=/aux swim/VB/=/ROOT",
		"I/PRP/-PRON-/nsubj can/MD/=/aux only/RB/=/advmod swim/VB/=/ROOT",
		[4]int{1, 3, 1, 3}, "R:WO", "WO"},

	// 1:1 special cases.
	{"R:NOUN:POSS ' -> 's", "the/DT/=/det boss/NN/=/poss '/POS/'/case car/NN/=/ROOT",
		"the/DT/=/det boss/NN/=/poss 's/POS/'s/case car/NN/=/ROOT",
		[4]int{2, 3, 2, 3}, "R:NOUN:POSS", "special"},
	{"R:CONTR 's -> 've", "They/PRP/-PRON-/nsubj 's/VBZ/be/aux gone/VBN/go/ROOT",
		"They/PRP/-PRON-/nsubj 've/VBP/have/aux gone/VBN/go/ROOT",
		[4]int{1, 2, 1, 2}, "R:CONTR", "special"},
	{"R:CONTR wo -> will", "I/PRP/-PRON-/nsubj wo/MD/will/aux go/VB/=/ROOT",
		"I/PRP/-PRON-/nsubj will/MD/=/aux go/VB/=/ROOT",
		[4]int{1, 2, 1, 2}, "R:CONTR", "special"},
	{"R:VERB:TENSE ca -> could", "I/PRP/-PRON-/nsubj ca/MD/can/aux n't/RB/not/neg go/VB/=/ROOT",
		"I/PRP/-PRON-/nsubj could/MD/=/aux n't/RB/not/neg go/VB/=/ROOT",
		[4]int{1, 2, 1, 2}, "R:VERB:TENSE", "special"},
	{"R:VERB:SVA was -> were", "They/PRP/-PRON-/nsubj was/VBD/be/ROOT here/RB/=/advmod",
		"They/PRP/-PRON-/nsubj were/VBD/be/ROOT here/RB/=/advmod",
		[4]int{1, 2, 1, 2}, "R:VERB:SVA", "special"},

	// 1:1 non-word spelling.
	{"R:SPELL", "a/DT/=/det genectic/JJ/=/amod test/NN/=/ROOT",
		"a/DT/=/det genetic/JJ/=/amod test/NN/=/ROOT",
		[4]int{1, 2, 1, 2}, "R:SPELL", "non-word"},
	{"R:NOUN:INFL", "some/DT/=/det informations/NNS/information/dobj",
		"some/DT/=/det information/NN/=/dobj",
		[4]int{1, 2, 1, 2}, "R:NOUN:INFL", "non-word"},
	{"R:VERB:INFL", "I/PRP/-PRON-/nsubj getted/VBD/get/ROOT it/PRP/-PRON-/dobj",
		"I/PRP/-PRON-/nsubj got/VBD/get/ROOT it/PRP/-PRON-/dobj",
		[4]int{1, 2, 1, 2}, "R:VERB:INFL", "non-word"},
	{"R:MORPH non-word, same lemma, other POS", "the/DT/=/det goodest/JJS/good/amod day/NN/=/ROOT",
		"the/DT/=/det best/JJS/good/amod day/NN/=/ROOT",
		[4]int{1, 2, 1, 2}, "R:MORPH", "non-word"},
	{"R:VERB no -> know: same POS before similarity", "I/PRP/-PRON-/nsubj no/VBP/no/ROOT",
		"I/PRP/-PRON-/nsubj know/VBP/=/ROOT",
		[4]int{1, 2, 1, 2}, "R:VERB", "POS"},
	{"R:SPELL eles -> else (0.5, short)", "or/CC/=/cc eles/NN/eles/conj",
		"or/CC/=/cc else/RB/=/advmod",
		[4]int{1, 2, 1, 2}, "R:SPELL", "non-word"},
	{"R:NOUN dissimilar non-word", "a/DT/=/det amougnht/NN/=/ROOT",
		"a/DT/=/det number/NN/=/ROOT",
		[4]int{1, 2, 1, 2}, "R:NOUN", "non-word"},

	// 1:1 inflection.
	{"R:ADJ:FORM", "the/DT/=/det bigger/JJR/big/amod one/NN/=/ROOT",
		"the/DT/=/det biggest/JJS/big/amod one/NN/=/ROOT",
		[4]int{1, 2, 1, 2}, "R:ADJ:FORM", "inflection"},
	{"R:NOUN:NUM", "two/CD/=/nummod cat/NN/=/ROOT", "two/CD/=/nummod cats/NNS/cat/ROOT",
		[4]int{1, 2, 1, 2}, "R:NOUN:NUM", "inflection"},
	{"R:VERB:FORM after an auxiliary", "He/PRP/-PRON-/nsubj can/MD/=/aux dancing/VBG/dance/ROOT",
		"He/PRP/-PRON-/nsubj can/MD/=/aux dance/VB/=/ROOT",
		[4]int{2, 3, 2, 3}, "R:VERB:FORM", "inflection"},
	{"R:VERB:FORM after aux and negation", "He/PRP/-PRON-/nsubj has/VBZ/have/aux not/RB/=/neg eat/VB/=/ROOT",
		"He/PRP/-PRON-/nsubj has/VBZ/have/aux not/RB/=/neg eaten/VBN/eat/ROOT",
		[4]int{3, 4, 3, 4}, "R:VERB:FORM", "inflection"},
	{"R:VERB:FORM VBG", "I/PRP/-PRON-/nsubj enjoy/VBP/=/ROOT swim/VB/=/xcomp",
		"I/PRP/-PRON-/nsubj enjoy/VBP/=/ROOT swimming/VBG/swim/xcomp",
		[4]int{2, 3, 2, 3}, "R:VERB:FORM", "inflection"},
	{"R:VERB:TENSE", "Yesterday/NN/yesterday/npadvmod he/PRP/-PRON-/nsubj eats/VBZ/eat/ROOT",
		"Yesterday/NN/yesterday/npadvmod he/PRP/-PRON-/nsubj ate/VBD/eat/ROOT",
		[4]int{2, 3, 2, 3}, "R:VERB:TENSE", "inflection"},
	{"R:VERB:SVA", "He/PRP/-PRON-/nsubj have/VBP/=/ROOT cats/NNS/cat/dobj",
		"He/PRP/-PRON-/nsubj has/VBZ/have/ROOT cats/NNS/cat/dobj",
		[4]int{1, 2, 1, 2}, "R:VERB:SVA", "inflection"},
	{"R:VERB:FORM auxiliaries after the first", "it/PRP/-PRON-/nsubjpass might/MD/=/aux have/VB/=/aux been/VBN/be/auxpass done/VBN/do/ROOT",
		"it/PRP/-PRON-/nsubjpass might/MD/=/aux has/VBZ/have/aux been/VBN/be/auxpass done/VBN/do/ROOT",
		[4]int{2, 3, 2, 3}, "R:VERB:FORM", "inflection"},
	{"R:VERB:TENSE first auxiliary", "It/PRP/-PRON-/nsubj is/VBZ/be/auxpass made/VBN/make/ROOT",
		"It/PRP/-PRON-/nsubj was/VBD/be/auxpass made/VBN/make/ROOT",
		[4]int{1, 2, 1, 2}, "R:VERB:TENSE", "inflection"},
	{"R:NOUN:NUM adjective to plural noun", "the/DT/=/det musical/JJ/=/amod",
		"the/DT/=/det musicals/NNS/musical/ROOT",
		[4]int{1, 2, 1, 2}, "R:NOUN:NUM", "inflection"},
	{"R:MORPH same lemma", "I/PRP/-PRON-/nsubj feel/VBP/=/ROOT worse/RBR/bad/advmod",
		"I/PRP/-PRON-/nsubj feel/VBP/=/ROOT bad/JJ/=/acomp",
		[4]int{2, 3, 2, 3}, "R:MORPH", "inflection"},

	// 1:1 derivation.
	{"R:MORPH derivation", "He/PRP/-PRON-/nsubj ran/VBD/run/ROOT quick/JJ/=/advmod",
		"He/PRP/-PRON-/nsubj ran/VBD/run/ROOT quickly/RB/=/advmod",
		[4]int{2, 3, 2, 3}, "R:MORPH", "derivation"},

	// 1:1 general rules.
	{"R:ADJ", "a/DT/=/det big/JJ/=/amod river/NN/=/ROOT", "a/DT/=/det wide/JJ/=/amod river/NN/=/ROOT",
		[4]int{1, 2, 1, 2}, "R:ADJ", "POS"},
	{"R:ADV", "He/PRP/-PRON-/nsubj ran/VBD/run/ROOT speedily/RB/=/advmod",
		"He/PRP/-PRON-/nsubj ran/VBD/run/ROOT quickly/RB/=/advmod",
		[4]int{2, 3, 2, 3}, "R:ADV", "POS"},
	{"R:CONJ", "small/JJ/=/ROOT and/CC/=/cc fast/JJ/=/conj", "small/JJ/=/ROOT but/CC/=/cc fast/JJ/=/conj",
		[4]int{1, 2, 1, 2}, "R:CONJ", "POS"},
	{"R:DET", "I/PRP/-PRON-/nsubj saw/VBD/see/ROOT the/DT/=/det cat/NN/=/dobj",
		"I/PRP/-PRON-/nsubj saw/VBD/see/ROOT a/DT/=/det cat/NN/=/dobj",
		[4]int{2, 3, 2, 3}, "R:DET", "POS"},
	{"R:NOUN", "many/JJ/=/amod person/NN/=/ROOT", "many/JJ/=/amod people/NNS/people/ROOT",
		[4]int{1, 2, 1, 2}, "R:NOUN", "POS"},
	{"R:PREP", "afraid/JJ/=/ROOT at/IN/=/prep dogs/NNS/dog/pobj",
		"afraid/JJ/=/ROOT of/IN/=/prep dogs/NNS/dog/pobj",
		[4]int{1, 2, 1, 2}, "R:PREP", "POS"},
	{"R:PRON", "We/PRP/-PRON-/nsubj enjoyed/VBD/enjoy/ROOT ours/PRP/-PRON-/dobj",
		"We/PRP/-PRON-/nsubj enjoyed/VBD/enjoy/ROOT ourselves/PRP/-PRON-/dobj",
		[4]int{2, 3, 2, 3}, "R:PRON", "POS"},
	{"R:PUNCT", "Stop/VB/=/ROOT !/././punct", "Stop/VB/=/ROOT ./././punct",
		[4]int{1, 2, 1, 2}, "R:PUNCT", "POS"},
	{"R:VERB", "We/PRP/-PRON-/nsubj ambulate/VBP/=/ROOT", "We/PRP/-PRON-/nsubj walk/VBP/=/ROOT",
		[4]int{1, 2, 1, 2}, "R:VERB", "POS"},
	{"R:VERB:TENSE auxiliaries, different lemmas", "I/PRP/-PRON-/nsubj will/MD/=/aux go/VB/=/ROOT",
		"I/PRP/-PRON-/nsubj would/MD/=/aux go/VB/=/ROOT",
		[4]int{1, 2, 1, 2}, "R:VERB:TENSE", "general"},
	{"R:PART particle", "I/PRP/-PRON-/nsubj looked/VBD/look/ROOT in/RP/=/prt it/PRP/-PRON-/dobj",
		"I/PRP/-PRON-/nsubj looked/VBD/look/ROOT at/IN/=/prep it/PRP/-PRON-/pobj",
		[4]int{2, 3, 2, 3}, "R:PART", "general"},
	{"R:PRON determiner to subject", "this/DT/=/nsubj is/VBZ/be/ROOT", "it/PRP/-PRON-/nsubj is/VBZ/be/ROOT",
		[4]int{0, 1, 0, 1}, "R:PRON", "general"},
	{"R:DET pronoun to possessive", "I/PRP/-PRON-/nsubj saw/VBD/see/ROOT him/PRP/-PRON-/dobj dog/NN/=/dobj",
		"I/PRP/-PRON-/nsubj saw/VBD/see/ROOT his/PRP$/-PRON-/poss dog/NN/=/dobj",
		[4]int{2, 3, 2, 3}, "R:DET", "general"},
	{"R:DET one -> a", "I/PRP/-PRON-/nsubj have/VBP/=/ROOT one/CD/=/nummod idea/NN/=/dobj",
		"I/PRP/-PRON-/nsubj have/VBP/=/ROOT an/DT/a/det idea/NN/=/dobj",
		[4]int{2, 3, 2, 3}, "R:DET", "general"},
	{"R:DET other -> another", "in/IN/=/ROOT other/JJ/=/amod way/NN/=/pobj",
		"in/IN/=/ROOT another/DT/=/det way/NN/=/pobj",
		[4]int{1, 2, 1, 2}, "R:DET", "general"},
	{"R:PRON your -> yours", "your/PRP$/-PRON-/poss sincerely/RB/=/ROOT",
		"yours/PRP/-PRON-/ROOT sincerely/RB/=/advmod",
		[4]int{0, 1, 0, 1}, "R:PRON", "general"},
	{"R:OTHER no -> not", "I/PRP/-PRON-/nsubj have/VBP/=/ROOT no/DT/=/det idea/NN/=/dobj",
		"I/PRP/-PRON-/nsubj have/VBP/=/ROOT not/RB/=/neg idea/NN/=/dobj",
		[4]int{2, 3, 2, 3}, "R:OTHER", "general"},

	// 1:1 string similarity.
	{"R:SPELL their -> there", "their/PRP$/-PRON-/poss is/VBZ/be/ROOT", "there/EX/=/expl is/VBZ/be/ROOT",
		[4]int{0, 1, 0, 1}, "R:SPELL", "similarity"},
	{"R:SPELL form -> from", "a/DT/=/det letter/NN/=/ROOT form/NN/=/appos him/PRP/-PRON-/dobj",
		"a/DT/=/det letter/NN/=/ROOT from/IN/=/prep him/PRP/-PRON-/pobj",
		[4]int{2, 3, 2, 3}, "R:SPELL", "similarity"},
	{"R:PRON the -> that", "the/DT/=/det man/NN/=/ROOT the/DT/=/det came/VBD/come/relcl",
		"the/DT/=/det man/NN/=/ROOT that/IN/=/mark came/VBD/come/relcl",
		[4]int{2, 3, 2, 3}, "R:PRON", "similarity"},
	{"R:MORPH health -> healthy", "a/DT/=/det health/NN/=/compound life/NN/=/ROOT",
		"a/DT/=/det healthy/JJ/=/amod life/NN/=/ROOT",
		[4]int{1, 2, 1, 2}, "R:MORPH", "similarity"},
	{"R:NOUN human -> people by correction POS", "the/DT/=/det human/JJ/=/amod",
		"the/DT/=/det people/NNS/=/ROOT",
		[4]int{1, 2, 1, 2}, "R:NOUN", "similarity"},
	{"R:SPELL a -> at", "look/VB/=/ROOT a/DT/=/det me/PRP/-PRON-/dobj",
		"look/VB/=/ROOT at/IN/=/prep me/PRP/-PRON-/pobj",
		[4]int{1, 2, 1, 2}, "R:SPELL", "similarity"},
	{"R:SPELL in -> is", "He/PRP/-PRON-/nsubj in/IN/=/prep happy/JJ/=/pobj",
		"He/PRP/-PRON-/nsubj is/VBZ/be/ROOT happy/JJ/=/acomp",
		[4]int{1, 2, 1, 2}, "R:SPELL", "similarity"},
	{"R:PRON all -> everything", "I/PRP/-PRON-/nsubj lost/VBD/lose/ROOT all/DT/=/dobj",
		"I/PRP/-PRON-/nsubj lost/VBD/lose/ROOT everything/NN/=/dobj",
		[4]int{2, 3, 2, 3}, "R:PRON", "similarity"},
	{"R:SPELL off -> of", "one/CD/=/nsubj off/RB/=/advmod them/PRP/-PRON-/pobj",
		"one/CD/=/nsubj of/IN/=/prep them/PRP/-PRON-/pobj",
		[4]int{1, 2, 1, 2}, "R:SPELL", "similarity"},
	{"R:PRON that -> what", "I/PRP/-PRON-/nsubj know/VBP/=/ROOT that/IN/=/mark you/PRP/-PRON-/nsubj want/VBP/=/ccomp",
		"I/PRP/-PRON-/nsubj know/VBP/=/ROOT what/WP/=/dobj you/PRP/-PRON-/nsubj want/VBP/=/ccomp",
		[4]int{2, 3, 2, 3}, "R:PRON", "similarity"},
	{"R:ADV good -> well", "He/PRP/-PRON-/nsubj sings/VBZ/sing/ROOT good/JJ/=/acomp",
		"He/PRP/-PRON-/nsubj sings/VBZ/sing/ROOT well/RB/=/advmod",
		[4]int{2, 3, 2, 3}, "R:ADV", "similarity"},
	{"R:SPELL knew -> new", "a/DT/=/det knew/VBD/know/ccomp car/NN/=/ROOT",
		"a/DT/=/det new/JJ/=/amod car/NN/=/ROOT",
		[4]int{1, 2, 1, 2}, "R:SPELL", "similarity"},
	{"R:SPELL hole -> whole", "the/DT/=/det hole/NN/=/compound day/NN/=/ROOT",
		"the/DT/=/det whole/JJ/=/amod day/NN/=/ROOT",
		[4]int{1, 2, 1, 2}, "R:SPELL", "similarity"},
	{"R:NOUN high -> height", "the/DT/=/det high/JJ/=/ROOT",
		"the/DT/=/det height/NN/=/ROOT",
		[4]int{1, 2, 1, 2}, "R:NOUN", "similarity"},
	{"R:ADV after -> later", "I/PRP/-PRON-/nsubj came/VBD/come/ROOT after/IN/=/prep",
		"I/PRP/-PRON-/nsubj came/VBD/come/ROOT later/RB/late/advmod",
		[4]int{2, 3, 2, 3}, "R:ADV", "similarity"},
	{"R:SPELL where -> were", "they/PRP/-PRON-/nsubj where/WRB/=/advmod here/RB/=/advmod",
		"they/PRP/-PRON-/nsubj were/VBD/be/ROOT here/RB/=/advmod",
		[4]int{1, 2, 1, 2}, "R:SPELL", "similarity"},
	{"R:SPELL though -> thought", "I/PRP/-PRON-/nsubj though/IN/=/mark so/RB/=/advmod",
		"I/PRP/-PRON-/nsubj thought/VBD/think/ROOT so/RB/=/advmod",
		[4]int{1, 2, 1, 2}, "R:SPELL", "similarity"},
	{"R:VERB learning -> studying", "I/PRP/-PRON-/nsubj like/VBP/=/ROOT learning/NN/=/dobj",
		"I/PRP/-PRON-/nsubj like/VBP/=/ROOT studying/VBG/study/xcomp",
		[4]int{2, 3, 2, 3}, "R:VERB", "similarity"},
	{"R:OTHER similarity leaves it open", "to/TO/=/aux create/VB/=/xcomp",
		"to/TO/=/aux greater/JJR/great/acomp",
		[4]int{1, 2, 1, 2}, "R:OTHER", "none"},
	{"R:OTHER non-alphabetic", "at/IN/=/prep 5pm/CD/=/pobj", "at/IN/=/prep five/NN/=/pobj",
		[4]int{1, 2, 1, 2}, "R:OTHER", "similarity"},
	{"R:VERB 1:1 falls through to multi-token", "I/PRP/-PRON-/nsubj want/VBP/=/ROOT to/TO/=/aux ,/,/,/punct",
		"I/PRP/-PRON-/nsubj want/VBP/=/ROOT make/VB/=/xcomp ,/,/,/punct",
		[4]int{2, 3, 2, 3}, "R:VERB", "multi-token"},

	// Multi-token replacements.
	{"R:VERB:FORM to eat -> eating", "I/PRP/-PRON-/nsubj like/VBP/=/ROOT to/TO/=/aux eat/VB/=/xcomp",
		"I/PRP/-PRON-/nsubj like/VBP/=/ROOT eating/VBG/eat/xcomp",
		[4]int{2, 4, 2, 3}, "R:VERB:FORM", "multi-token"},
	{"R:VERB:TENSE eat -> has eaten", "He/PRP/-PRON-/nsubj eat/VBP/=/ROOT",
		"He/PRP/-PRON-/nsubj has/VBZ/have/aux eaten/VBN/eat/ROOT",
		[4]int{1, 2, 1, 3}, "R:VERB:TENSE", "multi-token"},
	{"R:VERB look at -> see", "I/PRP/-PRON-/nsubj watch/VBP/=/ROOT",
		"I/PRP/-PRON-/nsubj look/VBP/=/ROOT at/RP/=/prt",
		[4]int{1, 2, 1, 3}, "R:VERB", "multi-token"},
	{"R:NOUN:POSS friends -> friend 's", "my/PRP$/-PRON-/poss friends/NNS/friend/poss car/NN/=/ROOT",
		"my/PRP$/-PRON-/poss friend/NN/=/poss 's/POS/'s/case car/NN/=/ROOT",
		[4]int{1, 2, 1, 3}, "R:NOUN:POSS", "multi-token"},
	{"R:ADJ:FORM more easy -> easier", "it/PRP/-PRON-/nsubj is/VBZ/be/ROOT more/RBR/=/advmod easy/JJ/=/acomp",
		"it/PRP/-PRON-/nsubj is/VBZ/be/ROOT easier/JJR/easy/acomp",
		[4]int{2, 4, 2, 3}, "R:ADJ:FORM", "multi-token"},
	{"R:OTHER at his best -> well", "he/PRP/-PRON-/nsubj did/VBD/do/ROOT at/IN/=/prep his/PRP$/-PRON-/poss best/JJS/good/pobj",
		"he/PRP/-PRON-/nsubj did/VBD/do/ROOT well/RB/=/advmod",
		[4]int{2, 5, 2, 3}, "R:OTHER", "none"},
	{"R:DET multi-token same POS", "I/PRP/-PRON-/nsubj saw/VBD/see/ROOT all/PDT/=/predet the/DT/=/det cats/NNS/cat/dobj",
		"I/PRP/-PRON-/nsubj saw/VBD/see/ROOT a/DT/=/det cats/NNS/cat/dobj",
		[4]int{2, 4, 2, 3}, "R:DET", "multi-token"},
}

func TestClassify(t *testing.T) {
	l := New()
	for _, tt := range classifyCases {
		t.Run(tt.name, func(t *testing.T) {
			o, c := handTagged(t, tt.o), handTagged(t, tt.c)
			e := edits.Edit{OStart: tt.span[0], OEnd: tt.span[1], CStart: tt.span[2], CEnd: tt.span[3]}
			if got := l.Classify(o, c, e); got != tt.want {
				t.Errorf("Classify(%v -> %v) = %s, want %s (rule: %s)",
					o.Texts()[e.OStart:e.OEnd], c.Texts()[e.CStart:e.CEnd], got, tt.want, tt.family)
			}
		})
	}
}

func TestClassifyUnknownCorrectionSpan(t *testing.T) {
	l := New()
	o := handTagged(t, "two/CD/=/nummod cat/NN/=/ROOT")
	// An M2 edit: the correction span is unknown, the correction tokens
	// are annotated on their own.
	e := edits.Edit{OStart: 1, OEnd: 2, CStart: -1, CEnd: -1, O: []string{"cat"}, C: []string{"cats"}}
	if got := l.Classify(o, nil, e); got != "R:NOUN:NUM" {
		t.Errorf("Classify(cat -> cats, no correction span) = %s, want R:NOUN:NUM", got)
	}
	e = edits.Edit{OStart: 1, OEnd: 2, CStart: -1, CEnd: -1, O: []string{"cat"}}
	if got := l.Classify(o, nil, e); got != "U:NOUN" {
		t.Errorf("Classify(cat -> nothing, no correction span) = %s, want U:NOUN", got)
	}
}

func TestClassifyNoop(t *testing.T) {
	s := handTagged(t, "Hi/UH/=/ROOT")
	if got := New().Classify(s, s, edits.Edit{OStart: -1, OEnd: -1, CStart: -1, CEnd: -1, Type: "noop"}); got != "noop" {
		t.Errorf("Classify(noop) = %s, want noop", got)
	}
}

func TestStringSimilarity(t *testing.T) {
	tests := []struct {
		a, b string
		lev  float64
		ind  float64
	}{
		{"form", "from", 0.5, 0.75},
		{"their", "there", 0.6, 0.8},
		{"smt", "something", 1 - float64(6)/9, 1 - float64(6)/12},
		{"", "", 1, 1},
		{"é", "e", 0, 0},
	}
	for _, tt := range tests {
		if got := normalizedLevenshtein(tt.a, tt.b); got != tt.lev {
			t.Errorf("normalizedLevenshtein(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.lev)
		}
		if got := edits.CharRatio(tt.a, tt.b); got != tt.ind {
			t.Errorf("edits.CharRatio(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.ind)
		}
	}
}
