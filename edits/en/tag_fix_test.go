package en

import (
	"strings"
	"testing"
)

// A tagCase says that tagTokens gives token i of sent the tag want.
type tagCase struct {
	sent string
	i    int
	want string
}

func checkTagTokens(t *testing.T, tests []tagCase) {
	t.Helper()
	for _, tt := range tests {
		toks := strings.Fields(tt.sent)
		tags := tagTokens(toks)
		if tags[tt.i] != tt.want {
			t.Errorf("%q: %q tagged %s, want %s (all: %v)", tt.sent, toks[tt.i], tags[tt.i], tt.want, tags)
		}
	}
}

func TestFixMorphTags(t *testing.T) {
	tests := []tagCase{
		{"Genetic risk refers to the chance .", 3, "IN"},
		{"They want to eat .", 2, "TO"},
		{"It was shortened to simply three .", 3, "TO"},
		{"It is such a pity .", 2, "PDT"},
		{"The lifes of people are hard .", 1, "NNS"},
		{"Many people saves money by shopping online .", 2, "VBZ"},
		{"It is a method which benefits the company .", 5, "VBZ"},
		{"Someone asked what kinds of disease he had .", 3, "NNS"},
		{"Nowadays people use phones .", 0, "RB"},
		{"The carrier refuse to tell the family .", 2, "VBP"},
		{"They known the answer .", 1, "VBN"},
		{"Social networking sites are popular .", 1, "NN"},
		{"People use video chatting and email .", 3, "NN"},
		{"The man eating an apple is here .", 2, "VBG"},
		{"This gives us an idea .", 1, "VBZ"},
		{"This approaches help the patients .", 1, "NNS"},
		{"He told his/her relatives .", 2, "PRP$"},
		{"There are disadvantages to using it .", 3, "IN"},
		{"They are supposed to share it .", 3, "TO"},
		{"They are supposed to share it .", 4, "VB"},
		{"The sites suppose be a place .", 2, "VBP"},
		{"I myself use Facebook just for fun .", 3, "NNP"},
		{"Some seen it as a gift .", 1, "VBD"},
		{"It helps people known each other .", 3, "VBN"},
		{"They avoid undergoing that genetic testing .", 3, "DT"},
		{"I think that people are kind .", 2, "IN"},
		{"We should not become ourselves .", 4, "PRP"},
		{"Everyone know that he is ill .", 1, "VBP"},
		{"He put it there yesterday .", 1, "VBD"},
		{"They meet their friends in .", 4, "RP"},
		{"They pass on the genes .", 2, "RP"},
		{"It can be passed on to the children .", 4, "RP"},
		{"We will discuss about whether it works .", 3, "IN"},
		{"They rely on the data .", 2, "IN"},
		{"It helps to a certain extend and more .", 5, "NN"},
		{"They will bring their own share .", 5, "NN"},
		{"It develops people 's potential to the full .", 4, "NN"},
		{"Researches show that it works .", 0, "NNS"},
		{"The risk of having disease is high .", 4, "NN"},
		{"It is the links among people .", 3, "NNS"},
		{"The news is good .", 1, "NN"},
		{"Machines that save works are useful .", 3, "NNS"},
		{"Social media sites saves money and time .", 3, "VBZ"},
		{"Social media sites saves money and time .", 2, "NNS"},
		{"The images we chooses to present are nice .", 3, "VBZ"},
		{"It thus negatively affect interpersonal skills .", 3, "VBP"},
		{"Things change every second .", 3, "NN"},
		{"As time passed , we grew .", 2, "VBD"},
		{"It is the art of letter writing in schools .", 6, "NN"},
		{"One might also choose to wait .", 0, "PRP"},
		{"Much thought needs to be put into it .", 2, "VBZ"},
		{"It could cause a problem and cause more unhappiness .", 6, "VB"},
		{"Friends they never known before , he said .", 3, "VBD"},
		{"One day he left .", 0, "CD"},
		{"They should at least share the information .", 4, "VB"},
		{"It is responsible towards their children .", 3, "IN"},
	}
	checkTagTokens(t, tests)
}

func TestFixMorphTagsLeavesKnownWords(t *testing.T) {
	// Words WordNet lists with prose's tag, and words it does not know, keep it.
	tests := []tagCase{
		{"The news is good .", 1, "NN"},
		{"He likes physics .", 2, "NNS"}, // prose's own tag
		{"The wolrd is big .", 1, "NN"},
		{"I need the links .", 3, "NNS"},
	}
	checkTagTokens(t, tests)
}
