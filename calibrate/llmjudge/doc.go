// Package llmjudge runs the seed-000 LLM-judge protocol (Sottana et al.
// 2023, "Evaluation Metrics in the Era of GPT-4", EMNLP) against any model
// behind an OpenAI-compatible chat-completions API: Ollama, vLLM,
// llama.cpp's server, OpenAI and other hosted services.
//
// # The conversation
//
// Every query is one request (POST URL/chat/completions, {"model",
// "messages"}) holding the conversation the authors' script
// (gpt4_eval.py) held with GPT-4:
//
//	user       Protocol: the seed-000 text, byte for byte (protocol.txt)
//	assistant  "This is clear, and I have no questions. I am ready to start."
//	user       the query: {"original_input": "<source>", "<system>": "<output>", ..., "id": "<id>"}
//
// with up to four candidate corrections per query (MaxCandidates; Queries
// splits more systems into several queries per source). The query is
// JSON, keys in the protocol example's order and spacing, text as UTF-8:
// the protocol tells the model it gets JSON. (The authors' script sent
// Python's str() of the row, which differs in its quotes only.) Ids are
// sha256 of the lower-cased, trimmed source (ItemID), as the authors made
// them; queries read from a seed-000 query file keep theirs. The
// temperature and other sampling options are the server's defaults, as
// they were for GPT-4.
//
// # Answers
//
// A reply must be one JSON object (white space and one Markdown code fence
// around it are allowed): a key for every candidate of the query and
// nothing else but "id"; each candidate an object with exactly
// "semantics", "grammaticality" and "overcorrection", whose values are
// labels of the seed-000 scales (Scales: 1-5; "0", "1", "2 or more"; "No",
// "Minor over-correction", "Moderate over-correction", "Substantial
// over-correction"), as the label's name or code, or its value as a number.
// A semantics number between labels (GPT-4 answered 4.5 twice) is rounded
// half to even as the authors' analysis did (Python's round()) and
// counted, unless Client.Strict. An "id" other than the query's is
// counted, not rejected: the answer belongs to its request. An unusable
// reply is answered once with the problem ("Your reply could not be
// used: no answer for "gpt-3.5-turbo". Please reply ...") in the same
// conversation; a second unusable reply leaves the query unanswered
// (Result.Err, Stats.Missing, the reply kept in Result.Reply), never an
// error of the run.
//
// # Requests, retries and cost
//
// One request per query (so per source sentence and group of up to four
// systems: Run cuts a query of more candidates into queries of four, with
// the same id, and puts their answers together again), plus one for each
// unusable first reply, plus retries: a 429, a 408, a 5xx, a timeout
// (Client.Timeout, per request) or a network error is retried up to
// Client.Retries times, waiting Client.Backoff doubled each time (capped
// at MaxBackoff, jittered over the upper half), or the server's
// Retry-After, capped at MaxBackoff too (a capped wait is said on
// Progress). 401, 403 and 404 stop the run (ErrFatal); so do
// Client.MaxFailures failed requests in a row (ErrGaveUp: a server that
// fails every request ends the run instead of having each query retried
// in turn). Another 4xx, or a 200 that is not a chat-completions answer
// (no choices, not JSON), leaves its query unanswered and is not retried:
// it was billed. Usage numbers that are not whole numbers from 0 to 2^40
// read as 0; they never cost an answer. At most Client.Concurrency
// requests are in flight (at most MaxConcurrency, never more than the
// queries). Only http:// and https:// URLs with a host are accepted
// (Check). Each query's prompt is the protocol (about 1,100 tokens) plus
// the query; Stats counts the tokens of the API's usage field.
//
// # Cache
//
// With Client.Cache, every usable answer is stored in its own file,
// DIR/ab/<sha256 of model, PromptVersion and query>.json, written
// atomically (a temporary file renamed), holding the model, prompt
// version, query, the parsed labels of each candidate and the token
// usage: never the URL, the key or the reply's text (a reply may be
// padded to megabytes, or echo the key). An answered query is never
// asked again, so an interrupted run resumes where it stopped and a
// repeated run sends no request; an entry whose labels are not the
// scales' is asked again. Unanswered queries are not cached: the next run
// asks them again. Temporary files older than 10 minutes (left by a
// killed run) are removed when a run starts.
//
// # The key
//
// Client.Key (a Secret, which prints as [redacted]) is sent as a bearer
// token and nowhere else: a redirect keeps it only while the URL's
// scheme, host and port stay the same, and a redirect from https to http
// is refused. It is scrubbed from everything kept or printed before any
// text is cut: server messages, replies (Result.Reply) and errors. Server
// messages are quoted (Go syntax), so that no control character reaches a
// terminal.
package llmjudge
