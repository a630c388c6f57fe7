"""Report: a run's results as the Report, and one module per format.

Owns the Report and its sections (report), Markdown, JSON and HTML (markdown, json, html)
and the SVG plotter (svg). Every function returns text; nothing here writes or prints.
May import the base modules, sources, formula, run and noteproof.sources.coverage;
never audit or cli.
"""
