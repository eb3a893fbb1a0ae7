"""Writes src/tabtext/data_files/tanq/tabtext_demo.jsonl: five TANQ questions written by the project, in the
official record format, whose answer tables are built only from the passages given with them (infobox, table and
text proofs). A demo that runs offline (`tabtext run tanq --split demo`), not a benchmark: its figures say that
the pipeline works end to end, nothing about accuracy on TANQ.

Usage: python benchmarks/make_tanq_demo.py
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "src" / "tabtext" / "data_files" / "tanq" / "tabtext_demo.jsonl"
WIKI = "https://en.wikipedia.org/wiki/"


def infobox(page: str, key: str, value: str) -> dict:
    return {"key": key, "value": value, "section": "", "parent_section": "", "found_in_url": WIKI + page,
            "index": 0, "proof_type": "infobox", "eval_result": True}


def text(page: str, sentence: str, section: str = "") -> dict:
    return {"text": sentence, "section": section, "parent_section": "", "found_in_url": WIKI + page, "index": 0,
            "proof_type": "text", "eval_result": True}


def table(page: str, caption: str, rows: list[list[str]]) -> dict:
    return {"rows": [{"cells": [{"cell_value": c} for c in r]} for r in rows], "caption": caption, "section": "",
            "parent_section": "", "found_in_url": WIKI + page, "index": 0, "proof_type": "table",
            "eval_result": True}


def entity(name: str, kind: str, why: dict, values: list[tuple[str, str, dict]]) -> dict:
    return {"init_answer_wikidata_id": "", "init_answer_wikipedia_id": name, "init_answer_composed": "",
            "filter_pass": True, "instance_type": kind,
            "init_answer_proof": [{"proof_text": why["text"], "found_in_url": why["found_in_url"]}],
            "extension_answer": [{"extension_property_id": "", "extension_property_label": label,
                                  "extension_entity": {"label": value}, "extension_wikidata_id": "",
                                  "extension_wikipedia_id": "", "proof": [proof]} for label, value, proof in values]}


def record(qid: str, question: str, rephrased: str, properties: list[str], answers: list[dict]) -> dict:
    labels = [e["extension_property_label"] for e in answers[0]["extension_answer"]]
    lines = ["entity|" + "|".join(labels)]
    for a in answers:
        lines.append("|".join([a["init_answer_wikipedia_id"]] + [e["extension_entity"]["label"]
                                                                 for e in a["extension_answer"]]))
    return {"init_qid": qid, "init_question": question, "ext_question": f"{question} {' '.join(properties)}",
            "ext_question_cleaned": question, "ext_question_rephrased": rephrased,
            "question_properties": properties, "extended_types": ["tabtext_demo"], "answer_list": answers,
            "answer_table": "\n".join(lines) + "\n"}


GASES = [["Element", "Symbol", "Atomic number"], ["Helium", "He", "2"], ["Neon", "Ne", "10"],
         ["Argon", "Ar", "18"]]
LAKES = [["Lake", "Surface area", "Max depth"], ["Lake Superior", "82,100 km2", "406 m"],
         ["Lake Huron", "59,600 km2", "229 m"], ["Lake Erie", "25,700 km2", "64 m"],
         ["Lake Ontario", "18,960 km2", "244 m"]]

RECORDS = [
    record("1__tabtext_simple__demo", "Which noble gases are lighter than argon?",
           "Which noble gases are lighter than argon? Also, what is the symbol (symbol) and the atomic number "
           "(atomic_number) of each?", ["symbol", "atomic_number"],
           [entity(name, "chemical element", text("Noble_gas", f"{name} is a noble gas lighter than argon."),
                   [("symbol", symbol, table("Noble_gas", "Noble gases", GASES)),
                    ("atomic number", number, table("Noble_gas", "Noble gases", GASES))])
            for name, symbol, number in (("Helium", "He", "2"), ("Neon", "Ne", "10"))]),
    record("2__tabtext_intersection__demo", "Which Great Lakes border both Canada and the United States?",
           "Which Great Lakes border both Canada and the United States? Also, what is the area (area) of each?",
           ["area"],
           [entity(name, "lake", text("Great_Lakes", f"{name} lies on the border of Canada and the United States."),
                   [("area", area, table("Great_Lakes", "The Great Lakes", LAKES))])
            for name, area in (("Lake Superior", "82100"), ("Lake Huron", "59600"), ("Lake Erie", "25700"),
                               ("Lake Ontario", "18960"))]),
    record("3__tabtext_simple__demo", "Which studio albums did the Beatles release in 1965?",
           "Which studio albums did the Beatles release in 1965? Also, what was the publication date "
           "(publication_date) and the record label (record_label) of each?", ["publication_date", "record_label"],
           [entity(name, "album", text("The_Beatles", f"{name} is a studio album the Beatles released in 1965."),
                   [("publication date", iso, infobox(page, "Released", released)),
                    ("record label", "Parlophone", infobox(page, "Label", "Parlophone"))])
            for name, page, iso, released in (("Help!", "Help!", "1965-08-06", "6 August 1965"),
                                              ("Rubber Soul", "Rubber_Soul", "1965-12-03", "3 December 1965"))]),
    record("4__tabtext_composition__demo", "Which planets of the Solar System are ice giants?",
           "Which planets of the Solar System are ice giants? Also, who discovered each (discoverer_or_inventor) "
           "and in which year (time_of_discovery_or_invention)?",
           ["discoverer_or_inventor", "time_of_discovery_or_invention"],
           [entity(name, "planet", text("Ice_giant", f"{name} is one of the two ice giants of the Solar System."),
                   [("discoverer or inventor", who, text(name, f"{name} was discovered by {who} in {year}.")),
                    ("time of discovery or invention", year, text(name, f"{name} was discovered by {who} in {year}."))])
            for name, who, year in (("Uranus", "William Herschel", "1781"), ("Neptune", "Johann Gottfried Galle",
                                                                           "1846"))]),
    record("5__tabtext_simple__demo", "Which rivers flow through Paris?",
           "Which rivers flow through Paris? Also, what is the length (length) of each?", ["length"],
           [entity(name, "river", text("Paris", f"The {name} flows through Paris."),
                   [("length", length, infobox(name.replace(" ", "_"), "Length", f"{length} km"))])
            for name, length in (("Seine", "777"), ("Bièvre", "36"))]),
]


def main() -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in RECORDS), encoding="utf-8")
    print(f"wrote {OUT}: {len(RECORDS)} questions")


if __name__ == "__main__":
    main()
