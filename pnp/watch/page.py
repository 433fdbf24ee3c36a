"""The preview page's HTML: it asks /state.json for a new version and redraws the cards with their notes, and any
error above them; at #sheets it shows the cards imposed on sheets instead."""

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>pnp watch</title>
<style>
body { font-family: sans-serif; margin: 1em; background: #eee; color: #222; }
h1 { font-size: 1.2em; } h2 { font-size: 1em; margin: 1.2em 0 0.4em; }
#status { color: #666; font-size: 0.9em; }
#error { display: none; background: #fdd; border: 2px solid #c0392b; padding: 0.8em; font-family: monospace;
         white-space: pre-wrap; }
.cards { display: flex; flex-wrap: wrap; gap: 8px; }
figure { margin: 0; text-align: center; font-size: 0.75em; color: #555; }
figure img { display: block; box-shadow: 0 1px 3px #999; }
figure.changed img { outline: 3px solid #e67e22; }
figure.differs figcaption { color: #1f5f99; font-weight: bold; }
figure.differs img { box-shadow: 0 0 0 3px #2980b9; }
#cards.stale figure { opacity: 0.4; }
#cards.stale figure.fault { opacity: 1; }
figure.fault img { outline: 4px solid #c0392b; }
figure.noted img { box-shadow: 0 0 0 3px #f1c40f; }
ul.notes { margin: 4px 0 0; padding: 3px 5px; max-width: 260px; list-style: none; text-align: left; color: #6b5300;
           background: #fff6d5; border-left: 3px solid #f1c40f; font-size: 0.95em; }
ul.notes li + li { margin-top: 3px; }
#notes:empty { display: none; }
nav { margin: 0.4em 0; } nav a { margin-right: 0.8em; } nav a.on { font-weight: bold; color: #222; }
figure.sheet img { box-shadow: 0 1px 4px #777; background: #fff; }
</style>
</head>
<body data-version="0">
<h1 id="title">pnp watch</h1>
<nav><a href="#cards" id="to-cards">Cards</a><a href="#sheets" id="to-sheets">Sheets</a></nav>
<div id="status">waiting for the first build</div>
<div id="error"></div>
<ul id="notes" class="notes"></ul>
<div id="cards"></div>
<script>
let shown = -1, since = null;
const sheetView = () => location.hash === "#sheets";
window.addEventListener("hashchange", () => { shown = -1; });  // the other view is drawn at the next answer
function list(lines, into) {
  into.replaceChildren(...lines.map(line => { const item = document.createElement("li"); item.textContent = line;
                                              return item; }));
  return into;
}
function figure(component, card) {
  const fig = document.createElement("figure");
  fig.className = card.fault ? "fault" : card.changed ? "changed" : "";
  if (card.differs) fig.classList.add("differs");
  if (card.notes.length) fig.classList.add("noted");
  const img = document.createElement("img");
  img.src = "img/" + card.image;
  img.alt = component + " row " + card.row + " " + card.side;
  const caption = document.createElement("figcaption");
  caption.textContent = "row " + card.row + " " + card.side + (card.count > 1 ? " x" + card.count : "") +
    (card.differs ? " (differs from " + since + ")" : "");
  fig.append(img, caption);
  if (card.notes.length) {  // what pnp proof finds on the card, beside it
    const notes = list(card.notes, document.createElement("ul"));
    notes.className = "notes";
    fig.append(notes);
  }
  return fig;
}
function sheet(image, alt, label) {
  const fig = document.createElement("figure"), img = document.createElement("img"),
        caption = document.createElement("figcaption");
  fig.className = "sheet";
  img.src = "img/" + image;
  img.alt = alt;
  caption.textContent = label;
  fig.append(img, caption);
  return fig;
}
function sheets(state) {
  const drawn = state.sheets, row = document.createElement("div");
  row.className = "cards";
  if (drawn === null || drawn.error) { row.textContent = drawn ? drawn.error : "drawing the sheets..."; return [row]; }
  row.append(...drawn.pages.map((page, n) => sheet(page, "sheet page " + (n + 1),
                                                   "page " + (n + 1) + " (" + drawn.paper + ")")));
  if (!drawn.rules.length && !drawn.rules_error) return [row];
  const heading = document.createElement("h2"), book = document.createElement("div");
  heading.textContent = "rulebook";
  book.className = "cards";
  book.textContent = drawn.rules_error || "";
  book.append(...drawn.rules.map((page, n) => sheet(page, "rulebook page " + (n + 1),
                                                    "rulebook page " + (n + 1) + " (A5)")));
  if (!drawn.rules_notes.length) return [row, heading, book];
  const notes = list(drawn.rules_notes, document.createElement("ul"));  // what pnp proof finds, above the pages
  notes.className = "notes";
  return [row, heading, notes, book];
}
function draw(state) {
  document.getElementById("to-cards").className = sheetView() ? "" : "on";
  document.getElementById("to-sheets").className = sheetView() ? "on" : "";
  const noted = state.components.reduce((n, c) => n + c.cards.filter(card => card.notes.length).length, 0);
  document.body.dataset.version = state.version;
  since = state.since;
  document.getElementById("title").textContent = "pnp watch: " + state.game;
  document.getElementById("status").textContent = "version " + state.version +
    (state.changed.length ? ", rebuilt: " + state.changed.join(", ") : "") +
    (since === null ? "" : ", outlined in blue: " + state.components.reduce((n, c) =>
      n + c.cards.filter(card => card.differs).length, 0) + " differ from " + since) +
    (noted ? ", " + noted + " with notes" : "") + (sheetView() && state.sheets ? ", sheets on " +
      state.sheets.paper + (state.sheets.current ? "" : " (drawing the new cards...)") : "");
  list(state.notes, document.getElementById("notes"));
  const error = document.getElementById("error"), cards = document.getElementById("cards");
  error.textContent = state.error || "";
  error.style.display = state.error ? "block" : "none";
  cards.className = state.error ? "stale" : "";  // the last good cards stay, dimmed, under the error
  if (sheetView()) { cards.replaceChildren(...sheets(state)); return; }
  cards.replaceChildren(...state.components.map(c => {
    const section = document.createElement("section");
    const heading = document.createElement("h2");
    heading.textContent = c.name;
    const row = document.createElement("div");
    row.className = "cards";
    row.append(...c.cards.map(card => figure(c.name, card)));
    section.append(heading, row);
    return section;
  }));
}
async function poll() {
  try {
    const asked = sheetView() ? "&sheets=1" : "";
    const state = await (await fetch("state.json?after=" + shown + asked, {cache: "no-store"})).json();
    if (state.version !== shown) { shown = state.version; draw(state); }
    setTimeout(poll, 25);  // an unchanged state is a few bytes: asking often shows a save at once
  } catch (e) {
    document.getElementById("status").textContent = "pnp watch has stopped";
    setTimeout(poll, 500);
  }
}
poll();
</script>
</body>
</html>
"""
