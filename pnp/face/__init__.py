"""Drawing one piece at the origin: a layout resolved over a row, its art and images, painted."""
