package annotate

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

type client struct {
	t     *testing.T
	url   string
	token string
}

func (c client) do(method, path, body string) (int, map[string]any) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.url+path, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var out map[string]any
	json.Unmarshal(raw, &out)
	return res.StatusCode, out
}

func serve(t *testing.T, db *DB) *httptest.Server {
	srv := httptest.NewServer(NewServer(db))
	t.Cleanup(srv.Close)
	return srv
}

func TestServerAuth(t *testing.T) {
	db := newFixtureDB(t)
	a, _ := db.AddAnnotator("ann")
	srv := serve(t, db)
	for _, tok := range []string{"", "nope", a.Token + "x"} {
		code, body := client{t, srv.URL, tok}.do("GET", "/api/session", "")
		if code != http.StatusUnauthorized || !strings.Contains(body["error"].(string), "token") {
			t.Errorf("token %q: %d %v", tok, code, body)
		}
	}
	code, body := client{t, srv.URL, a.Token}.do("GET", "/api/session", "")
	if code != 200 || body["annotator"] != "ann" || body["total"] != 2.0 {
		t.Errorf("session: %d %v", code, body)
	}
	// The scheme's name is case-insensitive: "bearer" was "missing token".
	req, _ := http.NewRequest("GET", srv.URL+"/api/session", nil)
	req.Header.Set("Authorization", "bearer "+a.Token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("lower-case bearer: status %d, want 200", res.StatusCode)
	}
}

func TestServerPageAndHeaders(t *testing.T) {
	db := newFixtureDB(t)
	srv := serve(t, db)
	for path, ctype := range map[string]string{"/": "text/html", "/app.js": "javascript", "/app.css": "text/css"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Type"), ctype) {
			t.Errorf("%s: %d %s", path, res.StatusCode, res.Header.Get("Content-Type"))
		}
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || !strings.Contains(csp, "default-src 'none'") {
			t.Errorf("%s: Content-Security-Policy %q", path, csp)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s: missing nosniff or no-referrer", path)
		}
		// Nothing is fetched from elsewhere.
		if m := regexp.MustCompile(`(?i)(src|href)\s*=\s*["']?(https?:)?//`).Find(body); m != nil {
			t.Errorf("%s loads an external resource: %s", path, m)
		}
	}
	for _, path := range []string{"/web/app.js", "/api/nothing", "/../store.go"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusNotFound && res.StatusCode != http.StatusUnauthorized {
			t.Errorf("%s: status %d", path, res.StatusCode)
		}
	}
}

// TestScriptInsertsTextOnly keeps the page's script from ever turning data
// into markup: sentences come from untrusted files.
func TestScriptInsertsTextOnly(t *testing.T) {
	js, err := webFiles.ReadFile("web/app.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function", "setAttribute(\"on"} {
		if strings.Contains(string(js), bad) {
			t.Errorf("app.js uses %s", bad)
		}
	}
}

func TestServerItemHidesSystemsAndReference(t *testing.T) {
	db := newFixtureDB(t)
	a, _ := db.AddAnnotator("ann")
	c := client{t, serve(t, db).URL, a.Token}
	for pos := range 2 {
		code, body := c.do("GET", "/api/item?pos="+string(rune('0'+pos)), "")
		if code != 200 {
			t.Fatalf("item %d: %d %v", pos, code, body)
		}
		raw := mustJSON(body)
		item := a.Order[pos]
		for _, secret := range []string{"sysA", "sysB", fixture.ref[item]} {
			if strings.Contains(raw, jsonString(secret)[1:len(jsonString(secret))-1]) {
				t.Errorf("item %d response shows %q: %s", pos, secret, raw)
			}
		}
		if body["source"] != fixture.source[item] {
			t.Errorf("item %d: source %v", pos, body["source"])
		}
	}
	for _, bad := range []string{"-1", "2", "x", ""} {
		if code, _ := c.do("GET", "/api/item?pos="+bad, ""); code != http.StatusBadRequest {
			t.Errorf("pos %q: status %d, want 400", bad, code)
		}
	}
}

