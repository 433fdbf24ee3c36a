"""The sweep (--vary): the swept cells and their values, the variants' runs and their figures."""
