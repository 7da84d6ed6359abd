S The cat sat .
A 0 1|||R:ORTH|||the|||REQUIRED|||-NONE-|||0
A 1 2|||R:NOUN|||dog|||REQUIRED|||-NONE-|||1

S I like it
A 3 3|||M:PUNCT|||.|||REQUIRED|||-NONE-|||0

