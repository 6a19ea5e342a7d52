"""The generator, against `cagec generate`."""

from __future__ import annotations

import pytest

import cagec
from conftest import cli


def test_generate_is_cagec_generate() -> None:
    for n, seed in [(4, 1), (6, 3), (9, 7)]:
        p = cagec.generate(n, seed=seed)
        text = cli("generate", "--size", n, "--seed", seed, "--unique").stdout.decode()
        assert p == cagec.Puzzle.parse(text)
        assert p.to_text("cages") == cagec.Puzzle.parse(text).to_text("cages")
        assert p.solve(unique=True).unique is True
        assert cagec.generate(n, seed=seed) == p
    loose = cagec.generate(8, seed=2, unique=False, ops="+*", max_cage=3)
    assert {c.op for c in loose.cages} <= {"+", "*", ""}
    assert max(len(c.cells) for c in loose.cages) <= 3
    for bad in ({"size": 0}, {"size": 9, "ops": "q"}, {"size": 9, "cage_sizes": "x"}, {"size": 65}):
        size = bad.pop("size")
        with pytest.raises(ValueError):
            cagec.generate(size, **bad)  # type: ignore[arg-type]
