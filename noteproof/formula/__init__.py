"""Formula: the reader of the notes' formulas, text in, SymPy objects out, never evaluated.

Owns the LaTeX and plain-text lexers (lex_latex, lex_plain), tokens and their diffs
(tokens), the parser into SymPy with its Relation (parser), the equality test (equality)
and reading a registry formula entry (formread). May import the base modules and sources.
"""
