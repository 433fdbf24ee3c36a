"""pnp: print-and-play asset generator (CSV + layouts to print-ready PDFs)."""

from pnp.errors import PnpError

__all__ = ["PnpError", "__version__"]
__version__ = "0.1.0"
