"""The import graph of tablekit has no cycles, counting lazy and type-only imports too.

The layers themselves (CLI, interface, devices, dice reader, local files,
session, rules) are an import-linter contract in pyproject.toml, checked by
``make lint``; this test catches a cycle inside one layer as well.
"""

from __future__ import annotations

import grimp


def cycles(package: str) -> list[list[str]]:
    """Every import cycle among ``package``'s modules, each as the modules along it."""
    graph = grimp.build_graph(package, cache_dir=None)
    found: list[list[str]] = []
    state: dict[str, str] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = "open"
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if state.get(imported) == "open":
                found.append([*path[path.index(imported) :], imported])
            elif imported not in state:
                visit(imported, [*path, imported])
        state[module] = "done"

    for module in sorted(graph.modules):
        if module not in state:
            visit(module, [module])
    return found


def test_tablekit_has_no_import_cycles() -> None:
    assert cycles("tablekit") == []
