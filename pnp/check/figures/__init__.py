"""The check report as dataclasses, one per kind of figure: built from the games, written as JSON, and its text."""
