package annotate

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

// serveEnv names the database a re-executed test binary serves (see
// TestMain): the crash test kills that process, not itself.
const serveEnv = "GECMETRIC_ANNOTATE_TEST_SERVE"

func TestMain(m *testing.M) {
	if path := os.Getenv(serveEnv); path != "" {
		os.Exit(serveHelper(path))
	}
	os.Exit(testdata.Main(m))
}

// serveHelper serves the task at path on a free loopback port and prints
// the address on stdout.
func serveHelper(path string) int {
	db, err := Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	l, err := Listen("127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	fmt.Printf("ADDR %s\n", l.Addr())
	if err := NewServer(db).Serve(context.Background(), l); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

type ack struct {
	annotator string
	pos       int
}

// crashPostEdit is the post-edit the crash test sends for one output.
func crashPostEdit(annotator string, pos, key int) string {
	return fmt.Sprintf("post-edit by %s at %d of output %d", annotator, pos, key)
}

var crashLabels = []string{"Perfect", "Comprehensible", "Somewhat comprehensible", "Incomprehensible", "Other"}

// TestKillDuringConfirms kills the server with SIGKILL while several
// annotators confirm as fast as they can, then checks that every confirm
// the server acknowledged is in the database, whole.
func TestKillDuringConfirms(t *testing.T) {
	const (
		items      = 300
		annotators = 4
		killAfter  = 80 // acknowledged confirms before the kill
	)
	dir := t.TempDir()
	var src, a, b, ref []string
	for i := range items {
		src = append(src, fmt.Sprintf("Sentence %d have an error .", i))
		a = append(a, fmt.Sprintf("Sentence %d has an error .", i))
		b = append(b, fmt.Sprintf("Sentence %d have a error .", i))
		ref = append(ref, fmt.Sprintf("Sentence %d has an error .", i))
	}
	path := createTask(t, dir, "swell", src, ref, map[string][]string{"a": a, "b": b})
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var anns []Annotator
	for i := range annotators {
		an, err := db.AddAnnotator(fmt.Sprintf("annotator%d", i))
		if err != nil {
			t.Fatal(err)
		}
		anns = append(anns, an)
	}
	db.Close()

	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serveEnv+"="+path)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	addrc := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if s, ok := strings.CutPrefix(sc.Text(), "ADDR "); ok {
				addrc <- s
			}
		}
	}()
	var addr string
	select {
	case addr = <-addrc:
	case <-time.After(20 * time.Second):
		t.Fatalf("server did not start: %s", stderr.String())
	}
	if !strings.HasPrefix(addr, "127.0.0.1:") {
		t.Fatalf("server listens on %s, want 127.0.0.1", addr)
	}

	var acked atomic.Int64
	var mu sync.Mutex
	var acks []ack
	var wg sync.WaitGroup
	deadline := time.Now().Add(30 * time.Second)
	client := &http.Client{Timeout: 5 * time.Second}
	for _, an := range anns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for pos := 0; pos < items && time.Now().Before(deadline); pos++ {
				body := map[string]any{"pos": pos, "outputs": []map[string]any{}}
				for k := range 2 {
					body["outputs"] = append(body["outputs"].([]map[string]any), map[string]any{
						"key": k, "postEdit": crashPostEdit(an.Name, pos, k),
						"ratings": map[string]string{
							"grammaticality": crashLabels[(pos+k)%5], "fluency": "Somewhat natural", "meaning": "Identical"},
					})
				}
				js, _ := json.Marshal(body)
				req, _ := http.NewRequest("POST", "http://"+addr+"/api/confirm", bytes.NewReader(js))
				req.Header.Set("Authorization", "Bearer "+an.Token)
				req.Header.Set("Content-Type", "application/json")
				res, err := client.Do(req)
				if err != nil {
					return // the server is gone
				}
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					t.Errorf("confirm %s %d: %s", an.Name, pos, res.Status)
					return
				}
				mu.Lock()
				acks = append(acks, ack{an.Name, pos})
				mu.Unlock()
				acked.Add(1)
			}
		}()
	}
	for acked.Load() < killAfter && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if err := cmd.Process.Signal(os.Kill); err != nil { // SIGKILL
		t.Fatal(err)
	}
	wg.Wait()
	cmd.Wait()
	if acked.Load() < killAfter {
		t.Fatalf("only %d confirms acknowledged before the deadline", acked.Load())
	}

	db, err = Open(path)
	if err != nil {
		t.Fatalf("reopening after SIGKILL: %v", err)
	}
	defer db.Close()
	js, err := db.Judgements("")
	if err != nil {
		t.Fatal(err)
	}
	type key struct {
		annotator string
		item      int
	}
	stored := map[key][]Judgement{}
	for _, j := range js {
		k := key{j.Annotator, j.Item}
		stored[k] = append(stored[k], j)
	}
	orders := map[string][]int{}
	for _, an := range anns {
		orders[an.Name] = an.Order
	}
	for _, a := range acks {
		item := orders[a.annotator][a.pos]
		got := stored[key{a.annotator, item}]
		if len(got) != 2 {
			t.Errorf("acknowledged confirm %s at %d (item %d): %d judgements stored, want 2", a.annotator, a.pos, item, len(got))
			continue
		}
		systems := outputOrder(db.salt, a.annotator, item, []string{"a", "b"})
		for k, sys := range systems {
			var j Judgement
			for _, g := range got {
				if g.System == sys {
					j = g
				}
			}
			if j.PostEdit != crashPostEdit(a.annotator, a.pos, k) || j.Ratings["grammaticality"] != crashLabels[(a.pos+k)%5] ||
				len(j.Ratings) != 3 {
				t.Errorf("acknowledged confirm %s at %d, output %d: stored %+v", a.annotator, a.pos, k, j)
			}
		}
	}
	// No confirmation is stored in part, acknowledged or not.
	for k, got := range stored {
		if len(got) != 2 || len(got[0].Ratings) != 3 || len(got[1].Ratings) != 3 {
			t.Errorf("%s item %d stored in part: %+v", k.annotator, k.item, got)
		}
	}
	t.Logf("%d confirms acknowledged before SIGKILL, %d items stored after", len(acks), len(stored))
}
