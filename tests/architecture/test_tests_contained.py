"""A test's stand-ins stay inside what it tests (issue 28 item 12).

`monkeypatch.setattr(time, "perf_counter", ...)` replaces the clock of every thread of the test
process while the test runs: pytest-xdist's own threads included. A fake clock or a sleep that
does not sleep reached code the test never meant (a passing run once ended with a
KeyboardInterrupt raised in such a stand-in). A test gives its fake clock to the module under
test instead (`monkeypatch.setattr(module, "time", fake)`)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
#: Modules whose functions every thread of the process calls.
SHARED = {"time", "sys", "os", "signal", "threading"}
#: Attributes of those that are data, fine to set for one test (the command line).
DATA = {"argv"}


def _process_wide_patches(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "setattr"
            and node.args
        ):
            continue
        target = node.args[0]
        if isinstance(target, ast.Name) and len(node.args) > 1:
            name = node.args[1]
            attr = str(name.value) if isinstance(name, ast.Constant) else None
            module = target.id
        elif isinstance(target, ast.Constant) and isinstance(target.value, str):
            module, _, attr = target.value.rpartition(".")
        else:
            continue
        if module in SHARED and attr not in DATA:
            found.append(f"{path.relative_to(TESTS)}:{node.lineno}: {module}.{attr}")
    return found


def test_no_test_replaces_a_function_every_thread_of_the_process_calls() -> None:
    found = [hit for path in sorted(TESTS.rglob("*.py")) for hit in _process_wide_patches(path)]
    assert found == []
