"""The value types of tabtext.types are written out by hand, yet behave as the frozen, slotted dataclasses they
were: other modules rely on their constructors, equality, hashing, immutability, repr, pickling and on
``dataclasses.replace``. Each is compared with the dataclass made from the same fields."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import sys
import types

import pytest

from tabtext.types import (
    Answer,
    BatchQuestion,
    Context,
    Evidence,
    Example,
    Paragraph,
    Period,
    Prediction,
    Table,
    Turn,
)

TABLE = Table("t1", (("", "2019"), ("Revenue", "5")), "in millions")
ANSWER = Answer(("a", "b"), "million", "x + y", ["a", "b"])
#: each type with field values unlike its defaults
SAMPLES = {
    Table: {"id": "t1", "rows": (("", "2019"), ("Revenue", "5")), "caption": "cap"},
    Paragraph: {"id": "p1", "text": "Revenue rose.", "order": 2, "title": "MD&A"},
    Context: {"tables": (TABLE,), "paragraphs": (Paragraph("p", "text"),)},
    Turn: {"role": "user", "content": "and in 2018?"},
    Answer: {"value": ("a", "b"), "scale": "million", "derivation": "x + y", "raw": ["a", "b"]},
    Example: {"uid": "q1", "question": "What?", "context": Context((TABLE,)), "gold": (ANSWER,),
              "history": (Turn("user", "hi"),), "meta": {"answer_type": "span"}},
    Evidence: {"kind": "cell", "row": 1, "col": 2, "paragraph": 3, "start": 4, "end": 5, "text": "5"},
    Prediction: {"uid": "q1", "answer": ANSWER, "raw": "a, b", "error": "", "evidence": (Evidence("cell", 1, 1),),
                 "meta": {"scale": ""}},
    BatchQuestion: {"question": "What?", "table": "t.csv", "text": "notes.txt"},
    Period: {"year": 2019, "end_month": 9, "months": 3, "kind": "quarter", "day": 0},
}
TYPES = list(SAMPLES)


def dataclass_of(cls: type) -> type:
    """The frozen, slotted dataclass with ``cls``'s fields and defaults (and Period's ordering)."""
    specs = [(f.name, f.type, dataclasses.field(default=f.default) if f.default is not dataclasses.MISSING
              else dataclasses.field(default_factory=f.default_factory)
              if f.default_factory is not dataclasses.MISSING else dataclasses.field())
             for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(cls.__name__, specs, frozen=True, slots=True, order=cls is Period)


@pytest.mark.parametrize("cls", TYPES, ids=lambda c: c.__name__)
def test_constructor_and_fields_agree(cls):
    params = inspect.signature(cls).parameters
    fields = dataclasses.fields(cls)
    assert [f.name for f in fields] == list(params) == list(cls.__slots__) == list(cls.__match_args__)
    for f in fields:
        if f.default_factory is not dataclasses.MISSING:  # meta: left out, a new dict
            left_out = cls(**{k: v for k, v in SAMPLES[cls].items() if k != f.name})
            assert getattr(left_out, f.name) == f.default_factory()
        else:
            assert params[f.name].default == (inspect.Parameter.empty if f.default is dataclasses.MISSING
                                              else f.default)


@pytest.mark.parametrize("cls", TYPES, ids=lambda c: c.__name__)
def test_behaves_as_the_dataclass(cls):
    ref = dataclass_of(cls)
    ours, theirs = cls(**SAMPLES[cls]), ref(**SAMPLES[cls])
    assert repr(ours) == repr(theirs)
    assert ours == cls(*SAMPLES[cls].values()) and not ours != cls(**SAMPLES[cls])
    assert ours != theirs  # a dataclass equals only instances of its own class
    other = {**SAMPLES[cls], next(iter(SAMPLES[cls])): "other"}
    assert ours != cls(**other)
    try:
        expected = hash(theirs)
    except TypeError:  # a dict field (meta): unhashable, as the dataclass
        with pytest.raises(TypeError):
            hash(ours)
    else:
        assert hash(ours) == expected
    assert dataclasses.asdict(ours) == dataclasses.asdict(theirs)
    assert dataclasses.astuple(ours) == dataclasses.astuple(theirs)
    assert dataclasses.is_dataclass(ours) and dataclasses.is_dataclass(cls)


@pytest.mark.parametrize("cls", TYPES, ids=lambda c: c.__name__)
def test_is_immutable(cls):
    value = cls(**SAMPLES[cls])
    name = next(iter(SAMPLES[cls]))
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, name, "x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        delattr(value, name)
    with pytest.raises(AttributeError):
        value.not_a_field = 1
    assert not hasattr(value, "__dict__")


@pytest.mark.parametrize("cls", TYPES, ids=lambda c: c.__name__)
def test_replace_copy_and_pickle(cls):
    value = cls(**SAMPLES[cls])
    name = next(iter(SAMPLES[cls]))
    replaced = dataclasses.replace(value, **{name: "other"})
    assert type(replaced) is cls and replaced == cls(**{**SAMPLES[cls], name: "other"})
    for again in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
        assert type(again) is cls and again == value


def test_a_pickled_dataclass_loads_as_the_new_type():
    """A value pickled by the dataclass version (a run's cache, a worker's queue) loads as the new type."""
    ref = dataclass_of(Answer)
    stand_in = types.ModuleType("tabtext.typeZ")  # as long as "tabtext.types": the pickle's bytes keep their framing
    stand_in.Answer, ref.__module__ = ref, stand_in.__name__
    sys.modules[stand_in.__name__] = stand_in
    try:
        data = pickle.dumps(ref(**SAMPLES[Answer]))
    finally:
        del sys.modules[stand_in.__name__]
    assert pickle.loads(data.replace(b"tabtext.typeZ", b"tabtext.types")) == Answer(**SAMPLES[Answer])


def test_meta_defaults_to_a_new_dict_each_time():
    a, b = Example("a", "q", Context()), Example("b", "q", Context())
    assert a.meta == {} and a.meta is not b.meta
    assert Prediction("a", None).meta is not Prediction("b", None).meta
    assert Example("a", "q", Context(), meta=None).meta is None  # as the dataclass: no default applied


def test_period_orders_as_the_dataclass():
    ref = dataclass_of(Period)
    values = [(2019, 12, 12), (2018, 12, 12), (2019, 6, 6, "half"), (2019, 12, 12, "month", 31)]
    ours, theirs = [Period(*v) for v in values], [ref(*v) for v in values]
    assert [repr(p) for p in sorted(ours)] == [repr(p) for p in sorted(theirs)]
    assert (ours[0] < ours[1], ours[0] <= ours[0], ours[0] > ours[1], ours[1] >= ours[0]) == (False, True, True, False)
    with pytest.raises(TypeError):
        _ = ours[0] < (2019, 12, 12)
