"""Reading a project's files: CSV and workbooks into tables, YAML, and confinement to the project folder."""
