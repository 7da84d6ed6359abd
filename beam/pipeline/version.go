package pipeline

// Version is the gecmetric release whose numbers the pipeline gives; it
// appears in the signature, which the CoNLL-2014 test checks against
// `gecmetric eval`'s.
const Version = "0.1.0"
