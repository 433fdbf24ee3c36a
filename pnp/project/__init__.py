"""A designer's project: its games, their manifests, components and language editions."""
