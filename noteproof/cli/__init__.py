"""CLI: the command line, the only layer that prints or writes files.

Owns the parser, its option types and the entry point (main), the verbs
report, list, show and check (verbs), audit and scan (auditcmd), terminal output and
atomic writes (terminal) and the show/check views (showview). May import every layer below;
nothing in the engine imports it.
"""
