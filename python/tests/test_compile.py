"""Models: Python's bytes are `cagec compile`'s, for every fixture, format
and option set; files are written as `compile -o` writes them."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any, Dict

import pytest

import cagec
from conftest import FIXTURES, PUZZLES, cli, flags

FORMATS = ["lp", "mps", "fixed-mps", "ampl", "opb", "cnf", "mzn", "fzn"]
OPTION_SETS: Dict[str, Dict[str, Any]] = {
    "paper": {},
    "presolve": {"presolve": True},
    "tuples+presolve": {"formulation": "tuples", "presolve": True},
    "sets": {"product": "sets"},
    "auto": {"product": "auto"},
    "tuple-limit": {"formulation": "tuples", "tuple_limit": 20},
    "cover+presolve": {"formulation": "cover", "presolve": True},
}


CHOICES = "melkonian|tuples|cover|primes|sets|auto|separate|combined|" + "|".join(FORMATS)


def in_keywords(message: str) -> str:
    """The command line's `message` with its flags as Python's keywords:
    `--formulation cover` as `formulation="cover"`, `--tuple-limit` as
    `tuple_limit`. Each face names its own settings in the same sentence."""
    message = re.sub(rf"--([a-z-]+) ({CHOICES})\b", lambda m: f'{m[1].replace("-", "_")}="{m[2]}"', message)
    return re.sub(r"--([a-z-]+)", lambda m: m[1].replace("-", "_"), message)


def test_messages_name_keywords_not_flags() -> None:
    p = cagec.Puzzle.from_file(PUZZLES / "kk0.cage")
    with pytest.raises(cagec.ModelError) as caught:
        p.compile("opb", formulation="cover")
    message = str(caught.value)
    assert 'formulation="cover" writes MIP models' in message and "--" not in message
    with pytest.raises(cagec.ModelError) as caught:
        p.compile("lp", max_nonzeros=10)
    assert str(caught.value).endswith("raise it with max_nonzeros")


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
@pytest.mark.parametrize("to", FORMATS)
@pytest.mark.parametrize("opts", OPTION_SETS, ids=str)
def test_compile_is_the_cli_byte_for_byte(path: Path, to: str, opts: str) -> None:
    options = OPTION_SETS[opts]
    p = cagec.Puzzle.from_file(path)
    done = cli("compile", path, "--to", to, *flags(options), check=False)
    if done.returncode != 0:
        with pytest.raises(cagec.ModelError) as caught:
            p.compile(to, **options)
        assert str(caught.value).splitlines()[0] in in_keywords(done.stderr.decode())
        return
    model = p.compile(to, **options)
    assert model.data == done.stdout
    assert model.text == done.stdout.decode() and str(model) == model.text and bytes(model) == model.data
    assert p.compile(to, **options) == model  # deterministic


@pytest.mark.parametrize("form", ["separate", "combined"])
def test_killer_forms(form: str) -> None:
    path = PUZZLES / "killer9.cage"
    for to in ("lp", "mps"):
        expected = cli("compile", path, "--to", to, "--killer-form", form).stdout
        assert cagec.Puzzle.from_file(path).compile(to, killer_form=form).data == expected


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_stats_are_cagec_stats_json(path: Path) -> None:
    p = cagec.Puzzle.from_file(path)
    for options in ({}, {"presolve": True}, {"formulation": "tuples", "presolve": True}):
        expected = json.loads(cli("stats", "--json", path, *flags(options)).stdout)
        assert p.stats(**options) == expected
        m = p.compile("lp", **options)
        assert (m.num_rows, m.num_columns, m.num_nonzeros) == (
            expected["rows"],
            expected["variables"],
            expected["nonzeros"],
        )


def test_model_names_and_repr() -> None:
    p = cagec.Puzzle.parse((PUZZLES / "kk0.cage").read_text(), name="lesson1")
    m = p.compile("mps")
    assert m.text.startswith("* ") or "NAME" in m.text
    assert "lesson1" in m.text
    assert repr(m) == f"<Model lesson1 (mps): {m.num_rows} rows, {m.num_columns} columns, {m.num_nonzeros} non-zeros, {len(m.data)} bytes>"


def files_in(d: Path) -> Dict[str, bytes]:
    return {f.name: f.read_bytes() for f in sorted(d.iterdir())}


@pytest.mark.parametrize(
    "name",
    [
        "kk1.lp",
        "kk1.mps",
        "kk1.mps.gz",
        "kk1.lp.gz",
        "kk1.mod",
        "kk1.mod.gz",
        "big10.mps",
        "killer9.mod",
        "kk1.opb",
        "kk1.cnf.gz",
        "kk1.mzn",
        "killer9.fzn",
    ],
)
def test_write_is_compile_o(tmp_path: Path, name: str) -> None:
    stem = name.split(".")[0]
    path = PUZZLES / f"{stem}.cage"
    mine, theirs = tmp_path / "py", tmp_path / "cli"
    mine.mkdir()
    theirs.mkdir()
    cagec.Puzzle.from_file(path).write(mine / name, presolve=True)
    cli("compile", path, "--presolve", "-o", theirs / name)
    assert files_in(mine) == files_in(theirs)
    if name.endswith(".gz"):
        plain = gzip.decompress((mine / name).read_bytes())
        fmt = {"lp": "lp", "mps": "mps", "mod": "ampl", "cnf": "cnf"}[name.split(".")[1]]
        if fmt != "ampl":
            assert plain == cagec.Puzzle.from_file(path).compile(fmt, presolve=True).data


def test_fixed_mps_writes_its_map(tmp_path: Path) -> None:
    p = cagec.Puzzle.from_file(PUZZLES / "big10.cage")
    p.write(tmp_path / "big10.mps", to="fixed-mps")
    cli("compile", PUZZLES / "big10.cage", "--to", "fixed-mps", "-o", tmp_path / "cli.mps")
    assert (tmp_path / "big10.map").exists()
    assert (tmp_path / "big10.mps").read_bytes() == (tmp_path / "cli.mps").read_bytes()


def test_model_write_uses_its_options(tmp_path: Path) -> None:
    m = cagec.Puzzle.from_file(PUZZLES / "kk2.cage").compile("lp", formulation="tuples", presolve=True)
    m.write(tmp_path / "m.lp")
    assert (tmp_path / "m.lp").read_bytes() == m.data


def test_a_failed_write_leaves_nothing(tmp_path: Path) -> None:
    p = cagec.Puzzle.from_file(PUZZLES / "kk0.cage")
    with pytest.raises(OSError):
        p.write(tmp_path / "missing" / "kk0.lp")
    assert not (tmp_path / "missing").exists()
    with pytest.raises(ValueError, match="format"):
        p.write(tmp_path / "kk0.txt")
    assert list(tmp_path.iterdir()) == []


def test_bad_options() -> None:
    p = cagec.Puzzle.from_file(PUZZLES / "kk0.cage")
    with pytest.raises(ValueError, match="product must be one of"):
        p.compile("lp", product="nope")
    with pytest.raises(ValueError, match="to must be one of"):
        p.compile("xlsx")
    with pytest.raises(TypeError, match="unexpected model option"):
        p.compile("lp", presolved=True)
    with pytest.raises(cagec.ModelError, match="non-zeros"):
        p.compile("lp", max_nonzeros=10)


def test_root_lp_is_cagec_stats_root() -> None:
    path = PUZZLES / "kk2.cage"
    p = cagec.Puzzle.from_file(path)
    for options in ({}, {"formulation": "tuples"}, {"formulation": "cover", "presolve": True}):
        expected = json.loads(cli("stats", "--root", "--json", path, *flags(options)).stdout)["root"]
        mine = p.root_lp(**options)
        assert mine.keys() == expected.keys()
        # HiGHS's own clock is the one figure that differs between runs.
        for key in expected.keys() - {"seconds"}:
            assert mine[key] == expected[key], (options, key)
        assert mine["status"] == "optimal"
    assert p.root_lp()["fractional_x"] > 0 and not p.root_lp()["integral"]
    assert p.root_lp(formulation="tuples")["integral"]