func TestServerSaveAndConfirm(t *testing.T) {
	db := newFixtureDB(t)
	a, _ := db.AddAnnotator("ann")
	c := client{t, serve(t, db).URL, a.Token}
	item := a.Order[0]
	_, it := c.do("GET", "/api/item?pos=0", "")
	outs := it["outputs"].([]any)
	first := outs[0].(map[string]any)["output"].(string)

	stage1 := `{"pos":0,"outputs":[{"key":0,"postEdit":"x","ratings":{"grammaticality":"Perfect","fluency":"4"}},{"key":1,"postEdit":"y","ratings":{"grammaticality":"Other","fluency":"Extremely natural"}}]}`
	for name, tc := range map[string]struct {
		body string
		code int
		want string
	}{
		"missing fluency": {`{"pos":0,"outputs":[{"key":0,"postEdit":"x","ratings":{"grammaticality":"Perfect"}},{"key":1,"postEdit":"y","ratings":{"grammaticality":"Perfect","fluency":"4"}}]}`, 400, "rate Fluency"},
		"one output":      {`{"pos":0,"outputs":[{"key":0,"postEdit":"x","ratings":{"grammaticality":"Perfect","fluency":"4"}}]}`, 400, "1 of 2 outputs"},
		"bad label":       {strings.Replace(stage1, `"Perfect"`, `"Great"`, 1), 400, `unknown label "Great"`},
		"bad key":         {strings.Replace(stage1, `"key":1`, `"key":7`, 1), 400, "output key 7 out of range"},
		"unknown field":   {strings.Replace(stage1, `"pos":0`, `"pos":0,"system":"sysA"`, 1), 400, "unknown field"},
		"ok":              {stage1, 200, ""},
	} {
		code, body := c.do("POST", "/api/save", tc.body)
		if code != tc.code || (tc.want != "" && !strings.Contains(body["error"].(string), tc.want)) {
			t.Errorf("save, %s: %d %v", name, code, body)
		}
		if code == 200 && body["reference"] != fixture.ref[item] {
			t.Errorf("save reveals %v, want %q", body["reference"], fixture.ref[item])
		}
	}
	if js, _ := db.Judgements(""); len(js) != 0 {
		t.Errorf("Save stored %d judgements; only Confirm stores", len(js))
	}

	if code, body := c.do("POST", "/api/confirm", stage1); code != 400 || !strings.Contains(body["error"].(string), "no Meaning Preservation rating") {
		t.Errorf("confirm without meaning: %d %v", code, body)
	}
	full := `{"pos":0,"outputs":[{"key":0,"postEdit":" ` + first + `  ","ratings":{"grammaticality":"Perfect","fluency":"4","meaning":"Identical"}},{"key":1,"postEdit":"a  new\nsentence","ratings":{"grammaticality":"0","fluency":"Other","meaning":"other"}}]}`
	code, body := c.do("POST", "/api/confirm", full)
	if code != 200 || body["confirmed"] != 1.0 {
		t.Fatalf("confirm: %d %v", code, body)
	}
	js, _ := db.Judgements("ann")
	if len(js) != 2 {
		t.Fatalf("%d judgements stored", len(js))
	}
	for _, j := range js {
		if db.Items()[item].Outputs[j.System] == first {
			if j.PostEdit != first || j.Ratings["fluency"] != "Extremely natural" || j.Ratings["meaning"] != "Identical" {
				t.Errorf("first output stored as %+v", j)
			}
		} else if j.PostEdit != "a new sentence" || j.Ratings["grammaticality"] != "Other" || j.Ratings["meaning"] != "Other" {
			t.Errorf("second output stored as %+v", j)
		}
	}
	// The annotator resumes at the next example; a second Confirm replaces the first.
	if an, _, _ := db.Annotator("ann"); an.Next != 1 {
		t.Errorf("resume position %d, want 1", an.Next)
	}
	c.do("POST", "/api/confirm", strings.ReplaceAll(full, `"Perfect"`, `"Comprehensible"`))
	js, _ = db.Judgements("ann")
	if len(js) != 2 || js[0].Ratings["grammaticality"] == "Perfect" && js[1].Ratings["grammaticality"] == "Perfect" {
		t.Errorf("re-confirm: %+v", js)
	}
	// The item now comes back with the confirmed post-edits and ratings.
	_, it = c.do("GET", "/api/item?pos=0", "")
	if it["done"] != true || !strings.Contains(mustJSON(it), `"postEdit":"a new sentence"`) {
		t.Errorf("revisited item: %v", it)
	}
}

