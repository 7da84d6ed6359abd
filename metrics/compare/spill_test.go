package compare

import (
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
)

// TestSpill writes records and reads them back in any order, as they
// were: lines, noop edits (spans of -1), deletions, alternatives; then a
// damaged record is an error naming the file, not a panic.
func TestSpill(t *testing.T) {
	sp, err := newSpill()
	if err != nil {
		t.Fatal(err)
	}
	defer sp.close()
	records := []struct {
		line string
		es   []edits.Edit
	}{
		{"He goes home .", []edits.Edit{{OStart: 1, OEnd: 2, CStart: 1, CEnd: 2, O: []string{"go"}, C: []string{"goes"}, Type: "R:VERB:SVA"}}},
		{"", nil},
		{"Unchanged .", []edits.Edit{{OStart: -1, OEnd: -1, CStart: -1, CEnd: -1, Type: "noop"}}},
		{strings.Repeat("long ", 5000), []edits.Edit{
			{OStart: 3, OEnd: 4, CStart: 3, CEnd: 3, O: []string{"the"}, Type: "U:DET"},
			{OStart: 7, OEnd: 7, CStart: 6, CEnd: 8, C: []string{"a", "b"}, Alternatives: []string{"a b", "c"}, Type: "M:OTHER"}}},
	}
	for _, r := range records {
		if err := sp.add(r.line, r.es); err != nil {
			t.Fatal(err)
		}
	}
	for _, i := range []int{3, 0, 2, 1, 3} {
		line, es, err := sp.read(i)
		if err != nil {
			t.Fatal(err)
		}
		if line != records[i].line || !reflect.DeepEqual(es, records[i].es) {
			t.Errorf("record %d: %q %+v, want %q %+v", i, line[:min(20, len(line))], es, records[i].line[:min(20, len(records[i].line))], records[i].es)
		}
	}
	if _, err := sp.f.WriteAt([]byte{0xff, 0xff, 0xff}, sp.off[2]); err != nil {
		t.Fatal(err)
	}
	if _, _, err := sp.read(2); err == nil || !strings.Contains(err.Error(), sp.f.Name()) {
		t.Errorf("damaged record: %v", err)
	}
}

// TestSpillLeavesNoFile: a spill file is removed from its folder as it is
// created, so that no way of ending the process (Ctrl-C, SIGTERM, a
// panic, kill -9) leaves a gecmetric-compare-* file behind; before, all
// of those did. The spill still works from the open file.
func TestSpillLeavesNoFile(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("an open file cannot be removed on Windows; close removes it")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	sp, err := newSpill()
	if err != nil {
		t.Fatal(err)
	}
	defer sp.close()
	if err := sp.add("a line", nil); err != nil {
		t.Fatal(err)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) != 0 {
		t.Errorf("files in the temporary folder while the spill is open: %v", left)
	}
	if line, _, err := sp.read(0); err != nil || line != "a line" {
		t.Errorf("read back %q, %v", line, err)
	}
}
