"""The rules-checker: simulate whole games from the printed card data and report whether the design plays."""
