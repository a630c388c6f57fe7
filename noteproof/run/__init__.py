"""Run: computing a claim's verdict.

Owns one claim's run (claim), numbers at precision and their confirmation (numbers), a
quadrature for content at any precision (quadrature), the interval rule (interval), earning a
tag (earn), the weakest-link graph (graph), the worker pool (pool), the JSON result cache
(cache) and the report's extras, MathML and figures (extras). May import the base modules,
sources and formula; never audit, report or cli.
"""
