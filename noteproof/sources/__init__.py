"""Sources: what the project is made of, read and located, never computed.

Owns safe YAML (safeyaml), the registry claims.yaml (registry), status tags (tags), the
project root and its notes (project), the content loader for derivations/ and numerics/
(content), the notes' rows, quotes and numbers with their places (notes, locate), and the
one atomic file writer (files) that the cache and the report use.
May import only the base modules: noteproof.model, noteproof.errors, noteproof.defaults.
"""
