"""The files a lecturer looks for: a citation, a changelog, contributing notes, one version,
and a Binder badge whose address comes from the one place it is set."""

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

import cardlib
import cardlib_course

ROOT = Path(__file__).resolve().parents[2]


def _version(pyproject: Path) -> str:
    return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]


def test_one_version_everywhere():
    version = _version(ROOT / "pyproject.toml")
    assert _version(ROOT / "course" / "pyproject.toml") == version
    assert cardlib.__version__ == cardlib_course.__version__ == version
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert str(citation["version"]) == version
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^## {re.escape(version)} \(\d{{4}}-\d\d-\d\d\)", changelog, re.M)


def test_the_citation_has_what_cff_requires():
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert citation["cff-version"] == "1.2.0"
    assert citation["message"] and citation["title"] and citation["authors"]
    assert all("name" in author or "family-names" in author for author in citation["authors"])
    assert citation["license"] == "MIT"


def test_the_readme_badge_comes_from_the_citation(tmp_path):
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    badge = re.search(r"https://mybinder\.org/v2/gh/([\w.-]+/[\w.-]+)/HEAD", readme)
    assert badge, "the README has no Binder badge"
    address = citation.get("repository-code")
    expected = address.removeprefix("https://github.com/") if address else "OWNER/REPO"
    assert badge.group(1) == expected


def test_setting_the_repository_writes_both_places(tmp_path):
    for name in ("CITATION.cff", "README.md"):
        (tmp_path / name).write_text((ROOT / name).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "set_repository.py").write_text(
        (ROOT / "tools" / "set_repository.py").read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run([sys.executable, str(tmp_path / "tools" / "set_repository.py"),
                           "https://github.com/unsw/shuffling"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    citation = yaml.safe_load((tmp_path / "CITATION.cff").read_text(encoding="utf-8"))
    assert citation["repository-code"] == "https://github.com/unsw/shuffling"
    assert "mybinder.org/v2/gh/unsw/shuffling/HEAD" in (tmp_path / "README.md").read_text()


def test_the_readme_fits_one_screen_per_reader_and_its_links_resolve():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 130
    for target in re.findall(r"\]\((?!https?://)([^)#]+)", readme):
        assert (ROOT / target).exists(), target
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        assert f"`{path.stem}`" in readme, f"{path.stem} is missing from the lesson table"


def test_contributing_says_how_to_add_a_lesson_and_an_exercise():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    for needed in ("## The shape of a lesson", "## An exercise", "%%solution", "%%reveal",
                   "tools/lesson_check.py", "make test"):
        assert needed in text, needed


def test_the_class_environment_is_pinned_and_is_what_the_tests_run():
    """binder/constraints.txt pins every package exactly; both requirement files read it, so
    the environment CI tests is the one a class gets (this one was installed from it)."""
    from importlib.metadata import PackageNotFoundError, version

    pins = [line for line in (ROOT / "binder" / "constraints.txt").read_text().splitlines()
            if line and not line.startswith("#")]
    assert len(pins) > 50 and all(re.fullmatch(r"[A-Za-z0-9_.\-]+==[\w.+!]+", p) for p in pins)
    for requirements in (ROOT / "requirements.txt", ROOT / "binder" / "requirements.txt"):
        assert re.search(r"^-c (binder/)?constraints\.txt$", requirements.read_text(), re.M)
    differ = []
    for pin in pins:
        name, pinned = pin.split("==")
        try:
            installed = version(name)
        except PackageNotFoundError:
            continue  # pinned for the class, not needed by the tests (it may be absent here)
        if installed != pinned:
            differ.append(f"{name} {installed} (pinned {pinned})")
    assert differ == [], f"installed versions differ from the class's pins: {differ}"
