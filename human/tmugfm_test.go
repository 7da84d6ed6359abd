package human

import (
	"errors"
	"strings"
	"testing"
)

func TestReadTMUGFM(t *testing.T) {
	in := "\xef\xbb\xbfsource,output,grammer,fluency,meaning,system,ave_g,ave_f,ave_m\n" +
		"He go .,He goes .,\"4,4,3,4,0\",\"4,3,3,4,2\",\"4,4,4,4,4\",\"lstm,cnn\",3.8,3.6,4\n" +
		"He go .,He go .,\"2,2,2,1,2\",\"1,1,2,1,2\",\"4,4,4,4,4\",smt,1.8,1.4,4\n"
	rs, err := ReadTMUGFM(strings.NewReader(in), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 30 {
		t.Fatalf("%d ratings, want 30", len(rs))
	}
	r := rs[4] // row 1, grammaticality, rater5: "0" is Other
	if r.Item != "s1" || r.System != "lstm,cnn" || r.Annotator != "rater5" || !r.Other || r.Scale != Grammaticality4 || r.Pos != "t.csv:2" {
		t.Errorf("rating 4 = %+v", r)
	}
	if r := rs[15]; r.Item != "s1" || r.System != "smt" || r.Value != 2 || r.Scale != Grammaticality4 || r.Output != "He go ." {
		t.Errorf("rating 15 = %+v", r)
	}
	for _, bad := range []struct{ in, want string }{
		{"source,output\n", "t.csv:1"},
		{"source,output,grammer,fluency,meaning,system\na,b,\"1,2\",\"1,1,1,1,1\",\"1,1,1,1,1\",x\n", "t.csv:2"},
		{"source,output,grammer,fluency,meaning,system\na,b,\"1,2,3,4,9\",\"1,1,1,1,1\",\"1,1,1,1,1\",x\n", "t.csv:2"},
	} {
		_, err := ReadTMUGFM(strings.NewReader(bad.in), "t.csv")
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: err %v, want it to name %s", bad.in, err, bad.want)
		}
	}
	if _, err := ReadTMUGFM(strings.NewReader("source,output,grammer,fluency,meaning,system\na,b,\"1,2,3,4,9\",\"1,1,1,1,1\",\"1,1,1,1,1\",x\n"), "t.csv"); !errors.Is(err, ErrUnknownLabel) {
		t.Errorf("label 9: %v, want ErrUnknownLabel", err)
	}
}
