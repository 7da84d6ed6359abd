"""The Python package on CoNLL-2014, against the CLI: every system's edits
(per-pair annotate and the batch call) against `gecmetric edits`' M2,
evaluate against `eval --json`, and the timings of the per-pair loop and of
the batch calls. Run it with the installed package, from outside python/:

    GECMETRIC_DATA=/path/to/shared/data python python/examples/conll14.py
"""

import difflib
import json
import os
import subprocess
import sys
import time

import gecmetric
import gecmetric.errant as errant

D = os.path.join(os.environ.get("GECMETRIC_DATA", os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "data")), "conll14-errant")
T = D + "/text/"
SYSTEMS = ["AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN"]
read = lambda p: open(p, encoding="utf-8").read().splitlines()
cli = lambda *a: subprocess.run([sys.executable, "-m", "gecmetric", *a], capture_output=True, text=True, check=True).stdout
src = read(T + "source.txt")
annotator = errant.load("en")
print("engine", gecmetric.engine_version(), "from", gecmetric.__file__)
# 1. edits: every system's M2 from Python against `gecmetric edits`
for s in SYSTEMS:
    hyp = read(T + s + ".txt")
    want = cli("edits", "--source", T + "source.txt", "--target", T + s + ".txt").splitlines()
    got_batch = annotator.parallel(src, hyp).splitlines()
    blocks = []
    for o, c in zip(src, hyp):
        es = annotator.annotate(o, c)
        head = "S " + " ".join(o.split())
        body = ["A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0"] if " ".join(o.split()) == c.strip() else [e.to_m2() for e in es]
        blocks.append("\n".join([head] + body) + "\n")
    got_loop = ("\n".join(blocks) + "\n").splitlines()
    nd = lambda a, b: sum(1 for l in difflib.ndiff(a, b) if l[:1] in "+-")
    print(f"{s:6} CLI M2 lines {len(want):5}  differing lines: per-pair annotate {nd(want, got_loop)}, batch {nd(want, got_batch)}")
# 2. evaluate vs eval --json
hyps = {s: read(T + s + ".txt") for s in SYSTEMS}
args = ["eval", "--json", "-m", "m2,errant,gleu,chrf", "--errant-cat", "3", "--ref", D + "/m2/gold.m2"] + sum([["--hyp", T + s + ".txt"] for s in SYSTEMS], [])
want = json.loads(cli(*args))
got = gecmetric.evaluate(None, hyps, D + "/m2/gold.m2", metrics=["m2", "errant", "gleu", "chrf"])
print("evaluate == eval --json (gold.m2, 6 systems, m2/errant/gleu/chrf):", got.raw == want)
for s in SYSTEMS:
    r = got[s]; w = next(x for x in want["systems"] if x["name"] == s)
    print(f"  {s:6} M2 F0.5 {r.m2.f!r:22} ERRANT F0.5 {r.errant.f!r:22} GLEU {r.gleu.score!r:22} chrF {r.chrf.score!r}",
          "equal" if (r.m2.f, r.errant.f, r.gleu.score, r.chrf.score) == (w["m2"]["f"], w["errant"]["f"], w["gleu"]["score"], w["chrf"]["score"]) else "DIFFER")
want2 = json.loads(cli("eval", "--json", "-m", "m2,errant,gleu,chrf", "--errant-cat", "3", "--source", T + "source.txt", "--ref", T + "ref0.txt", "--ref", T + "ref1.txt", *sum([["--hyp", T + s + ".txt"] for s in SYSTEMS], [])))
got2 = gecmetric.evaluate(src, hyps, [read(T + "ref0.txt"), read(T + "ref1.txt")], metrics="m2,errant,gleu,chrf")
print("evaluate == eval --json (text refs ref0/ref1 as lists, 6 systems):", got2.raw == want2)
print("signature:", got.signature)
# 3. timing
hyp = read(T + "AMU.txt")
for rep in range(3):
    t = time.perf_counter(); n = sum(len(annotator.annotate(o, c)) for o, c in zip(src, hyp)); tl = time.perf_counter() - t
    t = time.perf_counter(); b = annotator.annotate_batch(src, hyp); tb = time.perf_counter() - t
    print(f"AMU 1,312 pairs: per-pair annotate loop {tl:.3f} s ({1312/tl:,.0f} pairs/s, {n} edits); annotate_batch {tb:.3f} s ({1312/tb:,.0f} pairs/s)")
t = time.perf_counter(); m2 = annotator.parallel(src, *[read(T + s + ".txt") for s in SYSTEMS]); tp = time.perf_counter() - t
print(f"parallel, 6 systems x 1,312 = 7,872 pairs: {tp:.3f} s ({7872/tp:,.0f} pairs/s)")
try:
    gecmetric.evaluate(None, {"short": hyp[:1000]}, D + "/m2/gold.m2")
except gecmetric.GecmetricError as e:
    print("error:", e, "| file", e.file, "line", e.line)
