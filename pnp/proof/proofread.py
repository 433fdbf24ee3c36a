"""`pnp proof GAME`: collect findings, write the proof PDF and the optional text export atomically."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.errors import UsageError
from pnp.output.atomic import AtomicFiles
from pnp.output.failures import writing_into
from pnp.output.publish import Publication
from pnp.output.root import OutputRoot, named_file
from pnp.project.games import Project
from pnp.proof.collect import Proof, collect
from pnp.proof.pdf import write_proof_pdf
from pnp.proof.text_export import FORMATS, write_text
from pnp.text.fonts import FontBook


@dataclass(frozen=True)
class ProofReport:
    """What a proof run found and wrote."""

    proof: Proof
    pdf: Path
    pages: int
    text: Path | None


def run_proof(project: Project, name: str, out: Path, text: Path | None = None,
              fonts: FontBook | None = None) -> ProofReport:
    """Proof one game into OUT/<game>/<game>-proof.pdf (and TEXT); nothing is written unless all succeeds."""
    if text is not None and text.suffix.lower() not in FORMATS:
        raise UsageError(f"cannot tell the format of '{text.name}'", where="pnp proof --text",
                         fix="name the file .md (Markdown), .csv or .xlsx")
    fonts = fonts or FontBook()
    proof = collect(project, name, fonts)
    root = OutputRoot.checked(out, project.root)
    published, files = Publication(root), AtomicFiles()
    try:
        pdf = published.folder(name) / f"{name}-proof.pdf"
        with writing_into(root.label(root.path), root.path):
            pages = write_proof_pdf(published.temp_for(pdf), proof, fonts)
        if text is not None:
            target = named_file(text, project.root)
            with writing_into(text.as_posix(), target.parent, elsewhere="choose another --text file"):
                write_text(files.temp_for(target), target, proof)
                files.commit()
        published.commit()
    except BaseException:
        files.abort()
        published.abort()
        raise
    return ProofReport(proof, pdf, pages, text)
