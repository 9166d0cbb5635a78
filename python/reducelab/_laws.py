"""Cost laws as objects beside the command line's strings: reducelab.gamma(mean=1, cv=0.5) is
the law "gamma:1:0.5". The core validates a law and writes its canonical text (parseLaw and
Law::toString, core/platform/law.h); an object is accepted wherever a law string is (transfer=,
reduction=, arrival=) as that very text, so its results are the string's to the bit."""

from __future__ import annotations

from typing import Any

from . import _reducelab as _core

# The core's key of each family (the command line's), by the package's function name.
_FAMILIES = {"constant": "const", "exponential": "exp", "gamma": "gamma", "uniform": "uniform",
             "bernoulli": "bernoulli"}
_BY_KEY = {key: family for family, key in _FAMILIES.items()}


class Law:
    """A cost law (docs/model.md §2): `family` ('gamma', 'exponential', 'constant', 'uniform',
    'bernoulli'), `mean`, `cv` (1 for an exponential law, 0 for a constant), str() its text as
    the command line writes it. Immutable, hashable, equal to a law of the same family and
    parameters. Build one with reducelab.gamma(...) and its kin, or reducelab.law("gamma:1:1")."""

    __slots__ = ("family", "mean", "cv", "_text")

    family: str
    mean: float
    cv: float

    def __init__(self, text: str):
        from ._api import _text  # _api imports this module at its top

        parsed = _core.parse_law(_text(text, "law", "gamma:1:0.5"))
        for name, value in (("family", _BY_KEY[parsed["kind"]]), ("mean", parsed["mean"]),
                            ("cv", parsed["cv"]), ("_text", parsed["text"])):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a law is immutable: build another (reducelab.{self.family}(...))")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        # The core's numbers (shortest round-trip text), which are Python literals too.
        fields = self._text.split(":")[1:]
        names = ("value",) if self.family == "constant" else \
            ("mean",) if self.family == "exponential" else ("mean", "cv")
        return f"{self.family}(" + ", ".join(f"{k}={v}" for k, v in zip(names, fields)) + ")"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Law):
            return NotImplemented
        return (self.family, self.mean, self.cv) == (other.family, other.mean, other.cv)

    def __hash__(self) -> int:
        return hash((self.family, self.mean, self.cv))

    def __reduce__(self) -> tuple[type[Law], tuple[str]]:
        return (Law, (self._text,))


def _build(family: str, *numbers: tuple[str, float]) -> Law:
    from ._api import _number

    # repr: the shortest text that reads back to the same double, as the core's own.
    values = [repr(_number(v, f"{family}: {name}")) for name, v in numbers]
    return Law(":".join([_FAMILIES[family], *values]))


def law(text: str) -> Law:
    """The law a command-line string names ("gamma:1:0.5", "exp:2", "const:0", ...), as an
    object: reducelab.law("gamma:1:0.5") == reducelab.gamma(1, 0.5)."""
    return Law(text)


def gamma(mean: float, cv: float) -> Law:
    """The gamma law of mean `mean` and coefficient of variation `cv` (shape 1/cv², cv in
    (0, 100], or 0 for a constant): "gamma:MEAN:CV"."""
    return _build("gamma", ("mean", mean), ("cv", cv))


def exponential(mean: float) -> Law:
    """The exponential law of mean `mean`: "exp:MEAN"."""
    return _build("exponential", ("mean", mean))


def constant(value: float) -> Law:
    """Every draw is `value`: "const:VALUE"."""
    return _build("constant", ("value", value))


def uniform(mean: float, cv: float) -> Law:
    """The uniform law of mean `mean` and coefficient of variation `cv` <= 1/sqrt(3) (on
    [mean (1 - sqrt(3) cv), mean (1 + sqrt(3) cv)]): "uniform:MEAN:CV"."""
    return _build("uniform", ("mean", mean), ("cv", cv))


def bernoulli(mean: float, cv: float) -> Law:
    """mean (1 + cv²) with probability 1 / (1 + cv²), else 0: "bernoulli:MEAN:CV"."""
    return _build("bernoulli", ("mean", mean), ("cv", cv))
