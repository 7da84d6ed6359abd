"""gecmetric.meta_eval equals meta-eval --benchmark's JSON."""

import os

import pytest

import gecmetric
from conftest import cli_json, data_root


@pytest.fixture(scope="module")
def seeda():
    if not os.path.isfile(os.path.join(data_root(), "seeda", "data", "judgments_edit.xml")):
        pytest.skip("shared data not found: set GECMETRIC_DATA to the folder holding seeda/ (looked in %s)" % data_root())
    return data_root()


def test_meta_eval_seeda(seeda):
    r = gecmetric.meta_eval("seeda", metrics=["gleu"], sets="base", data=seeda)
    assert r.signature.startswith("seeda|sents:391|")
    row = r.find("gleu", "edit")
    # GLEU over the 12 Base systems against the published edit-based
    # TrueSkill: r 0.9065 (measured; SEEDA's paper prints .911).
    assert round(row.pearson["trueskill"], 3) == 0.906
    sent = [s for s in r.sentence if (s.metric, s.ranking) == ("gleu", "edit")][0]
    assert sent.counts["pairs"] == 7708 and round(sent.authors["accuracy"], 3) == 0.668
    assert r.raw == cli_json("meta-eval", "--benchmark", "seeda", "--metrics", "gleu", "--sets", "base", "--data", seeda, "--format", "json")


def test_meta_eval_errors(seeda):
    with pytest.raises(gecmetric.GecmetricError) as e:
        gecmetric.meta_eval("seeda", metrics="gleu", sets="fluent", data=seeda)
    assert 'unknown system set "fluent"' in str(e.value)
