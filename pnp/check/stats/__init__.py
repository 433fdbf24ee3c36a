"""Statistics for the check report: intervals, tests, closed forms."""
