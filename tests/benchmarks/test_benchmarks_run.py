"""Every benchmark runs to its end (issue 34): `bench_store.py` crashed as shipped and nobody
saw, as nothing ran it. Each runs here at a small size, in a process of its own, with this
checkout's code; a new benchmark must be given its small size here (the first test says so).
The ones that launch the app in a terminal take many seconds each and are marked slow."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"

#: Each benchmark's arguments for a run of a second or two.
QUICK: dict[str, tuple[str, ...]] = {
    "bench_store.py": ("--hands", "3"),
    "bench_engine.py": ("--seconds", "0.1"),
    "bench_evaluator.py": ("--hands", "300", "--pokerkit-hands", "30", "--repeat", "1"),
    "bench_equity.py": ("--samples", "2000", "--repeat", "1", "--stride", "5000"),
    "bench_bots.py": (
        "--decisions",
        "1",
        "--strength",
        "2",
        "--variants",
        "holdem",
        "--rows",
        "hard-frozen",
        "--sizes",
        "2",
    ),
    "bench_devices.py": ("--hands", "2"),
    "bench_stats.py": ("--games", "2", "--hands", "40", "--runs", "1"),
    "bench_listing.py": ("--games", "3", "--runs", "1"),
}
#: The ones that play the app itself, for several seconds even at their smallest.
SLOW: dict[str, tuple[str, ...]] = {
    "bench_memory.py": ("--hands", "1"),
    "bench_stalls.py": ("--hands", "1", "--games", "holdem"),
    "bench_startup.py": ("--runs", "1"),
    "bench_idle.py": ("--seconds", "1"),
}


def test_every_benchmark_has_a_quick_run_here() -> None:
    shipped = {p.name for p in BENCHMARKS.glob("bench_*.py")}
    assert shipped == set(QUICK) | set(SLOW)


def _run(name: str, args: tuple[str, ...]) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / name), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"{name} failed:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    assert done.stdout.strip(), f"{name} printed nothing"


@pytest.mark.parametrize("name", sorted(QUICK))
def test_a_benchmark_runs_to_its_end(name: str) -> None:
    _run(name, QUICK[name])


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SLOW))
def test_a_benchmark_of_the_app_runs_to_its_end(name: str) -> None:
    _run(name, SLOW[name])
