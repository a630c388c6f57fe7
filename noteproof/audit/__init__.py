"""Audit: what an edit of the notes broke, and the fix.

Owns the baseline and the audit run (audit), following what moved (follow), judging a claim
again from the cache (from_cache), findings (findings), their text as printed (lines), and
the formula-edit and unregistered-math rules (formula_edits, unregistered). May import the base modules,
sources, formula, run and noteproof.sources.coverage; never report or cli.
"""
