"""The visual check report: A4 landscape pages drawn from the report dict, written as PDF or PNG."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

from reportlab import rl_config
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfgen.canvas import Canvas

from pnp.check.charts.against import against_charts, baseline_table, card_change_chart
from pnp.check.charts.cards import card_charts
from pnp.check.charts.figures import figure_charts
from pnp.check.charts.kit import INK, MUTED, WARN, Fonts, chip, fit_text, plural
from pnp.check.charts.overview import findings_pages, overview_items
from pnp.check.charts.panels import length_chart, margin_chart, score_chart, seat_chart, seat_score_chart, skill_chart
from pnp.check.charts.plots import ROW
from pnp.check.charts.sweep import sweep_pages
from pnp.check.report import CheckReport, CountFigures, DealOnlyReport, Report
from pnp.errors import PnpError, UsageError
from pnp.output.atomic import AtomicFiles
from pnp.text.fonts import FontBook

PAGE_W, PAGE_H = landscape(A4)
MARGIN = 28.0
GAP = 18.0
CONTENT_TOP = PAGE_H - 92
CONTENT_BOTTOM = 34.0
COLUMN = (PAGE_W - 2 * MARGIN - 2 * GAP) / 3
PNG_DPI = 110
OK = HexColor("#2b8a3e")
SUFFIXES = (".pdf", ".png")


@dataclass
class Page:
    """One page: heading, flag chips (text, warn) and drawings placed at their bottom-left corners."""

    title: str
    subtitle: str
    chips: list[tuple[str, bool]] = field(default_factory=list)
    items: list[tuple[Drawing, float, float]] = field(default_factory=list)


def check_report_path(path: Path, replaying: bool = False) -> None:
    """Refuse a report pnp cannot write, before any game is simulated."""
    if replaying:
        raise UsageError("a replay has no report to draw", where="pnp check --report",
                         fix="leave out --replay to simulate and draw the whole check")
    if path.suffix.lower() not in SUFFIXES:
        raise UsageError(f"cannot write a report as '{path.suffix or path.name}'", where="pnp check --report",
                         fix="name the file .pdf or .png")
    for folder in path.parents:
        if folder.exists() and not folder.is_dir():
            raise PnpError(f"'{folder}' is a file, not a folder", where=str(path), fix="choose a path in a folder")


def report_fonts() -> Fonts:
    """The bundled Japanese font, registered for the charts."""
    book = FontBook()
    return Fonts(book.get("regular", "report").pdf_name, book.get("bold", "report").pdf_name)


def plan_pages(report: Report, fonts: Fonts) -> list[Page]:
    """Every page of the report: the overview (and any overflow of findings), then per player count play and figures."""
    if isinstance(report, DealOnlyReport):
        return deal_pages(report, fonts)
    games = (plural(report.games, "game") if report.games is not None else
             f"games until seat shares are ±{report.precision:g}")
    subtitle = (f"{report.policy} play (headline) · {games} per player count · "
                f"master seed {report.seed} · {', '.join(map(str, report.players))} players")
    overview = Page(f"pnp check: {report.game}", subtitle, _overview_chips(report))
    items, rest = overview_items(report, fonts, PAGE_W - 2 * MARGIN, CONTENT_TOP - CONTENT_BOTTOM)
    overview.items = [(d, MARGIN + x, CONTENT_BOTTOM + y) for d, x, y in items]
    pages = [overview]
    for drawing in findings_pages(rest, fonts, PAGE_W - 2 * MARGIN, CONTENT_TOP - CONTENT_BOTTOM):
        pages.append(Page("Deck integrity (continued)", subtitle, [], [(drawing, MARGIN, CONTENT_BOTTOM)]))
    for count, fig in report.players.items():
        pages += _count_pages(report, count, fig, fonts)
    return pages


def _count_pages(report: CheckReport, count: int, fig: CountFigures, fonts: Fonts) -> list[Page]:
    """One player count's pages: play, what happened in play, and what changed against the other project."""
    chips = [(flag, True) for flag in fig.flags()] or [("no flags", False)]
    heading = f"{report.game}: {count} players"
    detail = f"{report.policy} play (headline) · {plural(fig.play.games, 'game')} · master seed {report.seed}"
    pages = [Page(heading, detail, chips, _play_items(report, fig, count, fonts))]
    for part, items in enumerate(_figure_pages(fig, fonts)):
        suffix = f" ({part + 1})" if part else ""
        pages.append(Page(f"{heading}, what happened in play{suffix}", detail, chips, items))
    pages += _card_pages(fig, heading, detail, chips, fonts)
    box = (MARGIN, CONTENT_BOTTOM, PAGE_W - 2 * MARGIN, CONTENT_TOP - CONTENT_BOTTOM)
    pages += [Page(f"{heading}, {title}", detail, chips, placed) for title, placed in sweep_pages(fig, box, GAP, fonts)]
    if fig.against is not None and report.against is not None:
        width = PAGE_W - 2 * MARGIN
        charts = against_charts(fig.against, report.against.project, width, _max_rows() - 2, fonts)
        cards = card_change_chart(fig.card_changes or [], report.against.project, width, _max_rows() - 2, fonts)
        charts += [cards] if cards is not None else []
        for part, chart in enumerate(charts):
            suffix = f" ({part + 1})" if part else ""
            pages.append(Page(f"{heading}, what changed against the other project{suffix}", detail, chips,
                              [(chart, MARGIN, CONTENT_TOP - chart.height)]))
    return pages


