package degenerate

import (
	"reflect"
	"strings"
	"testing"
)

func TestOutputs(t *testing.T) {
	lines := [][]string{strings.Fields("I has a book about cats ."), strings.Fields("He go home .")}
	tests := []struct {
		system string
		want   []string // line 0
	}{
		{"constant", Constant},
		{"other", strings.Fields("He go home .")},
		{"delete", strings.Fields("I has a about cats .")},
		{"truncate", strings.Fields("I has a book")},
		{"append", strings.Fields("I has a book about cats . He go home .")},
		{"lowercase", strings.Fields("i has a book about cats .")},
	}
	for _, tt := range tests {
		got, err := Outputs(tt.system, lines, 1)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got[0], tt.want) {
			t.Errorf("%s: got %q, want %q", tt.system, got[0], tt.want)
		}
	}
	got, _ := Outputs("other", lines, 1)
	if !reflect.DeepEqual(got[1], lines[0]) {
		t.Errorf("other wraps: got %q", got[1])
	}
	a, _ := Outputs("shuffle", lines, 7)
	b, _ := Outputs("shuffle", lines, 7)
	if !reflect.DeepEqual(a, b) || len(a[0]) != len(lines[0]) || reflect.DeepEqual(a[0], lines[0]) {
		t.Errorf("shuffle not a deterministic permutation: %q %q", a[0], b[0])
	}
	if _, err := Outputs("nope", lines, 1); err == nil || !strings.Contains(err.Error(), "constant") {
		t.Errorf("unknown system: err %v", err)
	}
	if lines[0][0] != "I" {
		t.Error("input changed")
	}
}
