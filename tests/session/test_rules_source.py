"""The rules' source digest: the build's, read back, is the one worked out from the files, and
without a build's file a changed rules file changes the digest (snapshots are retired)."""

from __future__ import annotations

from pathlib import Path

from tablekit.session import rules_source


def rules_tree(top: Path) -> Path:
    """A small rules folder: shared modules, a game's package with a subpackage."""
    rules = top / "rules"
    (rules / "game_a" / "parts").mkdir(parents=True)
    (rules / "game.py").write_text("SHARED = 1\n")
    (rules / "game_a" / "__init__.py").write_text("")
    (rules / "game_a" / "game.py").write_text("RULE = 'a'\n")
    (rules / "game_a" / "parts" / "dice.py").write_text("FACES = 6\n")
    return rules


def test_the_builds_digests_are_those_worked_out_from_the_files(tmp_path: Path) -> None:
    rules = rules_tree(tmp_path)
    rules_source.write_digests(rules)
    for package in (rules, rules / "game_a", rules / "game_a" / "parts"):
        computed = rules_source.digest_of(rules_source.files_of(package, rules))
        assert rules_source.built_digest(package, rules) == computed


def test_a_game_covers_its_package_subpackages_included_and_the_shared_modules(
    tmp_path: Path,
) -> None:
    rules = rules_tree(tmp_path)
    names = [
        path.relative_to(rules).as_posix()
        for path in rules_source.files_of(rules / "game_a", rules)
    ]
    assert names == ["game_a/__init__.py", "game_a/game.py", "game_a/parts/dice.py", "game.py"]


def test_without_the_builds_file_a_changed_rule_changes_the_digest(tmp_path: Path) -> None:
    rules = rules_tree(tmp_path)
    assert rules_source.built_digest(rules / "game_a", rules) is None
    before = rules_source.digest_of(rules_source.files_of(rules / "game_a", rules))
    (rules / "game_a" / "parts" / "dice.py").write_text("FACES = 8\n")
    assert rules_source.digest_of(rules_source.files_of(rules / "game_a", rules)) != before


def test_a_package_outside_the_rules_has_no_built_digest(tmp_path: Path) -> None:
    rules = rules_tree(tmp_path)
    rules_source.write_digests(rules)
    assert rules_source.built_digest(tmp_path / "elsewhere", rules) is None
