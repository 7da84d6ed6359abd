package en

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/gecmetric/gecmetric/edits"
)

// alignment turns "M S I D T2" into alignment ops with running indices.
func alignment(t testing.TB, s string) []edits.AlignOp {
	t.Helper()
	var ops []edits.AlignOp
	i, j := 0, 0
	for _, f := range strings.Fields(s) {
		op := edits.AlignOp{Op: edits.Op(f[0]), OStart: i, CStart: j}
		switch f[0] {
		case 'M', 'S':
			i, j = i+1, j+1
		case 'I':
			j++
		case 'D':
			i++
		case 'T':
			n, err := strconv.Atoi(f[1:])
			if err != nil {
				t.Fatalf("bad op %q", f)
			}
			i, j = i+n, j+n
		default:
			t.Fatalf("bad op %q", f)
		}
		op.OEnd, op.CEnd = i, j
		ops = append(ops, op)
	}
	return ops
}

// showEdits prints edits as "o1 o2>c1|..." for comparison.
func showEdits(es []edits.Edit) string {
	var parts []string
	for _, e := range es {
		parts = append(parts, fmt.Sprintf("%s>%s", strings.Join(e.O, " "), strings.Join(e.C, " ")))
	}
	return strings.Join(parts, " | ")
}

var mergeCases = []struct {
	name string
	o, c string
	ops  string
	want string
}{
	{"matches only", "a/DT/=/det", "a/DT/=/det", "M", ""},
	{"single substitution", "a/DT/=/det cat/NN/=/ROOT", "the/DT/=/det cat/NN/=/ROOT", "S M", "a>the"},
	{"deletions merge", "the/DT/=/det the/DT/=/det cat/NN/=/ROOT", "cat/NN/=/ROOT", "D D M", "the the>"},
	{"insertions merge", "cat/NN/=/ROOT", "the/DT/=/det big/JJ/=/amod cat/NN/=/ROOT", "I I M", ">the big"},
	{"transpositions stay apart",
		"only/RB/=/advmod can/MD/=/aux we/PRP/-PRON-/nsubj go/VB/=/ROOT",
		"can/MD/=/aux only/RB/=/advmod go/VB/=/ROOT we/PRP/-PRON-/nsubj", "T2 T2",
		"only can>can only | we go>go we"},
	{"possessive suffix first is split off",
		"people/NNS/person/poss life/NN/=/ROOT",
		"people/NNS/person/poss 's/POS/'s/case lives/NNS/life/ROOT", "M I S",
		">'s | life>lives"},
	{"possessive suffix last merges",
		"my/PRP$/-PRON-/poss friends/NNS/friend/ROOT car/NN/=/dobj",
		"my/PRP$/-PRON-/poss friend/NN/=/poss 's/POS/'s/case car/NN/=/dobj", "M S I M",
		"friends>friend 's"},
	{"case change at the start merges",
		"Cat/NN/cat/ROOT sat/VBD/sit/ROOT",
		"The/DT/the/det big/JJ/=/amod cat/NN/=/nsubj sat/VBD/sit/ROOT", "I I S M",
		"Cat>The big cat"},
	{"case change after punctuation merges",
		"I/PRP/-PRON-/nsubj left/VBD/leave/ROOT ,/,/,/punct we/PRP/-PRON-/nsubj stayed/VBD/stay/ROOT",
		"I/PRP/-PRON-/nsubj left/VBD/leave/ROOT ././././punct We/PRP/-PRON-/nsubj stayed/VBD/stay/ROOT",
		"M M S S M", ", we>. We"},
	{"whitespace merges",
		"acat/NN/=/ROOT", "a/DT/=/det cat/NN/=/ROOT", "S I", "acat>a cat"},
	{"hyphens merge",
		"sub/NN/=/compound -/HYPH/-/punct way/NN/=/ROOT", "subway/NN/=/ROOT", "S D D", "sub - way>subway"},
	{"verb forms merge",
		"I/PRP/-PRON-/nsubj like/VBP/=/ROOT to/TO/=/aux eat/VB/=/xcomp",
		"I/PRP/-PRON-/nsubj like/VBP/=/ROOT eating/VBG/eat/xcomp", "M M D S",
		"to eat>eating"},
	{"adjacent substitutions split",
		"I/PRP/-PRON-/nsubj has/VBZ/have/aux eat/VB/=/ROOT",
		"I/PRP/-PRON-/nsubj have/VBP/=/aux eaten/VBN/eat/ROOT", "M S S",
		"has>have | eat>eaten"},
	{"similar substitution at the start splits",
		"I/PRP/-PRON-/nsubj recieve/VBP/receive/ROOT",
		"I/PRP/-PRON-/nsubj receive/VBP/=/ROOT the/DT/=/det", "M S I",
		"recieve>receive | >the"},
	{"final determiner splits",
		"at/IN/=/prep home/NN/=/pobj",
		"in/IN/=/prep the/DT/=/det home/NN/=/pobj", "S I M",
		"at>in | >the"},
	{"content words merge",
		"I/PRP/-PRON-/nsubj watch/VBP/=/ROOT it/PRP/-PRON-/dobj",
		"I/PRP/-PRON-/nsubj look/VBP/=/ROOT at/IN/=/prep it/PRP/-PRON-/pobj", "M S I M",
		"watch>look at"},
	{"function words split",
		"go/VB/=/ROOT of/IN/=/prep home/NN/=/pobj",
		"go/VB/=/ROOT to/IN/=/prep ,/,/,/punct home/NN/=/pobj", "M S I M",
		"of>to | >,"},
	{"runs are separated by matches",
		"a/DT/=/det b/NN/=/ROOT c/NN/=/ROOT", "x/DT/=/det b/NN/=/ROOT y/NN/=/ROOT", "S M S",
		"a>x | c>y"},
}

func TestMerge(t *testing.T) {
	l := New()
	for _, tt := range mergeCases {
		t.Run(tt.name, func(t *testing.T) {
			o, c := handTagged(t, tt.o), handTagged(t, tt.c)
			ops := alignment(t, tt.ops)
			got := l.Merge(o, c, ops)
			if s := showEdits(got); s != tt.want {
				t.Errorf("Merge = %q, want %q", s, tt.want)
			}
			for _, e := range got {
				if e.OEnd-e.OStart != len(e.O) || e.CEnd-e.CStart != len(e.C) || e.Type != "" {
					t.Errorf("edit %+v: spans and tokens disagree or type set", e)
				}
			}
		})
	}
}
