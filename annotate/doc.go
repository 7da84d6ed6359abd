// Package annotate collects human ratings of GEC system outputs with the
// post-edit procedure of the Swedish GEC evaluation (Östling et al. 2024;
// seeds 001 and 004), served as a local web app by the gecmetric binary.
//
// # Procedure
//
// A Task is a list of Items: a source sentence, the outputs of several
// systems, and a reference. For each item an annotator sees the outputs in
// an order of their own (system names never reach the page), each once: a
// box holding the output, which they edit into a grammatical, natural
// sentence with the fewest changes, and under it the changes made so far
// (removed words struck through, added ones highlighted). They rate
// grammaticality and fluency and press Save, which reveals the reference;
// they re-check their edits against it, rate meaning preservation
// ("Identical" is filled in, marked "pre-filled", for outputs left
// unchanged) and press Confirm, which stores the item and brings the next.
// A label's number on its scale chooses it in a focused rating
// (Rated.Keys: 4 Perfect ... 1 Incomprehensible, 0 Other); Ctrl+Enter
// presses Save, then Confirm; Alt+Left/Right, `<<<` and `>>>` move between
// items and, like Quit, discard unconfirmed changes. Every scale offers
// Other. One request that changes the page (Save, Confirm, a move) is in
// flight at a time: a key pressed or a button clicked meanwhile does
// nothing, and the next item is shown only after the server acknowledged
// the Confirm, so pressing Ctrl+Enter twice never skips an item unseen.
//
// A task made by `gecmetric annotate init` shows raters tokenised text
// detokenised (Task.Display, DisplayDetokenized: "changes ." is shown
// "changes."), as they read and write it; their post-edits are stored as
// written, and diffs, edit distances and the exports' "shown" field use
// the text as shown (DB.Shown). A
// Protocol selects the scales: "swell" (seeds 001/004), "llm-judge" (seed
// 000: semantics, remaining errors, over-correction) or "grue" (seed 003:
// fluency and commonsense of a lone sentence).
//
// # Storage
//
// A task lives in one SQLite file (modernc.org/sqlite, pure Go) in WAL
// mode with synchronous=FULL. Every Confirm is one transaction that
// replaces the annotator's judgements of the item, so a crash, even
// SIGKILL, keeps every confirmed item whole and nothing of an unconfirmed
// one. Tables: meta, items, outputs, annotators (name, secret token, item
// order, resume position), judgements (post-edit per annotator, item and
// system) and ratings (one label per judgement and scale).
//
// Orders are drawn from a random salt stored with the task and the
// annotator's name (and item, for the order of outputs), so they are stable
// across reloads and restarts and differ between annotators.
//
// # Security
//
// The server listens on 127.0.0.1 unless told otherwise; bound to a
// loopback address, it answers only requests whose Host header is that
// address or localhost with its port, so a web page whose name was
// re-pointed at 127.0.0.1 (DNS rebinding) gets 403. Every API request
// carries the annotator's token, which the page takes from its link's
// fragment (#token=…) so it appears in no request line or Referer. A
// client (an IPv4 address or IPv6 /64) may send 10 wrong tokens at once
// and then one a second; beyond that it gets 429 with Retry-After, its
// token unchecked, while right tokens never count. System names never
// leave the server, errors included: an error names an output by its
// place on the page ("output 2 given twice"), and a server error's
// details go to the log only. All
// sentences are untrusted: the page inserts them only as text, and a
// Content-Security-Policy allows no script or style but the embedded
// files. The page, its script and style are embedded in the binary; the
// page loads nothing from elsewhere.
//
// # Formats
//
// ReadSwell/WriteSwell read and write the Swedish tool's per-annotator JSON
// files byte for byte (Python's json.dump with sorted keys and a 4-space
// indent, ASCII escapes, the file's own line breaks). WriteJSONL writes one
// rating per line with the source, output (and the output as shown, when
// the display differs), post-edit and the token-level changes from the
// shown output to the post-edit (the errors the output still had).
// Agreement reports weighted kappa, Krippendorff's alpha and the
// normalised edit distance from outputs to post-edits per system.
package annotate
