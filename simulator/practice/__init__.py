"""Practice: rule situations as scenario files, the scenario library, the foul
gallery and the referee quiz. No pygame here; the app draws what this holds."""

from simulator.practice.scenario import (
    Scenario,
    ScenarioError,
    ScenarioResult,
    check_position,
    check_result,
    dump_scenario,
    load_scenario,
    parse_scenario,
    play_scenario,
    save_scenario,
)

__all__ = [
    "Scenario",
    "ScenarioError",
    "ScenarioResult",
    "check_position",
    "check_result",
    "dump_scenario",
    "load_scenario",
    "parse_scenario",
    "play_scenario",
    "save_scenario",
]
