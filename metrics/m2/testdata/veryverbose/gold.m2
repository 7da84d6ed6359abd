S He go to school every days .
A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0
A 5 6|||R:NOUN:NUM|||day|||REQUIRED|||-NONE-|||0

S They the go home .
A 1 2|||U:DET|||-NONE-|||REQUIRED|||-NONE-|||0
A 2 2|||M:ADV|||now|||REQUIRED|||-NONE-|||0
A 1 2|||R:OTHER|||now|||REQUIRED|||-NONE-|||1
A 3 4|||R:NOUN|||house|||REQUIRED|||-NONE-|||1
