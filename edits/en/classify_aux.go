package en

// precededByAux is ERRANT's preceded_by_aux on the approximated parse
// (auxHead and auxChildren stand in for spaCy's tree, see dep.go):
//
//   - when both tokens are auxiliaries, it reports whether neither is the
//     first auxiliary of its verb ("has been -> has being" is FORM, not
//     TENSE), comparing texts as ERRANT does;
//   - otherwise, whether both tokens have an aux or auxpass dependent
//     ("has eat -> has eaten").
func precededByAux(p *pair) bool {
	if hasPrefixAux(p.o0.Dep) && hasPrefixAux(p.c0.Dep) {
		oKids := auxChildren(p.o.sent, auxHead(p.o.sent, p.o.at))
		if len(oKids) == 0 || p.o.sent.Tokens[oKids[0]].Text == p.o0.Text {
			return false
		}
		cKids := auxChildren(p.c.sent, auxHead(p.c.sent, p.c.at))
		return len(cKids) > 0 && p.c.sent.Tokens[cKids[0]].Text != p.c0.Text
	}
	return len(auxChildren(p.o.sent, p.o.at)) > 0 && len(auxChildren(p.c.sent, p.c.at)) > 0
}
