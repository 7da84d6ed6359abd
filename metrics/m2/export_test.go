package m2

// The worst case of the original scorer: a long source whose hypothesis is
// an unrelated line (a misaligned output file), so that nearly every cell
// of the Levenshtein matrix lies on a cheapest alignment.
const (
	unrelatedSource = "When I was young , my grandmother used to tell me stories about the old " +
		"village where she grew up , about the river that flooded every spring and the " +
		"market where people sold fish , bread and cheese on Saturday mornings , and " +
		"about her brother who left for the big city ."
	unrelatedHyp = "Moreover , the government should invest more money in public transport " +
		"because many citizens cannot afford a car and the buses in our town are always " +
		"late , crowded , noisy and dirty in the evening ."
)

// Exported for the external tests and benchmarks.
const (
	UnrelatedSource = unrelatedSource
	UnrelatedHyp    = unrelatedHyp
)
