"""reader.crosses: the weights the reader reads at run time are the weights it was trained with."""

from tabtext.engines.solver.reader import crosses


def test_a_plain_feature_named_with_an_ampersand_keeps_its_weight_when_no_cross_is_fitted():
    weights = {"fw=r&d": 0.7, "len=3": -0.2}
    assert crosses.CROSS == 0.0  # the shipped reader fits no question-type cross
    merged = crosses.merge_weights(weights, "howmuch")
    assert merged["fw=r&d"] == 0.7 and merged["len=3"] == -0.2
