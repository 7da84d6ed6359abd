// Package corpora reads and writes the file formats of GEC evaluation:
// M2 (the CoNLL shared-task edit format) and parallel text (one tokenised
// sentence per line, several files side by side). Human-rating and ranking
// files are read by package human.
//
// M2 grammar, as read here:
//
//	file   = { blank } { block { blank } }
//	block  = "S " tokens NL { edit }
//	edit   = "A " start " " end "|||" type "|||" correction "|||" required "|||" comment "|||" coder NL
//
// start and end are token offsets into the S line (-1 -1 for "noop"), the
// correction is space-separated tokens, "-NONE-" or empty for a deletion, and
// may hold alternatives separated by "||". Any number of blank lines may
// separate blocks. A file read and written again unchanged is reproduced
// byte for byte. NL is "\n" or "\r\n" (written back as read); a UTF-8 byte
// order mark at the start of a file is dropped; an edit span past the end of
// its sentence is kept (JFLEG's M2 has them) and counted (M2Reader.PastEnd).
//
// # Streaming
//
// TextReader and M2Reader read a line or a block at a time, in the manner
// of bufio.Scanner (Scan, then Text or Block, then Err); ReadText and ReadM2
// read a whole file through them. TestSet reads a test set's files side by
// side, sentence by sentence: the source (plain text, or the S lines of the
// first M2 reference), every reference and every system output, checking
// line counts and S lines as it goes. Memory holds one sentence of each
// file; a file named twice is read once. TestSetOptions.Tokenize says how
// plain text is split; MaxTokens refuses a runaway sentence (ErrTooLong)
// before any costly work.
//
// Lines hold valid UTF-8 without NUL bytes (ErrInvalidUTF8, ErrNUL).
//
// # Limits
//
// Every reader is bounded by Limits (TestSetOptions.Limits,
// ExtractOptions.Limits, the readers' own field): the bytes of a file or
// stream (DefaultMaxBytes, ErrTooBig), a line's length
// (DefaultMaxLineBytes, ErrLineTooLong) and the A lines of an M2 block
// (DefaultMaxEdits, ErrTooManyEdits), so that no input (/dev/zero, an
// endless pipe, a hostile M2) costs more than its bound. A TestSet
// streams inputs that are not regular files (pipes, FIFOs, devices)
// rather than reading them whole: plain text line by line, its first
// RawSample lines kept for the raw-text sample; M2, which it reads
// twice, through a temporary copy unlinked as it is created.
//
// Every error names the file and line (and column where it helps) as a
// *ParseError.
package corpora
