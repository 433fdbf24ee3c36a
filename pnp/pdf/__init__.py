"""Writing PDFs: home-print and print-shop documents, CMYK and PDF/X, tiled pieces."""
