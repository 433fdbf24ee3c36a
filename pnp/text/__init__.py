"""Text: fonts, inline markup, Japanese line breaking and fitting text into its box."""
