// Package cmulm embeds gecmetric's broad-coverage English language model:
// the CMU Sphinx US English trigram model en-us.lm.bin (72,547 words,
// 2,051,547 bigrams, 1,669,625 trigrams; lower case, no punctuation), as
// shipped by Debian's pocketsphinx-en-us package (0.8+5prealpha+1-15),
// converted by the committed generator in ./gen (go generate) from
// sphinxbase's trie binary into the compact form package lm decodes.
//
// Copyright 1995-2014 Carnegie Mellon University, 2014-2015 Alpha Cephei
// Inc.; BSD-2 licence (Debian's /usr/share/doc/pocketsphinx-en-us/copyright):
//
//	Redistribution and use in source and binary forms, with or without
//	modification, are permitted provided that the following conditions
//	are met:
//	1. Redistributions of source code must retain the above copyright
//	   notice, this list of conditions and the following disclaimer.
//	2. Redistributions in binary form must reproduce the above copyright
//	   notice, this list of conditions and the following disclaimer in
//	   the documentation and/or other materials provided with the
//	   distribution.
//	This work was supported in part by funding from the Defense Advanced
//	Research Projects Agency and the National Science Foundation of the
//	United States of America, and the CMU Sphinx Speech Consortium.
//	THIS SOFTWARE IS PROVIDED BY CARNEGIE MELLON UNIVERSITY ``AS IS'' AND
//	ANY EXPRESSED OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO,
//	THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR
//	PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL CARNEGIE MELLON UNIVERSITY
//	NOR ITS EMPLOYEES BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL,
//	SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT
//	LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE,
//	DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY
//	THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
//	(INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
//	OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
//
// This package imports nothing, so that only commands that score with the
// language model link it.
package cmulm

import _ "embed"

//go:generate go run ./gen -out en-us.trie.gz

// Model is the gzip-compressed model file described in gen/main.go.
//
//go:embed en-us.trie.gz
var Model []byte
