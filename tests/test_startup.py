"""Start-up: `pnp --help` and `pnp list` import only what they need (checked in a fresh interpreter)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Runs the command line as `pnp ARGS...` would, then writes the names of every imported module to a file.
CHILD = """
import json, sys
from pnp.cli.main import main
modules_file, args = sys.argv[1], sys.argv[2:]
try:
    main(args, prog_name="pnp")
except SystemExit as exit:
    code = exit.code
with open(modules_file, "w") as out:
    json.dump({"code": code, "modules": sorted(sys.modules)}, out)
"""

DRAWING_STACK = ("reportlab", "svglib", "PIL.ImageCms", "pypdfium2", "lxml", "pnp.face", "pnp.pdf", "pnp.build.builder")
CHECK_STACK = ("pnp.check",)
CHECK_OPTIONS = {"pnp.check", "pnp.check.options"}  # what a check can be asked for: its help reads the defaults


def imported(tmp_path: Path, *args: str) -> list[str]:
    """The modules a fresh `pnp ARGS` has imported by the time it exits (successfully)."""
    record = tmp_path / "modules.json"
    done = subprocess.run([sys.executable, "-c", CHILD, str(record), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(record.read_text())
    assert result["code"] == 0, done.stdout + done.stderr
    return result["modules"]


def loaded(modules: list[str], packages: tuple[str, ...]) -> list[str]:
    """The modules that belong to any of the packages (the check's options aside: the command line reads them)."""
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in packages) and m not in CHECK_OPTIONS]


def test_the_check_options_load_nothing_of_the_check_but_themselves():
    done = subprocess.run([sys.executable, "-c", "import sys, pnp.check.options; "
                           "print(' '.join(sorted(m for m in sys.modules if m.startswith('pnp'))))"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120, check=True)
    assert done.stdout.split() == ["pnp", "pnp.check", "pnp.check.options", "pnp.errors"]


def test_help_loads_neither_the_drawing_nor_the_check_stack_nor_the_project_readers(tmp_path):
    modules = imported(tmp_path, "--help")
    assert "click" in modules  # the command line itself was loaded
    assert loaded(modules, DRAWING_STACK + CHECK_STACK + ("jinja2", "yaml", "pnp.project", "pnp.layout")) == []


def test_list_reads_the_project_without_the_drawing_or_check_stack(tmp_path):
    modules = imported(tmp_path, "list", "--project", str(ROOT))
    assert "pnp.project.games" in modules and "pnp.layout.files" in modules  # the games were read
    assert loaded(modules, DRAWING_STACK + CHECK_STACK + ("pnp.text", "budoux")) == []


@pytest.mark.parametrize("command", ["build", "check", "export", "proof", "watch", "new", "calibrate"])
def test_each_command_shows_its_help_without_the_drawing_stack(tmp_path, command):
    assert loaded(imported(tmp_path, command, "--help"), DRAWING_STACK + CHECK_STACK) == []


PRELOADED_PLUGINS = {"PIL.BmpImagePlugin", "PIL.GifImagePlugin", "PIL.JpegImagePlugin", "PIL.PpmImagePlugin",
                     "PIL.PngImagePlugin"}  # what Image.preinit() loads; Image.init() would load some 40 more


def test_build_with_a_fixed_gutter_loads_neither_pdfium_nor_every_pillow_plugin(tmp_path):
    modules = imported(tmp_path, "build", "standard_deck", "--gutter", "0", "--project", str(ROOT),
                       "--out", str(tmp_path / "out"))
    assert "pnp.build.builder" in modules and "pnp.pdf.edges" in modules  # the sheets were drawn
    assert loaded(modules, ("pypdfium2", "pypdfium2_raw")) == []  # the edges are sampled only to choose a gutter
    assert {m for m in modules if m.startswith("PIL.") and m.endswith("ImagePlugin")} <= PRELOADED_PLUGINS


def test_a_rebuild_finds_its_phrases_kept_and_loads_no_budoux(tmp_path):
    build = ("build", "promotion", "--project", str(ROOT), "--out", str(tmp_path / "out"))
    assert "budoux" in imported(tmp_path, *build)  # the first build found the phrases of its Japanese text itself
    modules = imported(tmp_path, *build)
    assert "pnp.text.phrases" in modules  # the cards' text was set again
    assert loaded(modules, ("budoux",)) == []


def test_an_rgb_build_whose_art_is_all_svg_loads_neither_pillows_readers_nor_its_colour_management(tmp_path):
    modules = imported(tmp_path, "build", "eitsuku", "--project", str(ROOT), "--out", str(tmp_path / "out"))
    assert "pnp.face.images" in modules and "pnp.face.svgkept" in modules  # the art was drawn
    assert "pnp.pdf.printshop" in modules and "pnp.pdf.rgbpaint" in modules  # and the print-shop files written
    assert [m for m in modules if m.startswith("PIL.") and m.endswith("ImagePlugin")] == []
    assert loaded(modules, ("PIL.ImageCms", "pnp.pdf.cmyk")) == []


def test_the_first_picture_pnp_decodes_leaves_pillow_only_png_and_jpeg_to_try(tmp_path):
    from PIL import Image
    picture = tmp_path / "x.png"
    Image.new("RGB", (2, 2)).save(picture)
    script = ("import sys; from pathlib import Path; from PIL import Image; from pnp.face.images import open_picture; "
              "before = list(Image.ID); open_picture(Path(sys.argv[1])).close(); print(before, sorted(Image.ID))")
    done = subprocess.run([sys.executable, "-c", script, str(picture)], capture_output=True, text=True, cwd=ROOT,
                          timeout=120, check=True)
    assert done.stdout.split() == ["[]", "['JPEG',", "'PNG']"]  # no reader loaded before it, and two after


def test_check_without_report_loads_no_charts(tmp_path):
    modules = imported(tmp_path, "check", "standard_deck", "--workers", "1", "--project", str(ROOT))
    assert "pnp.check.checker" in modules  # the check ran
    assert loaded(modules, ("pnp.check.charts",)) == []


def test_list_loads_no_jinja2_and_leaves_the_templates_to_the_build(tmp_path):
    from pnp.project.games import Project
    from pnp.scaffold.writer import scaffold
    project = tmp_path / "project"
    scaffold(Project(project), "demo")
    modules = imported(tmp_path, "list", "--project", str(project))
    assert "pnp.layout.files" in modules  # the layouts were read
    assert loaded(modules, ("jinja2", "markupsafe", "pnp.layout.sandbox")) == []
    layout = project / "layouts/demo/cards.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace("{{ name }}", "{{ name ", 1), encoding="utf-8")
    listed = subprocess.run([sys.executable, "-m", "pnp", "list", "--project", str(project)], capture_output=True,
                            text=True, cwd=ROOT, timeout=120)
    assert listed.returncode == 0 and "10 pieces" in listed.stdout
    built = subprocess.run([sys.executable, "-m", "pnp", "build", "--project", str(project)], capture_output=True,
                           text=True, cwd=ROOT, timeout=120)
    assert built.returncode == 1 and "invalid template" in built.stderr