def _card_pages(fig: CountFigures, heading: str, detail: str, chips: list[tuple[str, bool]],
                fonts: Fonts) -> list[Page]:
    """Per-card impact, every card, two charts side by side on a page (when the game declares card events)."""
    if fig.cards is None:
        return []
    width = (PAGE_W - 2 * MARGIN - GAP) / 2
    charts = card_charts(fig.cards, width, int((CONTENT_TOP - CONTENT_BOTTOM - 60) // 12), fonts)
    pages = []
    for start in range(0, len(charts), 2):
        suffix = f" ({start // 2 + 1})" if len(charts) > 2 else ""
        items = [(chart, MARGIN + column * (width + GAP), CONTENT_TOP - chart.height)
                 for column, chart in enumerate(charts[start:start + 2])]
        pages.append(Page(f"{heading}, per-card impact{suffix}", detail, chips, items))
    return pages


def deal_pages(report: DealOnlyReport, fonts: Fonts) -> list[Page]:
    """The pages of a game without a simulation: its integrity findings and the deal-and-draw check."""
    from pnp.check.charts.deal import columns, deal_drawings, text_drawing
    findings = report.integrity
    chips = [(f"{len(findings)} integrity finding(s)", True)] if findings else [("deck integrity OK", False)]
    drawings = deal_drawings(report.deal, report.seed, COLUMN, fonts)
    if findings:
        drawings.insert(0, text_drawing("Deck integrity", [(f, True) for f in findings], COLUMN, fonts))
    subtitle = f"master seed {report.seed} · deal-and-draw check declared in game.yaml"
    return [Page(f"{report.game}: deal-and-draw", subtitle, chips, items)
            for items in columns(drawings, MARGIN, COLUMN, GAP, CONTENT_TOP, CONTENT_BOTTOM)]


def _overview_chips(report: CheckReport) -> list[tuple[str, bool]]:
    """Integrity and every flag, with the player counts it applies to."""
    findings = len(report.integrity)
    chips = [(f"{findings} integrity finding(s)", True) if findings else ("deck integrity OK", False)]
    seen: dict[str, list[str]] = {}
    for count, fig in report.players.items():
        for flag in fig.flags():
            seen.setdefault(flag, []).append(str(count))
    chips += [(f"{flag} ({', '.join(counts)} players)", True) for flag, counts in seen.items()]
    if report.against is not None:
        cards = sum(": card " in name for name in report.against.changed)
        figures = len(report.against.changed) - cards
        chips.append((f"{figures} figure(s) and {cards} card impact(s) changed against the other project",
                      bool(figures or cards)))
    return chips


def _play_items(report: CheckReport, fig: CountFigures, count: int, fonts: Fonts
                ) -> list[tuple[Drawing, float, float]]:
    """Six charts in two rows: length, seats, skill; scores, scores by seat, margin."""
    height = (CONTENT_TOP - CONTENT_BOTTOM - GAP) / 2
    top = [length_chart(fig.play, COLUMN, height, fonts), seat_chart(fig, count, COLUMN, height, fonts),
           skill_chart(report, fig, count, COLUMN, height, fonts)]
    bottom = [score_chart(fig.play, COLUMN, height, fonts), seat_score_chart(fig.play, COLUMN, height, fonts),
              margin_chart(fig.play, COLUMN, height, fonts)]
    placed = []
    for row, drawings in ((1, top), (0, bottom)):
        for col, drawing in enumerate(drawings):
            placed.append((drawing, MARGIN + col * (COLUMN + GAP), CONTENT_BOTTOM + row * (height + GAP)))
    return placed


def _figure_pages(fig: CountFigures, fonts: Fonts) -> list[list[tuple[Drawing, float, float]]]:
    """The game's own figures in three columns, in order, balanced in height, as many pages as they need."""
    charts = figure_charts(fig, COLUMN, _max_rows(), fonts)
    if fig.baseline is not None:
        charts.append(baseline_table(fig.baseline.play, COLUMN, fonts, fig.baseline.precision))
    return _pack(charts)


def _max_rows() -> int:
    """Rows of a table or bar chart that fit one column."""
    return int((CONTENT_TOP - CONTENT_BOTTOM - 80) // ROW)


def _pack(charts: list[Drawing]) -> list[list[tuple[Drawing, float, float]]]:
    """Charts in three columns, in order, balanced in height, as many pages as they need."""
    room = CONTENT_TOP - CONTENT_BOTTOM
    pages = []
    while charts:
        target = min(room, max(sum(d.height + GAP for d in charts) / 3, max(d.height for d in charts)))
        placed: list[tuple[Drawing, float, float]] = []
        for column in range(3):
            limit, y = (target if column < 2 else room), CONTENT_TOP
            while charts and (y == CONTENT_TOP or CONTENT_TOP - y + charts[0].height <= limit):
                y -= charts[0].height
                placed.append((charts.pop(0), MARGIN + column * (COLUMN + GAP), y))
                y -= GAP
        pages.append(placed)
    return pages


def render_pdf(report: Report) -> tuple[bytes, int]:
    """The report as PDF bytes (the same bytes for the same report) and its page count."""
    fonts = report_fonts()
    pages = plan_pages(report, fonts)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(PAGE_W, PAGE_H), invariant=1, pageCompression=1,
                    initialFontName=fonts.regular)
    canvas.setTitle(f"pnp check {report.game}")
    canvas.setCreator("pnp")
    for number, page in enumerate(pages, 1):
        _draw_page(canvas, page, fonts, f"Reproduce: {report.command}", f"page {number} of {len(pages)}")
        canvas.showPage()
    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        canvas.save()
    finally:
        rl_config.useA85 = saved
    return buffer.getvalue(), len(pages)


def _draw_page(canvas: Canvas, page: Page, fonts: Fonts, reproduce: str, folio: str) -> None:
    """Heading, chips, drawings and the footer with the command that reproduces the figures."""
    top = PAGE_H - MARGIN
    canvas.setFillColor(INK)
    canvas.setFont(fonts.bold, 17)
    canvas.drawString(MARGIN, top - 15, fit_text(page.title, fonts.bold, 17, PAGE_W - 2 * MARGIN))
    canvas.setFont(fonts.regular, 9)
    canvas.setFillColor(MUTED)
    canvas.drawString(MARGIN, top - 31, fit_text(page.subtitle, fonts.regular, 9, PAGE_W - 2 * MARGIN))
    x = MARGIN
    for text, warn in page.chips:
        badge = chip(text, fonts, WARN if warn else OK)
        if x + badge.width > PAGE_W - MARGIN:
            break
        _render(canvas, badge, x, top - 54, fonts)
        x += badge.width + 6
    for drawing, left, bottom in page.items:
        _render(canvas, drawing, left, bottom, fonts)
    canvas.setStrokeColor(MUTED)
    canvas.setLineWidth(0.4)
    canvas.line(MARGIN, 24, PAGE_W - MARGIN, 24)
    canvas.setFont(fonts.regular, 8.5)
    canvas.setFillColor(INK)
    canvas.drawString(MARGIN, 12, fit_text(reproduce, fonts.regular, 8.5, PAGE_W - 2 * MARGIN - 80))
    canvas.setFillColor(MUTED)
    canvas.drawRightString(PAGE_W - MARGIN, 12, folio)


def _render(canvas: Canvas, drawing: Drawing, x: float, y: float, fonts: Fonts) -> None:
    """Draw a drawing with the report font as its starting font (reportlab would start with Helvetica)."""
    drawing.initialFontName = fonts.regular
    renderPDF.draw(drawing, canvas, x, y)


def png_pages(pdf: bytes, dpi: int = PNG_DPI) -> list[bytes]:
    """Each page of the PDF rasterised to PNG bytes."""
    import pypdfium2
    document = pypdfium2.PdfDocument(pdf)
    try:
        images = []
        for index in range(len(document)):
            page = document[index]
            out = io.BytesIO()
            page.render(scale=dpi / 72).to_pil().convert("RGB").save(out, format="PNG")
            page.close()
            images.append(out.getvalue())
        return images
    finally:
        document.close()


def png_names(path: Path, pages: int) -> list[Path]:
    """FILE.png for the first page, FILE-2.png, FILE-3.png ... for the rest."""
    return [path] + [path.with_name(f"{path.stem}-{n}{path.suffix}") for n in range(2, pages + 1)]


def write_report(path: Path, report: Report) -> list[Path]:
    """Write the report as one PDF or one PNG per page, all or nothing; return the files written."""
    check_report_path(path)
    pdf, pages = render_pdf(report)
    if path.suffix.lower() == ".pdf":
        contents = {path: pdf}
    else:
        contents = dict(zip(png_names(path, pages), png_pages(pdf)))
    for final in contents:
        if final.is_dir():
            raise PnpError("a folder has the name of a report file", where=str(final), fix="choose another name")
    files = AtomicFiles()
    try:
        for final, data in contents.items():
            files.temp_for(final).write_bytes(data)
        written = files.commit()
    except BaseException as exc:
        files.abort()
        if not isinstance(exc, OSError):
            raise
        raise PnpError(f"cannot write the report: {exc.strerror or exc}", where=str(path),
                       fix="choose a writable path") from None
    if path.suffix.lower() == ".png":
        _remove_stale_pages(path, pages)
    return written


def _remove_stale_pages(path: Path, pages: int) -> None:
    """Delete FILE-N.png pages an earlier, longer report left behind, so the files are this report's pages."""
    number = pages + 1
    while (stale := path.with_name(f"{path.stem}-{number}{path.suffix}")).is_file():
        stale.unlink()
        number += 1
