"""The check report drawn as charts on A4 landscape pages (PDF or PNG)."""
