"""The deal-and-draw part of `pnp check`: run the `check:` section of game.yaml, and its text for the report."""

from __future__ import annotations

from pnp.check.deal.deck import build_deck, component_names, empty_components, question_table, setup_findings
from pnp.check.deal.figures import deal_shape, question_figures
from pnp.check.deal.shuffle import Deal, rounds_available, run_deal
from pnp.check.deal.spec import MAX_TURNS, DealSpec, parse_check
from pnp.check.report.text import interval
from pnp.errors import UsageError
from pnp.project.games import MANIFEST, Project


def deal_spec_for(project: Project, game: str) -> DealSpec | None:
    """The game's `check:` section, checked; None when game.yaml has none."""
    section = project.manifest(game).get("check")
    if section is None:
        return None
    label = project.label(project.root / "card_data" / game / MANIFEST)
    return parse_check(section, label, component_names(project, game))


def deal_counts(spec: DealSpec, players: list[int], game: str, strict: bool) -> list[int]:
    """The player counts to deal: those asked for that the section lists (strict: every one asked must be listed)."""
    if strict:
        for count in players:
            if count not in spec.players:
                raise UsageError(f"{game} deals for {', '.join(map(str, spec.players))} players, not {count}",
                                 where="pnp check --players", fix="choose a player count listed under check:")
    return [count for count in spec.players if not players or count in players]


def deal_section(project: Project, game: str, spec: DealSpec, counts: list[int], seed: int, workers: int) -> dict:
    """Shuffle, deal and answer every question for each player count: the `deal` part of the report."""
    deck, findings = build_deck(project, game, spec)
    table = question_table(deck, spec)
    findings += setup_findings(deck, spec, table)
    bounds = tuple((q.at_least, q.at_most) for q in spec.questions)
    figures = {}
    for count in counts:
        given = spec.hands[count]
        hand = given if given is not None else deck.size // count
        if count * hand > deck.size:
            continue
        deal = Deal(count, hand, spec.draw, 0, bounds)
        turns = min(spec.turns or MAX_TURNS, rounds_available(deck.size, deal))
        deal = Deal(count, hand, spec.draw, turns, bounds)
        tally = run_deal(table, deal, spec.shuffles, seed, workers)
        figures[str(count)] = deal_shape(deck.size, deal) | {
            "questions": question_figures(spec.questions, table.values, tally, deal)}
    return {"shuffles": spec.shuffles, "seed": seed, "integrity": findings, "players": figures,
            "deck": {"cards": deck.size, "parts": [{"component": name, "cards": n} for name, n in deck.parts]}}


def deal_only_report(project: Project, game: str, players: list[int], seed: int, workers: int,
                     command: str) -> dict:
    """The whole report of a game without a rules simulation: integrity, then the deal-and-draw check if declared."""
    project.load_game(game)  # every component must load, as for a build
    report = {"game": game, "seed": seed, "command": command, "simulation": False,
              "integrity": empty_components(project, game)}
    spec = deal_spec_for(project, game)
    if spec is not None:
        report["deal"] = deal_section(project, game, spec, deal_counts(spec, players, game, True), seed, workers)
    return report


def render_deal_only(report: dict) -> str:
    """The text of a report without a simulation."""
    out = [f"pnp check {report['game']}: no rules simulation; deck integrity and the deal-and-draw check, "
           f"seed {report['seed']}", ""]
    out.append("Deck integrity: " + ("OK" if not report["integrity"] else f"{len(report['integrity'])} finding(s)"))
    out += [f"  {finding}" for finding in report["integrity"]]
    out += [""] + (render_deal(report["deal"]) if "deal" in report else
                   ["No deal-and-draw check: add a check: section to game.yaml (see the README)."])
    out += ["", f"Reproduce: {report['command']}"]
    return "\n".join(out) + "\n"


def render_deal(deal: dict) -> list[str]:
    """The deal-and-draw lines of the text report."""
    parts = ", ".join(f"{p['component']} {p['cards']}" for p in deal["deck"]["parts"])
    out = [f"Deal-and-draw check: a deck of {deal['deck']['cards']} cards ({parts}), "
           f"{deal['shuffles']} shuffles per player count, seed {deal['seed']}"]
    out += [f"  {finding}" for finding in deal["integrity"]]
    for count, fig in deal["players"].items():
        even = "deals evenly" if fig["deals_evenly"] else f"does not deal evenly ({fig['left_if_all_dealt']} left over)"
        turns = f"{fig['turns']} turn" + ("" if fig["turns"] == 1 else "s")
        out += ["", f"-- {count} players: hand {fig['hand']} each, {fig['dealt']} dealt, draw pile "
                    f"{fig['draw_pile']}, {fig['draw']} drawn per turn ({turns} counted); "
                    f"the whole deck {even}"]
        for question in fig["questions"]:
            out += _question_lines(question)
    return out


def _cards(n: int) -> str:
    """A number of cards in words."""
    return f"{n} card" + ("" if n == 1 else "s")


def _pct(figure: dict) -> str:
    """A share with its interval and exact value."""
    return interval(figure) + (f" exact {figure['exact']:.1%}" if "exact" in figure else "")


def _mean(figure: dict) -> str:
    """A mean with its interval and exact value."""
    if figure["mean"] is None:
        return "none"
    text = f"{figure['mean']:.2f} [{figure['low']:.2f}-{figure['high']:.2f}]"
    return text + (f" exact {figure['exact']:.2f}" if figure.get("exact") is not None else "")


def _question_lines(q: dict) -> list[str]:
    """The lines of one question."""
    if q["kind"] == "hand_has":
        return [f"  {q['name']} ({q['condition']} of {_cards(q['matching'])} matching, in a hand):",
                f"    a player {_pct(q['player'])}; any player {_pct(q['any_player'])}; "
                f"every player {_pct(q['every_player'])}"]
    if q["kind"] == "longest_run":
        lines = [f"  {q['name']}: mean {_mean(q['mean'])}; "
                 + " ".join(f"{length}:{n}" for length, n in q["distribution"])]
        if "at_least" in q:
            lines.append(f"    a run of {q['at_least']['length']} or more: {_pct(q['at_least'])}")
        return lines
    lines = [f"  {q['name']} ({_cards(q['matching'])} matching; turn 0 is the starting hand):"]
    player, every = q["player"], q["every_player"]
    shown = [f"turn {t['turn']} {_pct(t)}" for t in _shown_turns(player["by_turn"])]
    lines.append("    a player by " + ", ".join(shown) + f"; not by turn {player['by_turn'][-1]['turn']} "
                 f"{_pct(player['never'])}; mean turn {_mean(player['mean_turn'])}")
    last = every["by_turn"][-1]
    lines.append(f"    every player by turn {last['turn']} {_pct(last)}; mean turn {_mean(every['mean_turn'])}")
    return lines


def _shown_turns(by_turn: list[dict]) -> list[dict]:
    """Turns 0-3, then every third turn, and the last (the JSON has every turn)."""
    last = len(by_turn) - 1
    return [turn for turn in by_turn if turn["turn"] <= 3 or turn["turn"] % 3 == 0 or turn["turn"] == last]
