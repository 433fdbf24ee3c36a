"""Sheet geometry in millimetres: grid fit, crop marks, gutterfold sheets and tiles."""
