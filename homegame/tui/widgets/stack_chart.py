"""The night at a glance: each player's stack by hand (KRG: wins by deal) as a line chart."""

from __future__ import annotations

from textual_plotext import PlotextPlot


class StackChart(PlotextPlot):
    """A line per player over the hands played, drawn by plotext."""

    DEFAULT_CSS = """
    StackChart {
        height: 12;
        min-height: 8;
    }
    """

    def show(self, counts: str, series: dict[str, list[int]], word: str) -> None:
        """Draw `series` (name: value after each deal); `counts` names the y axis, `word` (the
        game's deal word, "hand") the x axis."""
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        drawn = False
        for name, values in series.items():
            if len(values) > 1:
                plt.plot(list(range(len(values))), values, label=name, marker="braille")
                drawn = True
        length = max((len(v) for v in series.values()), default=0)
        if length > 1:  # whole hands on the x axis, at most about eight marks
            step = max(1, (length - 1) // 8)
            plt.xticks(list(range(0, length, step)))
        plt.title(f"{counts.capitalize()} by {word}" if drawn else f"No {word} finished yet")
        plt.xlabel(word)
        self.refresh()
