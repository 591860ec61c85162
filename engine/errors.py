"""The typed errors every rule set's engine raises, so the command line and the viewer can
report any rule set's refusals the same way (DESIGN §2, "Legality in one place")."""

from __future__ import annotations


class ScenarioError(ValueError):
    """A scenario the rules cannot set up: every problem, each as ``field path: text``."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


class IllegalOrder(ValueError):
    """An order the rules do not allow in the aircraft's present state.

    ``rule`` names the rule (with the rulebook's section), ``problem`` says what is wrong and
    what would be legal; ``aircraft``, ``turn`` and ``step`` (the rules' sub-step or segment,
    0-based) say where.  A rule set subclasses it to word the location its own way.
    """

    def __init__(
        self,
        rule: str,
        problem: str,
        *,
        aircraft: str = "",
        turn: int | None = None,
        segment: int | None = None,
        turn_word: str = "turn",
    ) -> None:
        self.rule = rule
        self.problem = problem
        self.aircraft = aircraft
        self.turn = turn
        self.segment = segment
        self.turn_word = turn_word
        """What the rules call a turn (``round`` in Over the Lines)."""
        super().__init__(self.text())

    def in_rules_words(
        self, turn_word: str, turn: int | None = None, *, segment: bool = True
    ) -> IllegalOrder:
        """The same refusal worded with the rules' own word for a turn (and the turn it
        happened in, when the raiser did not know it); ``segment=False`` leaves the segment
        out of the location when the problem already names its step."""
        return IllegalOrder(
            self.rule,
            self.problem,
            aircraft=self.aircraft,
            turn=self.turn if self.turn is not None else turn,
            segment=self.segment if segment else None,
            turn_word=turn_word,
        )

    def text(self) -> str:
        """One line: where, what, and the rule."""
        where = ", ".join(
            part
            for part in (
                self.aircraft,
                f"{self.turn_word} {self.turn}" if self.turn is not None else "",
                f"segment {self.segment + 1}" if self.segment is not None else "",
            )
            if part
        )
        said = f"{self.problem} ({self.rule})"
        return f"{where}: {said}" if where else said
