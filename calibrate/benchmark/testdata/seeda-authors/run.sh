#!/bin/sh
# Regenerates the goldens of TestAuthorsScripts: runs SEEDA's own scripts
# (seeda/utils/corr_system.py, corr_sentence.py, window_analysis_system.py
# at tmu-nlp/SEEDA 0c6c07f98dcf, read in place from the shared data folder,
# not copied) on the metric scores in ./inputs and writes their output
# to ./authors.tsv. Run from anywhere outside the repository's Go code:
#
#   GECMETRIC_DATA=/path/to/shared/data sh run.sh
#
# with Debian's python3 (3.11), python3-numpy 1.24.2 and python3-scipy
# 1.10.1 (apt-get install python3-scipy). The inputs were made with
#
#   gecmetric meta-eval --benchmark seeda --metrics m2,gleu --export-scores DIR
#
# and every score rounded to 4 decimals (awk '{printf "%.4f\n", $1}'), so
# that both sides read the same numbers.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
utils=${GECMETRIC_DATA:?set GECMETRIC_DATA}/seeda/utils
human=$GECMETRIC_DATA/seeda/scores/human
xml=$GECMETRIC_DATA/seeda/data
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
out=$here/authors.tsv
: > "$out"
for m in m2 gleu; do
  in=$here/inputs/$m
  for h in TS_edit EW_edit TS_sent EW_sent; do
    for s in base +REF-F_GPT-3.5 +INPUT all; do
      python3 "$utils/corr_system.py" --human_score "$human/$h.txt" --metric_score "$in/system_score.txt" --systems "$s" |
        sed "s/^\([A-Za-z]*\): /$m\tsystem\t$h\t$s\t\1\t/" >> "$out"
    done
    for w in 4 5 6 7 8; do
      python3 "$utils/window_analysis_system.py" --human_score "$human/$h.txt" --metric_score "$in/system_score.txt" --window_size $w |
        awk -v m=$m -v h=$h -v w=$w '/^---/ {from=$4; next} {sub(":", "", $1); printf "%s\twindow%s:from%s\t%s\tbase\t%s\t%s\n", m, w, from, h, $1, $2}' >> "$out"
    done
  done
  for g in edit sent; do
    for s in base +REF-F_GPT-3.5 +INPUT all; do
      python3 "$utils/corr_sentence.py" --human_score "$xml/judgments_$g.xml" --metric_score "$in/sentence_score" --systems "$s" |
        sed "s/^\([A-Za-z]*\): /$m\tsentence\t$g\t$s\t\1\t/" >> "$out"
    done
  done
done