// TestServerOtherProtocols runs the seed 000 and seed 003 scale sets: no
// post-editing (the stored post-edit is the output), Other on every scale,
// and for seed 003 no source on the page.
func TestServerOtherProtocols(t *testing.T) {
	for _, tc := range []struct {
		protocol, ratings string
		source            bool
	}{
		{"llm-judge", `{"semantics":"5","grammaticality":"2 or more","overcorrection":"Other"}`, true},
		{"grue", `{"fluency":"good","commonsense":"Other"}`, false},
	} {
		t.Run(tc.protocol, func(t *testing.T) {
			db := openTestDB(t, createTask(t, t.TempDir(), tc.protocol, fixture.source, nil, map[string][]string{"sysA": fixture.sysA}))
			if db.Protocol.Name != tc.protocol {
				t.Fatalf("task on the %s scales, want %s", db.Protocol.Name, tc.protocol)
			}
			a, _ := db.AddAnnotator("ann")
			c := client{t, serve(t, db).URL, a.Token}
			_, sess := c.do("GET", "/api/session", "")
			for _, sc := range sess["scales"].([]any) {
				labels := sc.(map[string]any)["labels"].([]any)
				if labels[len(labels)-1] != "Other" {
					t.Errorf("scale %v has no Other", sc)
				}
			}
			_, it := c.do("GET", "/api/item?pos=0", "")
			if (it["source"] != "") == !tc.source {
				t.Errorf("source %q shown: want %v", it["source"], tc.source)
			}
			code, body := c.do("POST", "/api/confirm", `{"pos":0,"outputs":[{"key":0,"postEdit":"edited","ratings":`+tc.ratings+`}]}`)
			if code != 200 {
				t.Fatalf("confirm: %d %v", code, body)
			}
			js, _ := db.Judgements("ann")
			if len(js) != 1 || js[0].PostEdit != fixture.sysA[a.Order[0]] {
				t.Errorf("stored %+v, want the output as post-edit", js)
			}
			rs, err := db.HumanRatings("")
			if err != nil {
				t.Fatal(err)
			}
			others := 0
			for _, r := range rs {
				if r.Other {
					others++
				}
			}
			if len(rs) != len(db.Protocol.Scales) || others != 1 {
				t.Errorf("%d ratings (%d Other), want %d (1)", len(rs), others, len(db.Protocol.Scales))
			}
		})
	}
}

// TestServerShownText: a task with the detokenised display (annotate
// init's) shows raters raw text, keeps what they wrote, and measures and
// exports their post-edits against the text they saw: an output left
// alone has no edits and distance 0, though its stored form is tokenised.
func TestServerShownText(t *testing.T) {
	db := newShownFixtureDB(t)
	a, _ := db.AddAnnotator("ann")
	c := client{t, serve(t, db).URL, a.Token}
	item := a.Order[0]
	_, sess := c.do("GET", "/api/session", "")
	if got := mustJSON(sess["scales"].([]any)[0].(map[string]any)["keys"]); got != `["4","3","2","1","0"]` {
		t.Errorf("grammaticality keys %s", got)
	}
	_, it := c.do("GET", "/api/item?pos=0", "")
	if src := it["source"]; src != shownFixture(fixture.source[item]) || strings.HasSuffix(fixture.source[item], " .") == strings.HasSuffix(src.(string), " .") {
		t.Errorf("source shown as %q, want %q", src, shownFixture(fixture.source[item]))
	}
	var shown []string
	for _, o := range it["outputs"].([]any) {
		m := o.(map[string]any)
		if m["output"] != m["postEdit"] || strings.HasSuffix(m["output"].(string), " .") {
			t.Errorf("output %v: not detokenised, or its post-edit box differs", m)
		}
		shown = append(shown, m["output"].(string))
	}
	body := `{"pos":0,"outputs":[{"key":0,"postEdit":` + jsonString(shown[0]) + `,"ratings":{"grammaticality":"4","fluency":"4","meaning":"4"}},{"key":1,"postEdit":"Rewritten, by me.","ratings":{"grammaticality":"3","fluency":"3","meaning":"3"}}]}`
	if code, res := c.do("POST", "/api/save", body); code != 200 || res["reference"] != shownFixture(fixture.ref[item]) {
		t.Errorf("save: %d %v", code, res)
	}
	if code, res := c.do("POST", "/api/confirm", body); code != 200 {
		t.Fatalf("confirm: %d %v", code, res)
	}
	rs, err := db.Ratings("")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		switch r.PostEdit {
		case shown[0]:
			if r.Shown != shown[0] || r.Output == r.Shown || len(r.Edits) != 0 {
				t.Errorf("unchanged output exported as output %q, shown %q, edits %v", r.Output, r.Shown, r.Edits)
			}
		case "Rewritten, by me.":
			if r.Shown != shown[1] || len(r.Edits) == 0 {
				t.Errorf("edited output exported as shown %q, edits %v", r.Shown, r.Edits)
			}
		default:
			t.Errorf("post-edit %q stored, not as written", r.PostEdit)
		}
	}
	_, ped, err := db.Agreement()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ped {
		sys := ""
		for s, o := range db.Items()[item].Outputs {
			if db.Shown(o) == shown[0] {
				sys = s
			}
		}
		if p.System == sys && p.Mean != 0 {
			t.Errorf("%s, left alone as shown, has post-edit distance %v, want 0", p.System, p.Mean)
		}
		if p.System != sys && !(p.Mean > 0) {
			t.Errorf("%s, rewritten, has post-edit distance %v, want > 0", p.System, p.Mean)
		}
	}
}
