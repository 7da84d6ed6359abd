package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits/generic"
)

// serveOne sends one request line to serve and returns the answer line.
func serveOne(t *testing.T, req string) string {
	t.Helper()
	var out bytes.Buffer
	if err := serve(context.Background(), strings.NewReader(req+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(out.String(), "\n")
}

func TestServe(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.m2")
	if err := os.WriteFile(bad, []byte("S He go .\nA 1 x|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	badJSON, _ := json.Marshal(bad)
	good := filepath.Join(dir, "good.m2")
	if err := os.WriteFile(good, []byte("S He go .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	goodJSON, _ := json.Marshal(good)
	for _, tc := range []struct {
		name, req, want string
	}{
		{"version", `{"id":1,"op":"version"}`, `{"id":1,"ok":true,"result":{"version":"` + version + `"}}`},
		{"annotate", `{"id":2,"op":"annotate","args":{"orig":["He","go","to","school","."],"cor":["He","goes","to","the","school","."]}}`,
			`{"id":2,"ok":true,"result":[{"o_start":1,"o_end":2,"o_str":"go","c_start":1,"c_end":2,"c_str":"goes","type":"R:VERB:SVA"},{"o_start":3,"o_end":3,"o_str":"","c_start":3,"c_end":4,"c_str":"the","type":"M:DET"}]}`},
		{"annotate equal", `{"id":3,"op":"annotate","args":{"orig":["a"],"cor":["a"]}}`, `{"id":3,"ok":true,"result":[]}`},
		{"annotate deletion", `{"id":4,"op":"annotate","args":{"orig":["I","I","go"],"cor":["I","go"]}}`,
			`{"id":4,"ok":true,"result":[{"o_start":0,"o_end":1,"o_str":"I","c_start":0,"c_end":0,"c_str":"","type":"U:PRON"}]}`},
		{"batch", `{"id":5,"op":"annotate_batch","args":{"pairs":[[["a"],["a"]],[["He","go"],["He","goes"]]]}}`,
			`{"id":5,"ok":true,"result":[[],[{"o_start":1,"o_end":2,"o_str":"go","c_start":1,"c_end":2,"c_str":"goes","type":"R:VERB:SVA"}]]}`},
		{"bad merge", `{"id":6,"op":"annotate","args":{"orig":["a"],"cor":["b"],"merge":"fancy"}}`, `{"id":6,"ok":false,"error":{"message":"unknown merge strategy \"fancy\" (want rules, all-split, all-merge, all-equal)"}}`},
		{"align", `{"id":7,"op":"align","args":{"orig":["a","b","c"],"cor":["b","a","c"]}}`,
			`{"id":7,"ok":true,"result":[{"op":"T2","o_start":0,"o_end":2,"c_start":0,"c_end":2},{"op":"M","o_start":2,"o_end":3,"c_start":2,"c_end":3}]}`},
		{"merge", `{"id":8,"op":"merge","args":{"orig":["a","b","c"],"cor":["b","a","c"],"align":[{"op":"T2","o_start":0,"o_end":2,"c_start":0,"c_end":2},{"op":"M","o_start":2,"o_end":3,"c_start":2,"c_end":3}]}}`,
			`{"id":8,"ok":true,"result":[{"o_start":0,"o_end":2,"o_str":"a b","c_start":0,"c_end":2,"c_str":"b a","type":""}]}`},
		{"merge bad step", `{"id":9,"op":"merge","args":{"orig":["a"],"cor":["b"],"align":[{"op":"S","o_start":0,"o_end":5,"c_start":0,"c_end":1}]}}`,
			`{"id":9,"ok":false,"error":{"message":"alignment step 1: \"S\" [0, 5) [0, 1) is not a step of these sentences"}}`},
		{"classify", `{"id":10,"op":"classify","args":{"orig":["He","go"],"cor":["He","goes"],"edits":[[1,2,1,2]]}}`, `{"id":10,"ok":true,"result":["R:VERB:SVA"]}`},
		{"classify outside", `{"id":11,"op":"classify","args":{"orig":["He"],"cor":["He"],"edits":[[0,3,0,1]]}}`,
			`{"id":11,"ok":false,"error":{"message":"edit 1: span [0, 3) -\u003e [0, 1) is outside the sentences (1 and 1 tokens)"}}`},
		{"import_edit min", `{"id":12,"op":"import_edit","args":{"orig":["He","has","eaten"],"cor":["He","was","eaten"],"edit":[1,3,1,3],"min":true}}`,
			`{"id":12,"ok":true,"result":{"o_start":1,"o_end":2,"o_str":"has","c_start":1,"c_end":2,"c_str":"was","type":"R:VERB:TENSE"}}`},
		{"import_edit old_cat", `{"id":13,"op":"import_edit","args":{"orig":["a"],"cor":["b"],"edit":[0,1,0,1,"R:OTHER"],"old_cat":true}}`,
			`{"id":13,"ok":true,"result":{"o_start":0,"o_end":1,"o_str":"a","c_start":0,"c_end":1,"c_str":"b","type":"R:OTHER"}}`},
		{"tokenize", `{"id":14,"op":"tokenize","args":{"texts":["He can't go.",""]}}`, `{"id":14,"ok":true,"result":[["He","ca","n't","go","."],[]]}`},
		{"parse", `{"id":15,"op":"parse","args":{"tokens":["He","goes"]}}`,
			`{"id":15,"ok":true,"result":[{"text":"He","lower":"he","tag":"PRP","pos":"PRON","lemma":"-PRON-","dep":"nsubj"},{"text":"goes","lower":"goes","tag":"VBZ","pos":"VERB","lemma":"go","dep":"ROOT"}]}`},
		{"run", `{"id":16,"op":"run","args":{"args":["edits","--source","-","--target","-"]}}`,
			`{"id":16,"ok":false,"error":{"message":"standard input (-) can be read only once","exit":2,"stderr":"gecmetric: error: standard input (-) can be read only once\ngecmetric: hint: run 'gecmetric help' or 'gecmetric COMMAND --help'\n"}}`},
		{"run stdin", `{"id":17,"op":"run","args":{"args":["eval","-m","m2,errant","-b","--ref",` + string(goodJSON) + `,"--hyp","-"],"stdin":"He goes .\n"}}`,
			`{"id":17,"ok":true,"result":{"exit":0,"stdout":"1.0000 1.0000\n","stderr":""}}`},
		{"run file and line", `{"id":18,"op":"run","args":{"args":["eval","--ref",` + string(badJSON) + `,"--hyp","-"],"stdin":"He goes .\n"}}`,
			`{"id":18,"ok":false,"error":{"message":` + jsonString(bad+`:2:3: malformed M2: span "1 x" is not two integers`) + `,"file":` + string(badJSON) + `,"line":2,"column":3,"exit":2,"stderr":` + jsonString("gecmetric: error: "+bad+`:2:3: malformed M2: span "1 x" is not two integers`+"\n") + `}}`},
		{"run serve", `{"id":19,"op":"run","args":{"args":["serve","--stdio"]}}`, `{"id":19,"ok":false,"error":{"message":"run: serve cannot run inside serve"}}`},
		{"unknown op", `{"id":20,"op":"nope"}`, `{"id":20,"ok":false,"error":{"message":"unknown op \"nope\""}}`},
		{"bad args", `{"id":21,"op":"annotate","args":{"orig":"a"}}`, `{"id":21,"ok":false,"error":{"message":"bad arguments of annotate: json: cannot unmarshal string into Go struct field pairArgs.orig of type []string"}}`},
		// "b a" → "a b": a substitution at [1][1] (lemma 0.499 + POS 0.5 +
		// characters 1 = 1.999) and a transposition at [2][2].
		{"align_matrices", `{"id":22,"op":"align_matrices","args":{"orig":["b","a"],"cor":["a","b"]}}`,
			`{"id":22,"ok":true,"result":{"cost_matrix":[[0,1,2],[1,1.999,1],[2,1,1]],"op_matrix":[["O","I","I"],["D","S","M"],["D","M","T2"]]}}`},
		{"align_matrices lev", `{"id":23,"op":"align_matrices","args":{"orig":["A","B"],"cor":["A","C"],"lev":true}}`,
			`{"id":23,"ok":true,"result":{"cost_matrix":[[0,1,2],[1,0,1],[2,1,1]],"op_matrix":[["O","I","I"],["D","M","I"],["D","D","S"]]}}`},
		{"languages", `{"id":24,"op":"languages"}`, `{"id":24,"ok":true,"result":["cs","de","el","en","et","is","it","lv","ru","sl","sv","uk","zh"]}`},
		{"flags of no command", `{"id":25,"op":"flags","args":{"command":"nope"}}`, `{"id":25,"ok":false,"error":{"message":"flags: no command \"nope\""}}`},
		{"flags of serve", `{"id":26,"op":"flags","args":{"command":"serve"}}`, `{"id":26,"ok":false,"error":{"message":"flags: no command \"serve\""}}`},
		{"bad request", `not json`, `{"id":0,"ok":false,"error":{"message":"bad request: invalid character 'o' in literal null (expecting 'u')"}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := serveOne(t, tc.req); got != tc.want {
				t.Errorf("%s\n got %s\nwant %s", tc.req, got, tc.want)
			}
		})
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestServeRunEval: the run op's eval --json is the CLI's, byte for byte,
// and several requests on one stream are answered in order.
func TestServeRunEval(t *testing.T) {
	dir := writeFiles(t, evalFiles)
	args := []string{"eval", "--json", "-m", "m2,errant,gleu,chrf", "--ref", filepath.Join(dir, "gold.m2"), "--hyp", filepath.Join(dir, "sys.txt")}
	want, errOut, code := gecmetric(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	req, _ := json.Marshal(map[string]any{"id": 1, "op": "run", "args": map[string]any{"args": args}})
	var out bytes.Buffer
	in := string(req) + "\n\n" + strings.Replace(string(req), `"id":1`, `"id":2`, 1) + "\n"
	if err := serve(context.Background(), strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d answers, want 2: %s", len(lines), out.String())
	}
	for k, line := range lines {
		var resp struct {
			ID     int
			OK     bool
			Result runResult
		}
		if err := json.Unmarshal([]byte(line), &resp); err != nil {
			t.Fatal(err)
		}
		if resp.ID != k+1 || !resp.OK || resp.Result.Stdout != want || resp.Result.Exit != 0 {
			t.Errorf("answer %d: %+v, want the CLI's output %q", k+1, resp, want)
		}
	}
}

// FuzzServe: any line gets exactly one answer, never a panic.
func FuzzServe(f *testing.F) {
	for _, s := range []string{`{"id":1,"op":"version"}`, `{"id":2,"op":"annotate","args":{"orig":["a"],"cor":["b"]}}`,
		`{"id":3,"op":"merge","args":{"orig":["a"],"cor":[],"align":[{"op":"D","o_start":0,"o_end":1,"c_start":0,"c_end":0}]}}`,
		`{"id":4,"op":"import_edit","args":{"orig":["a"],"cor":["b"],"edit":[0,1,0,1]}}`, `{"op":"classify","args":{"edits":[[0,0,0,0]]}}`, `[]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n\r") || strings.TrimSpace(line) == "" || strings.Contains(line, `"run"`) {
			return
		}
		var out bytes.Buffer
		if err := serve(context.Background(), strings.NewReader(line+"\n"), &out); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(out.String(), "\n"); n != 1 {
			t.Fatalf("%q: %d answers", line, n)
		}
	})
}

// TestServeFlagsLanguagesDemo: the flags op lists a command's flags with
// the ones every command gets (--output, --progress); every code of the
// languages op has rules of its own; the demo op gives the demo set.
func TestServeFlagsLanguagesDemo(t *testing.T) {
	var flags struct{ Result []flagInfo }
	if err := json.Unmarshal([]byte(serveOne(t, `{"id":1,"op":"flags","args":{"command":"eval"}}`)), &flags); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{}
	for _, f := range flags.Result {
		for _, n := range f.Names {
			kinds[n] = f.Kind
		}
	}
	for name, kind := range map[string]string{"errant-mode": "value", "ref": "list", "tokenize": "bool", "output": "value", "progress": "bool", "cat": "value"} {
		if kinds[name] != kind {
			t.Errorf("eval's flag --%s: kind %q, want %q (flags %v)", name, kinds[name], kind, flags.Result)
		}
	}
	if _, ok := kinds["errant-mod"]; ok {
		t.Error("eval has a flag --errant-mod")
	}
	for _, code := range languageCodes {
		if _, isGeneric := languageFor(code).(*generic.Language); isGeneric {
			t.Errorf("language %q is listed by the languages op but gets the generic rules", code)
		}
	}
	// Codes of GEC test sets in other languages: one with rules of its own
	// must be listed (errant.load refuses the others).
	for _, code := range []string{"de", "cs", "ru", "uk", "es", "fr", "it", "ar", "zh", "ja", "ko", "et", "ro", "xx"} {
		if _, isGeneric := languageFor(code).(*generic.Language); !isGeneric && !slices.Contains(languageCodes, code) {
			t.Errorf("languageFor(%q) has rules of its own: list %q in languageCodes", code, code)
		}
	}
	var d struct {
		Result struct {
			Source     []string
			References []demoFile
			Hypotheses []demoFile
		}
	}
	if err := json.Unmarshal([]byte(serveOne(t, `{"id":1,"op":"demo"}`)), &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Result.Source) != 12 || len(d.Result.References) != 2 || len(d.Result.Hypotheses) != 2 ||
		d.Result.Hypotheses[0].Name != "careful" || len(d.Result.Hypotheses[1].Lines) != 12 {
		t.Errorf("demo op: %+v", d.Result)
	}
}
