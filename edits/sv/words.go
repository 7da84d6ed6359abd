package sv

// Closed word classes of Swedish, written for this package from standard
// grammars (Svenska Akademiens grammatik's word classes); each word gets
// one Universal Dependencies tag. Ambiguous words take their most frequent
// reading in learner text: den/det/de are pronouns, om/för are
// prepositions, att is the infinitive marker or subjunction PART.
var closedClass = map[string]string{}

func init() {
	add := func(pos string, words ...string) {
		for _, w := range words {
			if _, ok := closedClass[w]; !ok {
				closedClass[w] = pos
			}
		}
	}
	add("PRON",
		"jag", "du", "han", "hon", "hen", "den", "det", "vi", "ni", "de", "dom",
		"mig", "mej", "dig", "dej", "honom", "henne", "oss", "er", "dem", "sig", "sej",
		"man", "varandra", "själv", "själva", "som", "vem", "vad", "vilken", "vilket", "vilka",
		"min", "mitt", "mina", "din", "ditt", "dina", "sin", "sitt", "sina",
		"vår", "vårt", "våra", "ert", "era", "hans", "hennes", "dess", "deras", "hens",
		"någon", "något", "några", "ingen", "inget", "inga", "ingenting", "allting", "alla", "allt",
		"varje", "annan", "annat", "andra", "någonting", "denne")
	add("DET",
		"en", "ett", "denna", "detta", "dessa", "samma", "båda", "bägge", "varenda", "vartenda",
		"sådan", "sådant", "sådana", "all", "många", "få", "fler", "flera", "mycket", "lite")
	add("ADP",
		"på", "i", "till", "från", "med", "av", "för", "om", "under", "över", "efter", "före",
		"vid", "hos", "mot", "genom", "utan", "bland", "mellan", "bakom", "framför", "bredvid",
		"enligt", "inom", "kring", "runt", "trots", "utom", "åt", "ur", "längs", "via", "per",
		"inför", "emot", "ovanför", "nedanför", "utanför", "innanför", "jämte", "gentemot", "angående",
		"beträffande", "förutom", "sen", "sedan", "tills")
	add("CCONJ", "och", "eller", "men", "samt", "utan", "fast", "både", "varken", "antingen", "respektive")
	add("SCONJ",
		"när", "eftersom", "därför", "medan", "innan", "fastän", "ifall", "då", "än", "såsom",
		"medans", "om", "ty", "trots", "såvida", "emedan", "liksom", "huruvida")
	add("PART", "att", "inte", "ej", "icke")
	add("ADV",
		"också", "bara", "redan", "aldrig", "alltid", "ofta", "mer", "mest", "så", "här", "där",
		"nu", "igen", "fortfarande", "ännu", "hit", "dit", "hem", "hemma", "ut", "upp", "in", "ner",
		"bort", "fram", "tillbaka", "även", "ju", "väl", "nog", "kanske", "snart", "sällan", "ibland",
		"mycket", "väldigt", "ganska", "lite", "för", "också", "dock", "därför", "sedan",
		"då", "idag", "imorgon", "igår", "tyvärr", "verkligen", "särskilt", "endast", "hur", "varför",
		"när", "var", "ute", "inne", "uppe", "nere", "borta", "framme", "bra", "dåligt")
	add("AUX",
		"är", "var", "vara", "varit", "blir", "blev", "bli", "blivit", "har", "hade", "ha", "haft",
		"ska", "skall", "skulle", "kan", "kunde", "kunna", "kunnat", "vill", "ville", "vilja", "velat",
		"måste", "må", "får", "fick", "få", "fått", "bör", "borde", "brukar", "brukade", "behöver",
		"behövde", "kommer", "tänker", "lär")
	add("NUM",
		"noll", "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio", "tio", "elva", "tolv",
		"tjugo", "trettio", "fyrtio", "femtio", "hundra", "tusen", "miljon", "miljoner", "första", "andra")
}

// determinerLike are the words after which a noun phrase starts: articles,
// demonstratives, possessives and quantifiers.
var determinerLike = map[string]bool{
	"en": true, "ett": true, "denna": true, "detta": true, "dessa": true, "den": true, "det": true,
	"de": true, "min": true, "mitt": true, "mina": true, "din": true, "ditt": true, "dina": true,
	"sin": true, "sitt": true, "sina": true, "vår": true, "vårt": true, "våra": true, "er": true,
	"ert": true, "era": true, "hans": true, "hennes": true, "dess": true, "deras": true,
	"varje": true, "någon": true, "något": true, "några": true, "ingen": true, "inget": true,
	"inga": true, "alla": true, "många": true, "flera": true, "samma": true, "båda": true,
}

// subjectPronoun are the words after which a finite verb usually follows.
var subjectPronoun = map[string]bool{
	"jag": true, "du": true, "han": true, "hon": true, "hen": true, "vi": true, "ni": true,
	"de": true, "dom": true, "man": true, "det": true, "den": true, "som": true,
}
