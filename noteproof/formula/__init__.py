"""Formula: the reader of the notes' formulas, text in, SymPy objects out, never evaluated.

Owns the LaTeX and plain-text lexers (lex_latex, lex_plain) and what they read alike with the
Token (lexing), tokens and their diffs (tokens), the parser into SymPy with its Relation
(parser), the equality test (equality), how a relation prints as text, pretty form and MathML
(printing: the Relation's SymPy printer hooks), MathML in the notes' notation (typeset) and
reading a registry formula entry (formread). May import the base modules and sources.
"""
