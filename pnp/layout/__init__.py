"""Layouts: YAML files with `extends`, checked elements, and sandboxed Jinja2 templates over each row."""
