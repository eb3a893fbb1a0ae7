"""The names the task YAMLs call with ``!function utils.NAME`` (lm-eval loads this file by its path)."""

from tabtext.lm_eval.tasks import aggregation, dataset_loader, score_doc

tatqa_dataset = dataset_loader("tatqa")
convfinqa_dataset = dataset_loader("convfinqa")
tanq_dataset = dataset_loader("tanq")


def tatqa_results(doc, results):
    return score_doc("tatqa", doc, results)


def convfinqa_results(doc, results):
    return score_doc("convfinqa", doc, results)


def tanq_results(doc, results):
    return score_doc("tanq", doc, results)


tatqa_em = aggregation("tatqa", "em")
tatqa_f1 = aggregation("tatqa", "f1")
tatqa_scale = aggregation("tatqa", "scale")
convfinqa_official_em = aggregation("convfinqa", "official_em")
convfinqa_strict_em = aggregation("convfinqa", "strict_em")
tanq_f1 = aggregation("tanq", "f1")
tanq_precision = aggregation("tanq", "precision")
tanq_recall = aggregation("tanq", "recall")
